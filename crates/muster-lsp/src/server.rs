//! The main loop: one thread reads messages in order, answers requests from the
//! workspace and publishes diagnostics after every change (as rust-analyzer's
//! `lsp-server` loop does, without its task pool: a check takes milliseconds).

use crate::convert::{diagnostic, has_parent_dir, path_of, refused, uri_of};
use crate::line_index::LineIndex;
use crate::state::{Disk, Publish, Workspace};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::PathBuf;

/// Any failure of the connection itself.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// What the server offers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ".".into()]),
            ..Default::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: crate::tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..Default::default()
            },
        )),
        ..Default::default()
    }
}

/// Runs the server on a connection until the client shuts it down or the
/// connection closes.
///
/// Messages are taken in batches of whatever is waiting: the texts of a burst of
/// changes are only stored, and the burst is parsed and checked once, when a
/// request needs the result or nothing more is waiting (latest text wins). A
/// check is skipped while newer messages wait, so a stale one is never finished
/// first. A handler that panics answers its request with an error; the server
/// goes on.
pub fn serve(conn: &Connection, disk: Box<dyn Disk>) -> Result<(), Error> {
    let Some((id, params)) = initialize_start(conn)? else {
        return Ok(());
    };
    let caps = serde_json::to_value(capabilities())?;
    conn.sender.send(Message::Response(Response::new_ok(
        id,
        serde_json::json!({
            "capabilities": caps,
            "serverInfo": { "name": "muster", "version": env!("CARGO_PKG_VERSION") },
        }),
    )))?;
    let mut ws = Workspace::new(disk, workspace_folders(&params));
    let mut shut_down = false;
    while let Ok(first) = conn.receiver.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match conn.receiver.try_recv() {
                Ok(m) => batch.push(m),
                Err(_) => break,
            }
        }
        for msg in batch {
            match msg {
                Message::Request(req) if shut_down => {
                    conn.sender.send(Message::Response(Response::new_err(
                        req.id,
                        ErrorCode::InvalidRequest as i32,
                        "the server is shutting down".into(),
                    )))?;
                }
                Message::Request(req) if req.method == "shutdown" => {
                    shut_down = true;
                    conn.sender
                        .send(Message::Response(Response::new_ok(req.id, ())))?;
                }
                Message::Request(req) => {
                    let id = req.id.clone();
                    let answered = guarded(|| {
                        let items = ws.flush(&|| false);
                        (publish(&ws, items), request(&ws, req))
                    });
                    let response = match answered {
                        Some((published, response)) => {
                            for n in published {
                                conn.sender.send(Message::Notification(n))?;
                            }
                            response
                        }
                        None => Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            "muster could not answer this request (an internal error)".into(),
                        ),
                    };
                    conn.sender.send(Message::Response(response))?;
                }
                Message::Notification(n) if n.method == "exit" => return Ok(()),
                Message::Notification(n) => {
                    guarded(|| note(&mut ws, n));
                }
                Message::Response(_) => {}
            }
        }
        let waiting = || !conn.receiver.is_empty();
        let flushed = guarded(|| {
            let items = ws.flush(&waiting);
            publish(&ws, items)
        });
        if let Some(published) = flushed {
            for n in published {
                conn.sender.send(Message::Notification(n))?;
            }
        }
    }
    Ok(())
}

/// The most messages taken at once before the workspace catches up.
const MAX_BATCH: usize = 10_000;

/// Runs `f`, turning a panic into `None` so one bad input cannot end the server.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

/// Waits for `initialize`, answering other requests with an error; `None` when
/// the client exits or the connection closes first.
fn initialize_start(conn: &Connection) -> Result<Option<(RequestId, serde_json::Value)>, Error> {
    while let Ok(msg) = conn.receiver.recv() {
        match msg {
            Message::Request(req) if req.method == "initialize" => {
                return Ok(Some((req.id, req.params)))
            }
            Message::Request(req) => conn.sender.send(Message::Response(Response::new_err(
                req.id,
                ErrorCode::ServerNotInitialized as i32,
                format!("`{}` before `initialize`", req.method),
            )))?,
            Message::Notification(n) if n.method == "exit" => return Ok(None),
            _ => {}
        }
    }
    Ok(None)
}

/// The workspace folders an editor names in `initialize` (the folders, else the
/// root): only files inside them are read from the disk.
fn workspace_folders(params: &serde_json::Value) -> Vec<PathBuf> {
    let uri = |v: &serde_json::Value| {
        v.as_str()
            .and_then(|s| s.parse::<Uri>().ok())
            .and_then(|u| path_of(&u))
    };
    match params.get("workspaceFolders").and_then(|f| f.as_array()) {
        Some(folders) => folders.iter().filter_map(|f| uri(&f["uri"])).collect(),
        None => params
            .get("rootUri")
            .and_then(uri)
            .or_else(|| {
                params
                    .get("rootPath")
                    .and_then(|p| p.as_str())
                    .map(PathBuf::from)
                    .filter(|p| p.is_absolute() && !has_parent_dir(p))
            })
            .into_iter()
            .collect(),
    }
}

/// Turns what the workspace wants published into notifications.
pub fn publish(ws: &Workspace, items: Publish) -> Vec<Notification> {
    items
        .into_iter()
        .filter_map(|(path, diags, text)| {
            let index = LineIndex::new(&text);
            let uri = uri_of(&path)?;
            let params = PublishDiagnosticsParams {
                diagnostics: diags
                    .iter()
                    .map(|d| diagnostic(d, &text, &index, &uri))
                    .collect(),
                uri,
                version: ws.doc(&path).map(|d| d.version),
            };
            Some(Notification::new(
                notification::PublishDiagnostics::METHOD.to_string(),
                params,
            ))
        })
        .collect()
}

/// Applies a notification and returns the diagnostics to publish at once (the
/// in-memory form used by tests and the benchmark; `serve` batches instead).
pub fn notification(ws: &mut Workspace, n: Notification) -> Vec<Notification> {
    note(ws, n);
    let items = ws.flush(&|| false);
    publish(ws, items)
}

/// Records what a notification says; nothing is parsed or checked until the
/// workspace is flushed.
fn note(ws: &mut Workspace, n: Notification) {
    fn params<P: DeserializeOwned>(n: Notification) -> Option<P> {
        serde_json::from_value(n.params).ok()
    }
    match n.method.as_str() {
        notification::DidOpenTextDocument::METHOD => {
            let Some(p) = params::<DidOpenTextDocumentParams>(n) else {
                return;
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return;
            };
            ws.update(path, p.text_document.text, p.text_document.version);
        }
        notification::DidChangeTextDocument::METHOD => {
            let Some(p) = params::<DidChangeTextDocumentParams>(n) else {
                return;
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return;
            };
            let Some(change) = p.content_changes.into_iter().last() else {
                return;
            };
            ws.update(path, change.text, p.text_document.version);
        }
        notification::DidCloseTextDocument::METHOD => {
            let Some(p) = params::<DidCloseTextDocumentParams>(n) else {
                return;
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return;
            };
            ws.close(&path);
        }
        notification::DidChangeWorkspaceFolders::METHOD => {
            let Some(p) = params::<DidChangeWorkspaceFoldersParams>(n) else {
                return;
            };
            let paths = |f: Vec<WorkspaceFolder>| {
                f.into_iter()
                    .filter_map(|f| path_of(&f.uri))
                    .collect::<Vec<_>>()
            };
            ws.change_folders(paths(p.event.added), paths(p.event.removed));
        }
        _ => {}
    }
}

/// Answers one request.
pub fn request(ws: &Workspace, req: Request) -> Response {
    use lsp_types::request::*;
    let id = req.id.clone();
    let uri = req.params.pointer("/textDocument/uri");
    if uri
        .and_then(|u| u.as_str())
        .and_then(|u| u.parse::<Uri>().ok())
        .is_some_and(|u| refused(&u))
    {
        return Response::new_err(
            id,
            ErrorCode::InvalidParams as i32,
            "a document address with `..` in its path is refused".into(),
        );
    }
    match req.method.as_str() {
        HoverRequest::METHOD => answer(req, |p: HoverParams| {
            let at = p.text_document_position_params;
            let path = file(&at.text_document.uri)?;
            crate::hover::hover(ws, &path, at.position)
        }),
        GotoDefinition::METHOD => answer(req, |p: GotoDefinitionParams| {
            let at = p.text_document_position_params;
            let path = file(&at.text_document.uri)?;
            crate::navigate::definition(ws, &path, at.position).map(GotoDefinitionResponse::Array)
        }),
        References::METHOD => answer(req, |p: ReferenceParams| {
            let at = p.text_document_position;
            let path = file(&at.text_document.uri)?;
            Some(crate::navigate::references(
                ws,
                &path,
                at.position,
                p.context.include_declaration,
            ))
        }),
        // Editors ask as the cursor moves: the map studio follows it.
        DocumentHighlightRequest::METHOD => answer(req, |p: DocumentHighlightParams| {
            let at = p.text_document_position_params;
            let path = file(&at.text_document.uri)?;
            ws.cursor_moved(&path, at.position.line.saturating_add(1));
            let here = at.text_document.uri;
            Some(
                crate::navigate::references(ws, &path, at.position, true)
                    .into_iter()
                    .filter(|l| l.uri == here)
                    .map(|l| DocumentHighlight {
                        range: l.range,
                        kind: None,
                    })
                    .collect::<Vec<_>>(),
            )
        }),
        Rename::METHOD => answer(req, |p: RenameParams| {
            let at = p.text_document_position;
            let path = file(&at.text_document.uri)?;
            crate::navigate::rename(ws, &path, at.position, &p.new_name)
        }),
        Completion::METHOD => answer(req, |p: CompletionParams| {
            let at = p.text_document_position;
            let path = file(&at.text_document.uri)?;
            Some(CompletionResponse::Array(crate::complete::complete(
                ws,
                &path,
                at.position,
            )))
        }),
        DocumentSymbolRequest::METHOD => answer(req, |p: DocumentSymbolParams| {
            let path = file(&p.text_document.uri)?;
            let doc = ws.doc(&path)?;
            let tree = &doc.tree;
            Some(DocumentSymbolResponse::Nested(crate::outline::symbols(
                &doc.text, &doc.index, tree,
            )))
        }),
        FoldingRangeRequest::METHOD => answer(req, |p: FoldingRangeParams| {
            let path = file(&p.text_document.uri)?;
            let doc = ws.doc(&path)?;
            Some(crate::outline::folding(&doc.text, &doc.index, &doc.tree))
        }),
        CodeActionRequest::METHOD => answer(req, |p: CodeActionParams| {
            let path = file(&p.text_document.uri)?;
            let actions = crate::actions::actions(ws, &path, p.range);
            Some(
                actions
                    .into_iter()
                    .map(CodeActionOrCommand::CodeAction)
                    .collect::<Vec<_>>(),
            )
        }),
        Formatting::METHOD => answer(req, |p: DocumentFormattingParams| {
            let path = file(&p.text_document.uri)?;
            let doc = ws.doc(&path)?;
            let out = muster_fmt::format(&doc.text).ok()?;
            if out == doc.text {
                return Some(Vec::new());
            }
            let end = doc.index.position(&doc.text, doc.text.len());
            Some(vec![TextEdit::new(
                Range::new(Position::new(0, 0), end),
                out,
            )])
        }),
        SemanticTokensFullRequest::METHOD => answer(req, |p: SemanticTokensParams| {
            let path = file(&p.text_document.uri)?;
            let doc = ws.doc(&path)?;
            let data = crate::tokens::tokens(&doc.text, &doc.tree);
            Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            }))
        }),
        _ => Response::new_err(
            id,
            ErrorCode::MethodNotFound as i32,
            format!("unsupported request `{}`", req.method),
        ),
    }
}

fn file(uri: &Uri) -> Option<PathBuf> {
    path_of(uri)
}

/// Reads a request's parameters and answers with `f`'s result (`null` for none).
fn answer<P: DeserializeOwned, R: Serialize>(
    req: Request,
    f: impl FnOnce(P) -> Option<R>,
) -> Response {
    match serde_json::from_value::<P>(req.params) {
        Ok(p) => Response::new_ok(req.id, f(p)),
        Err(e) => Response::new_err(
            req.id,
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters: {e}"),
        ),
    }
}

/// The `window/showDocument` request (JSON-RPC, id `studio-SERIAL`) that opens
/// `file` at `line` (1-based) in the editor: what the map studio sends when the
/// writer clicks an item. `None` for a path that is no file address.
pub fn show_document(serial: u64, file: &std::path::Path, line: u32) -> Option<serde_json::Value> {
    let at = Position::new(line.saturating_sub(1), 0);
    let params = ShowDocumentParams {
        uri: uri_of(file)?,
        external: Some(false),
        take_focus: Some(true),
        selection: Some(Range::new(at, at)),
    };
    Some(serde_json::json!({
        "jsonrpc": "2.0",
        "id": format!("studio-{serial}"),
        "method": <request::ShowDocument as request::Request>::METHOD,
        "params": params,
    }))
}
