//! Drives the real `muster lsp` binary as an editor does, over JSON-RPC on its
//! standard input and output: initialize, open, change, hover, definition across
//! a `use`, references, rename, completion, code action, formatting, shutdown.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

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

/// A JSON-RPC client over the child's pipes.
struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: i64,
    /// Notifications received while waiting for responses.
    notes: Vec<Value>,
}

impl Client {
    fn start(dir: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
            .arg("lsp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Client {
            child,
            stdin,
            stdout,
            next_id: 0,
            notes: Vec::new(),
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut len = 0;
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "server closed"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                len = n.parse().unwrap();
            }
        }
        let mut body = vec![0; len];
        self.stdout.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
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

    // Hover: a keyword, the template, an element's computed facts.
    let h = c.request("textDocument/hover", at(&uri, 13, 2));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("order of battle"),
        "{h}"
    );
    let h = c.request("textDocument/hover", at(&uri, 14, 40));
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("template"),
        "{h}"
    );
    let h = c.request("textDocument/hover", at(&uri, 20, 2));
    let text = h["contents"]["value"].as_str().unwrap();
    assert!(text.contains("strength: 2 elements, 8 figures"), "{text}");

    // Definition across the `use`: the template in the library.
    let def = c.request("textDocument/definition", at(&uri, 14, 40));
    assert_eq!(
        def,
        json!([{"uri": lib_uri, "range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 22}}}])
    );
    // And the `use` path itself goes to the file.
    let def = c.request("textDocument/definition", at(&uri, 0, 8));
    assert_eq!(def[0]["uri"], lib_uri.as_str());

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
    assert_eq!(edit["changes"][&uri].as_array().unwrap().len(), 2);
    assert_eq!(edit["changes"][&lib_uri].as_array().unwrap().len(), 1);

    // Completion: terrain kinds after an area's name.
    let typing = SCENARIO.replace("  place hill", "  area w \n  place hill");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": typing}]}),
    );
    let items = c.request("textDocument/completion", at(&uri, 11, 9));
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
    let status = c.child.wait().unwrap();
    assert!(status.success());
}
