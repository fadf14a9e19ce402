//! Drives the real `muster lsp` binary as an editor does, over JSON-RPC on its
//! standard input and output: initialize, open, change, hover, definition across
//! a `use`, references, rename, completion, code action, formatting, shutdown.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long the client waits for any one message before it calls the server
/// hung: generous, so only a hang fails, never a slow machine.
const PATIENCE: Duration = Duration::from_secs(120);

const LIB: &str = "template rifle-platoon platoon \"Rifle Platoon\" {
  hq pl-hq command figures 2 at (0,-30)
  element section-1 coherent rifles lmg figures 6 at (-40,0)
}
";

const SCENARIO: &str = "use \"lib/units.muster\"

scenario \"Test\" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red \"Red\" nation british
side blue \"Blue\" nation german
map {
  place hill \"Hill\" at (1000,1000)
}
forces red {
  platoon p \"1 Platoon\" from rifle-platoon at (500,500) facing 0
}
forces blue {
  platoon q \"2 Platoon\" from rifle-platoon at (1500,1500) facing 180
}
orders red {
  p attack full hill
}
orders blue {
  q defend hill
}
";

/// A JSON-RPC client over the child's pipes. A thread reads the server's
/// output, so every wait is bounded by [`PATIENCE`] and a hang fails the test.
struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for responses.
    notes: Vec<Value>,
}

impl Client {
    fn start(dir: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_muster"));
        child.arg("lsp").current_dir(dir).stderr(Stdio::inherit());
        Client::over(child)
    }

    /// Starts `command` with piped input and output.
    fn over(mut command: Command) -> Client {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || read_messages(stdout, &tx));
        Client {
            child,
            stdin,
            incoming,
            next_id: 0,
            notes: Vec::new(),
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The server's next message; fails when it closes or stays silent.
    fn read(&mut self) -> Value {
        match self.incoming.recv_timeout(PATIENCE) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                panic!(
                    "the server sent nothing for {} s; waiting after {:?}",
                    PATIENCE.as_secs(),
                    self.notes
                )
            }
            Err(RecvTimeoutError::Disconnected) => panic!("server closed"),
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let msg = self.read();
            if msg.get("id") == Some(&json!(id)) {
                assert!(msg.get("error").is_none(), "{method}: {msg}");
                return msg["result"].clone();
            }
            self.notes.push(msg);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            if let Some(i) = self.notes.iter().position(|n| {
                n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri
            }) {
                let n = self.notes.remove(i);
                return n["params"]["diagnostics"].as_array().unwrap().clone();
            }
            let msg = self.read();
            self.notes.push(msg);
        }
    }
}

/// Reads framed messages until the server's output ends.
fn read_messages(mut stdout: BufReader<ChildStdout>, tx: &mpsc::Sender<Value>) {
    loop {
        let mut len = 0;
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                len = n.parse().unwrap();
            }
        }
        let mut body = vec![0; len];
        if stdout.read_exact(&mut body).is_err() {
            return;
        }
        if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
            return;
        }
    }
}

/// Waits for a server to end, within [`PATIENCE`]; a server that does not is
/// killed and the test fails.
fn ended(mut child: Child) -> std::process::Output {
    let stderr = child.stderr.take();
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut e) = stderr {
            let _ = e.read_to_end(&mut text);
        }
        text
    });
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the server did not end within {} s", PATIENCE.as_secs());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: Vec::new(),
        stderr: err.join().unwrap_or_default(),
    }
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn codes(diags: &[Value]) -> Vec<String> {
    diags
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_editor_session() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("muster.toml"), "name = \"test\"\n").unwrap();
    std::fs::create_dir(root.join("lib")).unwrap();
    std::fs::write(root.join("lib/units.muster"), LIB).unwrap();
    std::fs::write(root.join("scenario.muster"), SCENARIO).unwrap();
    let uri = format!("file://{}/scenario.muster", root.display());
    let lib_uri = format!("file://{}/lib/units.muster", root.display());

    let mut c = Client::start(&root);
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": {}}),
    );
    assert_eq!(init["serverInfo"]["name"], "muster");
    assert_eq!(init["capabilities"]["definitionProvider"], true);
    c.notify("initialized", json!({}));

    // Open: the scenario checks clean.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "muster", "version": 1, "text": SCENARIO}}),
    );
    let clean = c.diagnostics(&uri);
    assert_eq!(codes(&clean), Vec::<String>::new(), "{clean:?}");

    // Change: a misspelt objective is reported where it is written.
    let broken = SCENARIO.replace("p attack full hill", "p attack full hil");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": broken}]}),
    );
    let diags = c.diagnostics(&uri);
    assert_eq!(codes(&diags), vec!["MC403"], "{diags:?}");
    assert_eq!(
        diags[0]["range"],
        json!({"start": {"line": 20, "character": 16}, "end": {"line": 20, "character": 19}})
    );

    // Code action: the did-you-mean is one edit.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diags[0]["range"], "context": {"diagnostics": diags}}),
    );
    let fix = &actions[0];
    assert_eq!(fix["title"], "replace with `hill`");
    let edits = fix["edit"]["changes"][&uri].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], "hill");
    // an error is never offered as a rule to allow
    assert!(!actions
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["title"] == "allow MC403 in this scenario"));

    // Back to the clean text.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": SCENARIO}]}),
    );
    assert!(c.diagnostics(&uri).is_empty());

    reading_and_editing(&mut c, &uri, &lib_uri);

    // The library's outline and the pack-aware check: opening the library and
    // breaking it re-checks the open scenario that uses it.
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": lib_uri, "languageId": "muster", "version": 1, "text": LIB}}),
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": lib_uri}}),
    );
    assert_eq!(symbols[0]["name"], "rifle-platoon");
    assert_eq!(symbols[0]["children"].as_array().unwrap().len(), 2);
    // Every notification sent before that answer has been read: start afresh.
    c.notes.clear();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": lib_uri, "version": 2}, "contentChanges": [{"text": LIB.replace("figures 6", "figures 9")}]}),
    );
    let lib_diags = c.diagnostics(&lib_uri);
    let scenario_diags = c.diagnostics(&uri);
    // One slip in a template used by two platoons is one finding, on the
    // library line to fix, naming both platoons; the scenario itself is clean.
    assert_eq!(
        codes(&scenario_diags),
        Vec::<String>::new(),
        "{scenario_diags:?}"
    );
    assert_eq!(codes(&lib_diags), vec!["MC205"], "{lib_diags:?}");
    assert!(
        lib_diags[0]["relatedInformation"]
            .to_string()
            .contains("2 units")
            || lib_diags[0].to_string().contains("2 units"),
        "{lib_diags:?}"
    );

    // Shutdown and exit.
    let done = c.request("shutdown", Value::Null);
    assert_eq!(done, Value::Null);
    c.notify("exit", Value::Null);
    let status = ended(c.child).status;
    assert!(status.success());
}

/// On the clean scenario: hover, definition, references, rename, completion,
/// formatting, folding and semantic tokens.
fn reading_and_editing(c: &mut Client, uri: &str, lib_uri: &str) {
    // Hover: a keyword, the template, an element's computed facts.
    let h = c.request("textDocument/hover", at(uri, 13, 2));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("order of battle"),
        "{h}"
    );
    let h = c.request("textDocument/hover", at(uri, 14, 40));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("template"),
        "{h}"
    );
    let h = c.request("textDocument/hover", at(uri, 20, 2));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("strength: 2 elements, 8 figures"), "{text}");

    // Definition across the `use`: the template in the library.
    let def = c.request("textDocument/definition", at(uri, 14, 40));
    assert_eq!(
        def,
        json!([{"uri": lib_uri, "range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 22}}}])
    );
    // And the `use` path itself goes to the file.
    let def = c.request("textDocument/definition", at(uri, 0, 8));
    assert_eq!(def[0]["uri"], lib_uri);

    // References to `hill`: its place and both orders.
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": {"line": 11, "character": 9}, "context": {"includeDeclaration": true}}),
    );
    let lines: Vec<u64> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, vec![11, 20, 23]);

    // Rename the template: the library and the two units that use it.
    let edit = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": {"line": 14, "character": 40}, "newName": "rifle-section"}),
    );
    assert_eq!(edit["changes"][uri].as_array().unwrap().len(), 2);
    assert_eq!(edit["changes"][&lib_uri].as_array().unwrap().len(), 1);

    // Completion: terrain kinds after an area's name.
    let typing = SCENARIO.replace("  place hill", "  area w \n  place hill");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": typing}]}),
    );
    let items = c.request("textDocument/completion", at(uri, 11, 9));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"dense-woods") && labels.contains(&"buildings"),
        "{labels:?}"
    );
    assert!(!labels.contains(&"attack"));

    // Formatting: a messy file is one whole-file edit; a tidy one none.
    let messy = SCENARIO.replace("  q defend hill", "        q    defend hill");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 5}, "contentChanges": [{"text": messy}]}),
    );
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits.as_array().unwrap().len(), 1);
    assert_eq!(edits[0]["newText"], SCENARIO);

    // Folding: the six blocks; semantic tokens: `use` first, a keyword.
    let folds = c.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(folds.as_array().unwrap().len(), 6, "{folds}");
    let tokens = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(
        data[..5],
        [json!(0), json!(0), json!(3), json!(0), json!(0)]
    );
}

impl Client {
    /// Writes bytes as they are, framing included.
    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Starts the server and initializes it with `root` as its workspace folder.
    fn initialized(root: &Path) -> Client {
        Client::initialized_with(root, &[])
    }

    fn initialized_with(root: &Path, env: &[(&str, &str)]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_muster"));
        child.arg("lsp").current_dir(root).stderr(Stdio::piped());
        for (k, v) in env {
            child.env(k, v);
        }
        let mut c = Client::over(child);
        c.request(
            "initialize",
            json!({"processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": {}}),
        );
        c.notify("initialized", json!({}));
        c
    }

    /// The next error response with a null id (an answer to a bad message).
    fn bad_message_answer(&mut self) -> Value {
        loop {
            let msg = self.read();
            if msg.get("error").is_some() && msg["id"].is_null() {
                return msg;
            }
            self.notes.push(msg);
        }
    }

    /// Shuts the server down and returns its exit status and standard error.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let out = ended(self.child);
        (
            out.status,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// A pack in a temporary folder: `muster.toml` and the scenario.
fn pack(config: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("muster.toml"), config).unwrap();
    std::fs::create_dir(root.join("lib")).unwrap();
    std::fs::write(root.join("lib/units.muster"), LIB).unwrap();
    std::fs::write(root.join("scenario.muster"), SCENARIO).unwrap();
    (dir, root)
}

fn open(c: &mut Client, uri: &str, text: &str) {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "muster", "version": 1, "text": text}}),
    );
}

#[test]
fn an_absurd_content_length_is_answered_and_the_server_ends_cleanly_at_the_end_of_input() {
    let (_dir, root) = pack("name = \"test\"\n");
    let mut c = Client::initialized(&root);
    c.send_raw(b"Content-Length: 18446744073709551615\r\n\r\n{}");
    let answer = c.bad_message_answer();
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("a message of 18446744073709551615 bytes is over the limit"),
        "{answer}"
    );
    // The body it announces never comes: closing the input ends the server.
    let Client { child, stdin, .. } = c;
    drop(stdin);
    let out = ended(child);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_fifty_gigabyte_length_is_answered_without_allocating_it() {
    let (_dir, root) = pack("name = \"test\"\n");
    let mut c = Client::initialized(&root);
    c.send_raw(b"Content-Length: 53687091200\r\n\r\n");
    let answer = c.bad_message_answer();
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    let Client { child, stdin, .. } = c;
    drop(stdin);
    let out = ended(child);
    assert!(out.status.success(), "{:?}", out.status);
}

#[test]
fn a_message_over_the_document_limit_is_answered_and_the_server_goes_on() {
    let (_dir, root) = pack("name = \"test\"\n");
    let uri = format!("file://{}/scenario.muster", root.display());
    let mut c = Client::initialized(&root);
    open(&mut c, &uri, SCENARIO);
    assert!(c.diagnostics(&uri).is_empty());
    // Twice the 4 MB document limit and more: skipped, answered, forgotten.
    let huge = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": {"textDocument": {"uri": uri, "version": 2},
                   "contentChanges": [{"text": "x".repeat(9 * 1024 * 1024)}]}})
    .to_string();
    c.send_raw(format!("Content-Length: {}\r\n\r\n{huge}", huge.len()).as_bytes());
    let answer = c.bad_message_answer();
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("documents may hold at most 4194304 bytes"),
        "{answer}"
    );
    // A document over the limit that fits a message is refused by the parser.
    let big = format!("// {}\n", "x".repeat(4 * 1024 * 1024));
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": big}]}),
    );
    assert_eq!(codes(&c.diagnostics(&uri)), vec!["MC003"]);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": SCENARIO}]}),
    );
    let h = c.request("textDocument/hover", at(&uri, 13, 2));
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("order of battle"));
    let (status, stderr) = c.finish();
    assert!(status.success(), "{status:?}: {stderr}");
}

#[test]
fn bad_headers_and_bad_json_are_answered_and_the_server_goes_on() {
    let (_dir, root) = pack("name = \"test\"\n");
    let uri = format!("file://{}/scenario.muster", root.display());
    let mut c = Client::initialized(&root);
    open(&mut c, &uri, SCENARIO);
    // A message whose headers cannot be read has no known end: what follows it
    // up to the next `Content-Length:` is taken as its body. So each bad message
    // is followed by a good request, which must be answered as usual.
    for (bad, code) in [
        (&b"Content-Length: twelve\r\n\r\n{}"[..], -32700),
        (b"Content-Type: application/json\r\n\r\n{}", -32700),
        (b"no colon here\r\n\r\n", -32700),
        (b"Content-Length: 9\r\n\r\n{not json", -32700),
        (b"Content-Length: 5\r\n\r\n[1,2]", -32600),
    ] {
        c.send_raw(bad);
        let answer = c.bad_message_answer();
        assert_eq!(answer["error"]["code"], code, "{answer}");
        let h = c.request("textDocument/hover", at(&uri, 13, 2));
        assert!(
            h["contents"]["value"]
                .as_str()
                .unwrap()
                .contains("order of battle"),
            "after {:?}: {h}",
            String::from_utf8_lossy(bad)
        );
    }
    let (status, stderr) = c.finish();
    assert!(status.success(), "{status:?}: {stderr}");
}

#[test]
fn a_document_outside_the_workspace_gets_syntax_diagnostics_and_reads_nothing_it_names() {
    let (_dir, root) = pack("name = \"test\"\n");
    let canary = "muster-canary-5f1e9a";
    let mut c = Client::initialized_with(&root, &[("MUSTER_TEST_CANARY", canary)]);
    // `use` paths that would quote the password file and the environment.
    let etc = "file:///etc/x.muster";
    open(
        &mut c,
        etc,
        "use \"passwd\"\nscenario \"X\" {\n  turns 2\n}\n",
    );
    let proc = "file:///proc/self/x.muster";
    open(
        &mut c,
        proc,
        "use \"environ\"\nscenario \"X\" {\n  turns 2\n}\n",
    );
    let broken = "file:///tmp/outside-the-workspace.muster";
    open(&mut c, broken, "scenario \"X\" {\n  turns\n");
    assert!(c.diagnostics(etc).is_empty());
    assert!(c.diagnostics(proc).is_empty());
    // the syntax phase's findings only: never the checks' (no sides, no end)
    assert_eq!(codes(&c.diagnostics(broken)), vec!["MC001", "MC001"]);
    // Going to the definition of the `use` path reads nothing either.
    let def = c.request("textDocument/definition", at(etc, 0, 6));
    assert!(def.is_null() || def == json!([]), "{def}");
    let hover = c.request("textDocument/hover", at(proc, 0, 6));
    let everything = format!("{def}{hover}{:?}", c.notes);
    assert!(!everything.contains("root:"), "{everything}");
    assert!(!everything.contains(canary), "{everything}");
    let (status, _) = c.finish();
    assert!(status.success());
}

#[test]
fn a_document_address_that_climbs_with_dot_dot_is_refused() {
    let (_dir, root) = pack("name = \"test\"\n");
    let mut c = Client::initialized(&root);
    // `%2F` survives the URI's own clean-up and decodes to a separator.
    let climbing = format!("file://{}/..%2F..%2F..%2Fetc/x.muster", root.display());
    open(&mut c, &climbing, "use \"passwd\"\n");
    let answer = {
        c.next_id += 1;
        let id = c.next_id;
        c.send(json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": at(&climbing, 0, 6)}));
        loop {
            let msg = c.read();
            if msg.get("id") == Some(&json!(id)) {
                break msg;
            }
            c.notes.push(msg);
        }
    };
    assert_eq!(
        answer["error"]["message"], "a document address with `..` in its path is refused",
        "{answer}"
    );
    assert!(!format!("{:?}", c.notes).contains("root:"));
    let (status, _) = c.finish();
    assert!(status.success());
}

#[test]
fn a_misspelt_table_in_muster_toml_is_shown_as_the_cli_shows_it() {
    let (_dir, root) = pack("[severty]\nMC301 = \"deny\"\n");
    let uri = format!("file://{}/scenario.muster", root.display());
    let toml_uri = format!("file://{}/muster.toml", root.display());
    let mut c = Client::initialized(&root);
    open(&mut c, &uri, SCENARIO);
    let diags = c.diagnostics(&toml_uri);
    assert_eq!(codes(&diags), vec!["MC109"], "{diags:?}");
    assert!(diags[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("unknown key `severty` in `muster.toml`"));
    let (status, _) = c.finish();
    assert!(status.success());
}

#[test]
fn a_deny_in_muster_toml_is_honoured_by_the_server() {
    let (_dir, root) = pack("[severity]\nMC105 = \"deny\"\n");
    let uri = format!("file://{}/scenario.muster", root.display());
    let mut c = Client::initialized(&root);
    // An unused place is MC105, a warning unless the pack denies it.
    let text = SCENARIO.replace(
        "  place hill \"Hill\" at (1000,1000)\n",
        "  place hill \"Hill\" at (1000,1000)\n  place wood \"Wood\" at (900,900)\n",
    );
    open(&mut c, &uri, &text);
    let diags = c.diagnostics(&uri);
    assert_eq!(codes(&diags), vec!["MC105"], "{diags:?}");
    assert_eq!(diags[0]["severity"], 1, "{diags:?}");
    let (status, _) = c.finish();
    assert!(status.success());
}

#[test]
fn an_unknown_code_in_muster_toml_is_an_error_in_the_server() {
    let (_dir, root) = pack("[severity]\nMC399 = \"deny\"\n");
    let uri = format!("file://{}/scenario.muster", root.display());
    let toml_uri = format!("file://{}/muster.toml", root.display());
    let mut c = Client::initialized(&root);
    open(&mut c, &uri, SCENARIO);
    let diags = c.diagnostics(&toml_uri);
    assert_eq!(codes(&diags), vec!["MC109"], "{diags:?}");
    assert_eq!(diags[0]["severity"], 1);
    assert!(diags[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("`MC399` in `[severity]` names no known rule"));
    let (status, _) = c.finish();
    assert!(status.success());
}

/// The map studio's link, end to end over loopback: `muster studio` and
/// `muster lsp --studio`. The line under the editor's cursor reaches the
/// studio (whose page highlights the item written there), and a click the
/// page posts reaches the editor as `window/showDocument`.
#[test]
fn the_language_server_tells_the_studio_its_cursor_and_opens_what_the_map_clicks() {
    use crate::watch_browser::{http, serving};
    let (_dir, root) = pack("");
    let (_studio, _lines, url) = serving(&root, &["studio", "scenario.muster", "--port", "0"]);
    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_string();
    let file = root.join("scenario.muster").display().to_string();
    let until = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = std::time::Instant::now() + PATIENCE;
        while !done() {
            assert!(std::time::Instant::now() < deadline, "{what}");
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    let body = |path: &str| String::from_utf8(http(&address, "GET", path).body).unwrap();
    until("the studio never indexed the scenario", &|| {
        body("/__muster/studio.json").contains(&file)
    });

    let mut command = Command::new(env!("CARGO_BIN_EXE_muster"));
    command
        .args(["lsp", "--studio", &address])
        .current_dir(&root)
        .stderr(Stdio::inherit());
    let mut c = Client::over(command);
    let root_uri = format!("file://{}", root.display());
    c.request(
        "initialize",
        json!({"rootUri": root_uri, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    let uri = format!("{root_uri}/scenario.muster");
    open(&mut c, &uri, SCENARIO);
    let hill = SCENARIO
        .lines()
        .position(|l| l.contains("place hill"))
        .unwrap();
    c.request("textDocument/documentHighlight", at(&uri, hill as u32, 9));
    let cursor = format!("\"cursor\":{{\"file\":\"{file}\",\"line\":{}}}", hill + 1);
    until("the studio never heard of the cursor", &|| {
        body("/__muster/studio/state").contains(&cursor)
    });

    // Until the server waits for clicks the page is told to show a link (202).
    let click = format!("/__muster/open?file={file}&line=4");
    until("the click never reached a waiting editor", &|| {
        http(&address, "POST", &click).status == 200
    });
    let shown = loop {
        let msg = c.read();
        if msg["method"] == "window/showDocument" {
            break msg;
        }
    };
    assert_eq!(shown["params"]["uri"], json!(uri));
    assert_eq!(
        shown["params"]["selection"]["start"],
        json!({"line": 3, "character": 0})
    );
    let _ = c.child.kill();
}
