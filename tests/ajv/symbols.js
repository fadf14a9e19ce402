// Draws symbol codes with milsymbol, the symbology library most web maps use,
// so muster's APP-6 (D) codes are checked by a reader other than muster.
//
//   node symbols.js CASES.json
//
// CASES.json is a list of {"unit", "sidc", "entity"}: `entity` is the symbol
// set, entity and sector 1 modifier (digits 5-6, 11-16 and 17-18, spaced) the
// unit's history gives. Each code
// must be valid to milsymbol, carry that entity, and draw an icon (its picture
// differs from the same frame with no icon).
//
// Exit 0 when every case holds; 1 with one line per failure otherwise.
"use strict";

const fs = require("fs");
const ms = require("milsymbol");

const Symbol = (ms.default || ms).Symbol;

function check({ unit, sidc, entity }) {
  const problems = [];
  if (!/^[0-9]{20}$/.test(sidc)) {
    return [`${unit}: ${sidc} is not 20 digits`];
  }
  const symbol = new Symbol(sidc);
  if (!symbol.isValid()) {
    problems.push(`${unit}: milsymbol finds ${sidc} invalid`);
  }
  const got = [sidc.slice(4, 6), sidc.slice(10, 16), sidc.slice(16, 18)].join(" ");
  if (got !== entity) {
    problems.push(`${unit}: ${sidc} has entity ${got}, its history gives ${entity}`);
  }
  const blank = sidc.slice(0, 10) + "000000" + sidc.slice(16);
  if (new Symbol(blank).asSVG() === symbol.asSVG()) {
    problems.push(`${unit}: milsymbol draws no icon for ${sidc}`);
  }
  if (!symbol.getMetadata().frame) {
    problems.push(`${unit}: milsymbol draws no frame for ${sidc}`);
  }
  return problems;
}

function main(argv) {
  const [path] = argv;
  if (!path) {
    console.error("usage: node symbols.js CASES.json");
    return 2;
  }
  const cases = JSON.parse(fs.readFileSync(path, "utf8"));
  const problems = cases.flatMap(check);
  problems.forEach((p) => console.log(p));
  console.log(`checked ${cases.length} symbol(s)`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
