// Compiles a JSON Schema with Ajv in strict mode (as most JavaScript tools do) and
// validates documents against it, so the schema is checked by the validator other
// tools use, not only by ours.
//
//   node validate.js SCHEMA --valid DOC...    every DOC must validate
//   node validate.js SCHEMA --invalid DOC...  every DOC must be refused
//
// Exit 0 when every expectation holds; 1 with one line per failure otherwise.
"use strict";

const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

function main(argv) {
  const [schemaPath, mode, ...docs] = argv;
  if (!schemaPath || (mode !== "--valid" && mode !== "--invalid")) {
    console.error("usage: node validate.js SCHEMA --valid|--invalid DOC...");
    return 2;
  }
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  let validate;
  try {
    validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
  } catch (e) {
    console.log(`${schemaPath}: does not compile in strict mode: ${e.message}`);
    return 1;
  }
  let failures = 0;
  for (const doc of docs) {
    const ok = validate(JSON.parse(fs.readFileSync(doc, "utf8")));
    if (mode === "--valid" && !ok) {
      failures++;
      console.log(`${doc}: invalid: ${ajv.errorsText(validate.errors)}`);
    } else if (mode === "--invalid" && ok) {
      failures++;
      console.log(`${doc}: accepted but should be refused`);
    }
  }
  console.log(`checked ${docs.length} document(s) against ${schemaPath}`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
