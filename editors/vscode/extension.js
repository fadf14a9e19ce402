// Starts `muster lsp` for .muster files. Everything the editor shows beyond
// highlighting comes from the server: the extension is only its launcher.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("muster").get("path") || "muster";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "muster",
    "Muster",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "muster" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
