//! The main loop: one thread reads messages in order, answers requests from the
//! workspace and publishes diagnostics after every change (as rust-analyzer's
//! `lsp-server` loop does, without its task pool: a check takes milliseconds).

use crate::convert::{diagnostic, path_of, uri_of};
use crate::line_index::LineIndex;
use crate::state::{Disk, Publish, Workspace};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
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

/// Runs the server on a connection until the client shuts it down.
pub fn serve(conn: &Connection, disk: Box<dyn Disk>) -> Result<(), Error> {
    let caps = serde_json::to_value(capabilities())?;
    let (id, _params) = conn.initialize_start()?;
    conn.initialize_finish(
        id,
        serde_json::json!({
            "capabilities": caps,
            "serverInfo": { "name": "muster", "version": env!("CARGO_PKG_VERSION") },
        }),
    )?;
    let mut ws = Workspace::new(disk);
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req)? {
                    return Ok(());
                }
                conn.sender.send(Message::Response(request(&ws, req)))?;
            }
            Message::Notification(n) => {
                for out in notification(&mut ws, n) {
                    conn.sender.send(Message::Notification(out))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
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

/// Applies a notification; returns the diagnostics to publish.
pub fn notification(ws: &mut Workspace, n: Notification) -> Vec<Notification> {
    fn params<P: DeserializeOwned>(n: Notification) -> Option<P> {
        serde_json::from_value(n.params).ok()
    }
    let items = match n.method.as_str() {
        notification::DidOpenTextDocument::METHOD => {
            let Some(p) = params::<DidOpenTextDocumentParams>(n) else {
                return Vec::new();
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return Vec::new();
            };
            ws.set(path, p.text_document.text, p.text_document.version)
        }
        notification::DidChangeTextDocument::METHOD => {
            let Some(p) = params::<DidChangeTextDocumentParams>(n) else {
                return Vec::new();
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return Vec::new();
            };
            let Some(change) = p.content_changes.into_iter().last() else {
                return Vec::new();
            };
            ws.set(path, change.text, p.text_document.version)
        }
        notification::DidCloseTextDocument::METHOD => {
            let Some(p) = params::<DidCloseTextDocumentParams>(n) else {
                return Vec::new();
            };
            let Some(path) = path_of(&p.text_document.uri) else {
                return Vec::new();
            };
            ws.close(&path)
        }
        _ => return Vec::new(),
    };
    publish(ws, items)
}

/// Answers one request.
pub fn request(ws: &Workspace, req: Request) -> Response {
    use lsp_types::request::*;
    let id = req.id.clone();
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
            let data = crate::tokens::tokens(&doc.text, &doc.index, &doc.tree);
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

fn file(uri: &Url) -> Option<PathBuf> {
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
