//! Every crate takes its rulebook numbers from `muster-rules` (one rulebook): a
//! number written again elsewhere drifts from the table the analysis, the docs
//! and the checks read. This test greps the code of every crate but
//! `muster-rules` and of the binary (not comments, unit tests or a rule's
//! examples, but its summary and explanation, which take their numbers from
//! `muster-rules` as `{{placeholders}}`) for the numbers the rulebook sets, as
//! digits or as words.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The rulebook's numbers as a check would write them in code: command ranges
/// (§69, §88), the hot radius (§24), sight into woods and buildings (§109–§121),
/// HMG zones (§57), mortar calibres (§12, §18), base frontages (§4), scales (§3, §20).
const NUMBERS: &[&str] = &[
    "3000", "3_000", "1000", "1_000", "500", "300", "100", "82", "60", "50", "45", "25",
];

/// The same numbers as a message would spell them.
const WORDS: &[&str] = &[
    "3,000 m",
    "1,000 m",
    "500 m",
    "300 m",
    "100 m",
    "50 m",
    "45°",
    "82 mm",
    "60 mm",
    "ten men",
    "three to five",
    "models 2",
];

/// Lines that hold one of the numbers but not the rulebook's, by why.
const ALLOWED: &[(&str, &[&str])] = &[
    (
        "the balance report's own assumptions and limits (docs/balance.md), and rounding to two places",
        &[
            "radius: 100.0,",
            "(\"ratio\", 100.0),",
            "(\"model-weight\", 1_000.0),",
            "(v * 100.0).round() / 100.0 + 0.0",
        ],
    ),
    (
        "how many findings of one code a file shows is muster's own output limit, not a rule",
        &[
            "pub const DEFAULT: usize = 50;",
            "first 50 findings of each code in each file, in file order, and closes them with one \\",
        ],
    ),
    (
        "minutes in an hour: clock arithmetic",
        &["Timing::At(m, _) => write!(words, \" at {:02}:{:02}\", m / 60, m % 60),"],
    ),
    (
        "how far an arrival may stand from its entry point (MC410) is muster's own tolerance",
        &["pub(crate) const MAX_FROM_ENTRY_M: f64 = 300.0;"],
    ),
    (
        "an example of how a value is written, not a value the rules use",
        &[
            "explanation: \"Values carry their unit of measure where it could be misread (`300m`, \\",
            "let help = \"distances need a unit: `300m` or `3km`\";",
            "let help = \"calibres are written `81mm`, `8cm`, `3in` or `25pdr`\";",
            "\"list the corners in order, such as `polygon (0,0) (100,0) (100,100)`\"",
            "platoon second from rifle-platoon at (600,1000) facing 180",
        ],
    ),
    (
        "clock arithmetic: minutes in an hour, seconds in a minute",
        &[
            "Some(a.parse::<u32>().ok()? * 60 + b.parse::<u32>().ok()?)",
            "format!(\"{:02}:{:02}\", (minutes / 60) % 24, minutes % 60)",
            "(g / 60.0).floor(),",
            "(g % 60.0).round(),",
            "Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)",
            "u32::from(self.hour) * 60 + u32::from(self.minute)",
            "(Ok(h), Ok(m)) if h < 24 && m < 60 => Ok((h, m)),",
            "(Some(v), \"h\") => Ok(v * 60.0),",
            "let m = i32::try_from(day % 3600 / 60).unwrap_or(0);",
            "let s = i32::try_from(day % 60).unwrap_or(0);",
        ],
    ),
    (
        "units and the calendar: metres in a kilometre, millimetres in an inch, leap years",
        &[
            "\"km\" => Ok(v * 1000.0),",
            "let km = d / 1000.0;",
            "n(t.width_mm / 1000.0),",
            "n(t.depth_mm / 1000.0)",
            "\"in\" => Ok(v * 25.4),",
            "(y % 4 == 0 && y % 100 != 0) || y % 400 == 0",
        ],
    ),
    (
        "the eight points of the compass, 45° apart, not §57's HMG zone",
        &["NAMES[((deg + 22.5) / 45.0) as usize % 8]"],
    ),
    (
        "the bore of a named gun (a 25-pounder, a 60-pounder), not a rulebook limit",
        &[
            "(25, 87.6),",
            "(60, 127.0),",
            "\"known pounders: 2, 3, 6, 13, 17, 18, 25, 32, 60; or give the bore in `mm`\",",
        ],
    ),
    (
        "drawing: map extents, scale-bar lengths, symbol patterns, the map grid",
        &[
            "if ps.iter().all(|p| d(p, &c) <= 300.0) {",
            "let mut w: f64 = 1000.0;",
            "let mut h: f64 = 1000.0;",
            "w = w.max(p.x + 50.0);",
            "h = h.max(p.y + 50.0);",
            "10.0, 20.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0, 10000.0,",
            ".map(|[x, y]| [(x * 100.0).round() / 100.0, (y * 100.0).round() / 100.0])",
            ".unwrap_or(50.0)",
            "pub const GRID_MM: f64 = 100.0;",
            "let d = |o: &(f64, f64)| (o.0.hypot(o.1) * 1000.0).round();",
        ],
    ),
    (
        "text layout and the terminal: line widths, percent escapes, message lengths",
        &[
            "pub const WIDTH: usize = 100;",
            "const FIXED_WIDTH: usize = 100;",
            "text.replace('%', \"%25\")",
            "const MAX_TEXT: usize = 300;",
        ],
    ),
    (
        "the print browser: how often its answering thread looks up, how many refusals it keeps",
        &[
            "const TICK: Duration = Duration::from_millis(100);",
            "const REMEMBERED: usize = 1000;",
        ],
    ),
    (
        "watch and the preview page: polling and debounce times, page style",
        &[
            ".clamp(Duration::from_millis(10), Duration::from_millis(25))",
            "const VANISHED_POLL: Duration = Duration::from_millis(500);",
            "#[arg(long, value_name = \"MS\", default_value_t = 100)]",
            "debounce: 100,",
            "const EDITOR_GONE: Duration = Duration::from_secs(45);",
        ],
    ),
];

/// Lines whose numbers are not the rulebook's and that are too long to list
/// whole: SVG patterns and the preview page's script and style.
const ALLOWED_PREFIXES: &[&str] = &[
    "<pattern id=\"p-",
    "setTimeout(poll,500)",
    "max-width:50rem;",
];

fn allowed(line: &str) -> bool {
    let line = line.trim();
    ALLOWED.iter().any(|(_, lines)| lines.contains(&line))
        || ALLOWED_PREFIXES.iter().any(|p| line.starts_with(p))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a source file: without its unit tests, its comments and, in a
/// rule file, the example scenarios (`failing`, `fixed`) of its documentation
/// block (`const RULE`). Returns `(line number, text)`.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_docs = false;
    let mut in_example = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("pub(crate) const RULE: Rule = Rule {") {
            in_docs = true;
            continue;
        }
        if in_docs {
            if line == "};" {
                in_docs = false;
                continue;
            }
            if t.starts_with("failing:") || t.starts_with("fixed:") {
                in_example = true;
            } else if t.starts_with("summary:") || t.starts_with("explanation:") {
                in_example = false;
            }
            if !in_example {
                out.push((i + 1, line.to_string()));
            }
            continue;
        }
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = line.split(" // ").next().unwrap_or(line);
        out.push((i + 1, code.to_string()));
    }
    out
}

/// Whether `line` writes `number` as a number of its own (not part of `1500` or
/// `x50`, nor `2.50`).
fn has_number(line: &str, number: &str) -> bool {
    let bytes = line.as_bytes();
    line.match_indices(number).any(|(i, _)| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + number.len()).copied();
        // a paragraph (`§100`) is not a number: `§` ends in a non-ASCII byte
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || !b.is_ascii();
        !before.is_some_and(word) && !after.is_some_and(|b| b.is_ascii_digit() || b == b'_')
    })
}

fn findings(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in code_lines(text) {
        if allowed(&line) {
            continue;
        }
        for number in NUMBERS.iter().filter(|x| has_number(&line, x)) {
            found.push(format!("{n}: `{number}` in {}", line.trim()));
        }
        for words in WORDS.iter().filter(|w| line.contains(*w)) {
            found.push(format!("{n}: \"{words}\" in {}", line.trim()));
        }
    }
    found
}

/// Every `src/` folder but `muster-rules`'s: the binary's and each crate's.
fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for c in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        if c.file_name() != "muster-rules" {
            rust_files(&c.path().join("src"), &mut files);
        }
    }
    files
}

#[test]
fn every_crate_takes_rulebook_numbers_from_muster_rules() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = source_files(&root);
    for krate in [
        "muster-check",
        "muster-model",
        "muster-render",
        "muster-syntax",
    ] {
        assert!(
            files
                .iter()
                .any(|f| f.starts_with(root.join("crates").join(krate))),
            "{krate} not scanned"
        );
    }
    assert!(files.len() > 200, "found only {} files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for x in findings(&text) {
            found.push(format!("{}:{x}", f.strip_prefix(&root).unwrap().display()));
        }
    }
    assert!(
        found.is_empty(),
        "rulebook numbers written outside muster-rules (take them from there):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_a_number_in_code_and_explanations_but_not_in_examples() {
    let rule = "pub(crate) const RULE: Rule = Rule {\n    explanation: \"within 500 m\",\n};\n";
    assert_eq!(findings(rule).len(), 2);
    let filled = "pub(crate) const RULE: Rule = Rule {\n    explanation: \"within {{hot}}\",\n    failing: \"\\\n  at (500,300)\n\",\n    fixed: \"size 100m\",\n};\n";
    assert!(findings(filled).is_empty(), "{:?}", findings(filled));
    assert!(findings("see §100 and §300").is_empty());
    assert_eq!(findings("let r = 300.0;").len(), 1);
    assert_eq!(findings("format!(\"within 500 m\")").len(), 2);
    assert!(findings("let a = 1500.0 + x50 + 2.50; // 300 m").is_empty());
    assert!(findings("#[cfg(test)]\nmod tests { const A: f64 = 100.0; }").is_empty());
}
