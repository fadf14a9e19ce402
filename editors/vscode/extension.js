// Starts `muster lsp` for .muster files. Everything the editor shows beyond
// highlighting comes from the server: the extension is only its launcher.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("muster");
  const command = config.get("path") || "muster";
  // Linked to a running `muster studio`: the map follows the cursor.
  const studio = config.get("studio");
  const server = { command, args: studio ? ["lsp", "--studio", studio] : ["lsp"] };
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
