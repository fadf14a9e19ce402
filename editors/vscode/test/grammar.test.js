// Tokenizes every keyword of the language (test/keywords.json, written by the
// Rust test that generates the grammar) and fails unless each gets a keyword or
// vocabulary scope; also checks comments, texts, points and numbers.
const fs = require("fs");
const path = require("path");
const assert = require("assert");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
const onig = oniguruma.loadWASM(wasm).then(() => ({
  createOnigScanner: (p) => new oniguruma.OnigScanner(p),
  createOnigString: (s) => new oniguruma.OnigString(s),
}));
const registry = new vsctm.Registry({
  onigLib: onig,
  loadGrammar: async () =>
    vsctm.parseRawGrammar(
      fs.readFileSync(path.join(__dirname, "../syntaxes/muster.tmLanguage.json"), "utf8"),
      "muster.tmLanguage.json"
    ),
});

function scopesOf(grammar, line) {
  const r = grammar.tokenizeLine(line, vsctm.INITIAL);
  return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
}

(async () => {
  const grammar = await registry.loadGrammar("source.muster");
  const keywords = JSON.parse(fs.readFileSync(path.join(__dirname, "keywords.json"), "utf8"));
  let checked = 0;
  const missing = [];
  for (const [kind, words] of Object.entries(keywords)) {
    const want = kind === "keywords" ? "keyword." : "support.constant.";
    for (const w of words) {
      const toks = scopesOf(grammar, `x ${w} y`);
      const tok = toks.find((t) => t.text === w);
      if (!tok || !tok.scopes.some((s) => s.startsWith(want))) missing.push(`${w} (${kind})`);
      checked++;
    }
  }
  assert.deepStrictEqual(missing, [], `not highlighted: ${missing.join(", ")}`);
  // A name that merely contains a keyword is not highlighted as one.
  const name = scopesOf(grammar, "element attack-group").find((t) => t.text.includes("attack"));
  assert.ok(!name.scopes.some((s) => s.startsWith("keyword.")), JSON.stringify(name));
  const sample = scopesOf(grammar, 'area w woods "Bois" at (1,2) radius 150m // note');
  const scope = (text) => sample.find((t) => t.text === text).scopes.join(" ");
  assert.match(scope("(1,2)"), /constant\.numeric/);
  assert.match(scope("150m"), /constant\.numeric/);
  assert.match(scope("Bois"), /string\.quoted/);
  assert.match(sample.find((t) => t.text.includes("note")).scopes.join(" "), /comment\.line/);
  console.log(`${checked} passed, 0 failed`);
})().catch((e) => {
  console.error(e.message);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
