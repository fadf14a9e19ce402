//! Completion in context. While typing, the file rarely parses, so the context is
//! read from the text: the block the cursor is in (the first word of the line that
//! opened it) and the words of the statement so far.

use crate::index::DefKind;
use crate::navigate::pack_files;
use crate::state::Workspace;
use crate::words::{lists, KEYWORDS};
use lsp_types::{CompletionItem, CompletionItemKind, Position};
use std::path::Path;

const ITEMS: &[&str] = &[
    "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal", "arrival",
    "event", "victory", "intel", "umpire",
];
const SCENARIO: &[&str] = &[
    "start",
    "turns",
    "turn-length",
    "first-bound",
    "weather",
    "light",
    "table",
    "ground-scale",
    "georeference",
    "ends",
    "notes",
    "allow",
    "warn",
    "deny",
];
const MAP: &[&str] = &[
    "area",
    "road",
    "track",
    "river",
    "wire",
    "wall",
    "hedge",
    "bridge",
    "ford",
    "level-crossing",
    "place",
];
const ELEMENT_ATTRS: &[&str] = &[
    "figures",
    "models",
    "at",
    "facing",
    "note",
    "umpire",
    "command",
    "radio",
    "telephone",
    "embussed-in",
    "riding-on",
    "registers-for",
    "task",
    "off-table",
];
/// The vocabulary lists an element's words come from.
const ELEMENT_LISTS: &[&str] = &[
    "foot element type",
    "specialism",
    "vehicle role",
    "drive",
    "artillery weapon",
    "aircraft role",
    "weapon",
    "weapon mount",
    "radio range",
    "posture",
];

/// What the cursor is in.
struct Context {
    /// First word of the statement that opened the enclosing block (`forces`,
    /// `company`, `map`), empty at top level.
    block: String,
    /// The words of the current statement before the word being typed.
    words: Vec<String>,
}

fn context(text: &str, offset: usize) -> Context {
    let before = text.get(..offset).unwrap_or(text);
    let mut opens: Vec<usize> = Vec::new();
    let mut in_text = false;
    let mut in_comment = false;
    let bytes = before.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_comment {
            if b == b'\n' {
                in_comment = false;
            }
        } else if in_text {
            if b == b'"' || b == b'\n' {
                in_text = false;
            }
        } else {
            match b {
                b'"' => in_text = true,
                b'/' if bytes.get(i + 1) == Some(&b'/') => in_comment = true,
                b'{' => opens.push(i),
                b'}' => {
                    opens.pop();
                }
                _ => {}
            }
        }
        i += 1;
    }
    let block = opens.last().map_or(String::new(), |&o| {
        let line_start = before[..o].rfind('\n').map_or(0, |i| i + 1);
        let line = &before[line_start..o];
        // A `{` alone on its line belongs to the statement above it.
        let line = if line.trim().is_empty() {
            let prev_end = line_start.saturating_sub(1);
            let prev_start = before[..prev_end].rfind('\n').map_or(0, |i| i + 1);
            before.get(prev_start..prev_end).unwrap_or("")
        } else {
            line
        };
        line.split_whitespace().next().unwrap_or("").to_string()
    });
    let stmt_start = before.rfind(['\n', '{', '}']).map_or(0, |i| i + 1);
    let stmt = &before[stmt_start..];
    let mut words: Vec<String> = stmt.split_whitespace().map(str::to_string).collect();
    if !stmt.ends_with(char::is_whitespace) {
        words.pop();
    }
    Context { block, words }
}

fn items(words: &[&str], kind: CompletionItemKind, detail: &str) -> Vec<CompletionItem> {
    words
        .iter()
        .map(|w| CompletionItem {
            label: (*w).to_string(),
            kind: Some(kind),
            detail: Some(
                KEYWORDS
                    .iter()
                    .find(|(k, _)| k == w)
                    .map_or(detail.to_string(), |(_, d)| (*d).to_string()),
            ),
            ..Default::default()
        })
        .collect()
}

fn vocab(what: &[&str]) -> Vec<CompletionItem> {
    lists()
        .into_iter()
        .filter(|l| what.contains(&l.what))
        .flat_map(|l| {
            l.words.into_iter().map(move |(w, g)| CompletionItem {
                label: w.to_string(),
                kind: Some(CompletionItemKind::ENUM_MEMBER),
                detail: Some(format!("{}: {g}", l.what)),
                ..Default::default()
            })
        })
        .collect()
}

/// Names defined in the pack, of the given kinds (all kinds when empty).
fn names(ws: &Workspace, path: &Path, kinds: &[DefKind]) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    for f in pack_files(ws, path) {
        for d in f.index.all_defs() {
            if (kinds.is_empty() || kinds.contains(&d.kind))
                && !out.iter().any(|c| c.label == d.name)
            {
                out.push(CompletionItem {
                    label: d.name.clone(),
                    kind: Some(CompletionItemKind::REFERENCE),
                    detail: Some(format!("{}: {}", d.kind.word(), d.detail)),
                    ..Default::default()
                });
            }
        }
    }
    out
}

/// The completions at a position.
pub fn complete(ws: &Workspace, path: &Path, pos: Position) -> Vec<CompletionItem> {
    let Some(doc) = ws.doc(path) else {
        return Vec::new();
    };
    let offset = doc.index.offset(&doc.text, pos);
    let cx = context(&doc.text, offset);
    let first = cx.words.first().map(String::as_str).unwrap_or("");
    let last = cx.words.last().map(String::as_str).unwrap_or("");
    let echelons: Vec<&str> = lists()
        .into_iter()
        .filter(|l| l.what == "echelon")
        .flat_map(|l| l.words.into_iter().map(|(w, _)| w))
        .collect();
    let in_forces =
        cx.block == "forces" || cx.block == "template" || echelons.contains(&cx.block.as_str());
    match last {
        "from" if in_forces || cx.block.is_empty() => {
            return names(ws, path, &[DefKind::Template]);
        }
        "at" | "to" | "over" | "carries" | "holds" | "destroys" | "exits" | "commands"
        | "attached-to" | "affects" | "capture" => return names(ws, path, &[]),
        _ => {}
    }
    if cx.words.is_empty() {
        return match cx.block.as_str() {
            "" => items(ITEMS, CompletionItemKind::KEYWORD, "item"),
            "scenario" => items(SCENARIO, CompletionItemKind::KEYWORD, "scenario setting"),
            "map" => items(MAP, CompletionItemKind::KEYWORD, "map feature"),
            "side" => items(&["player"], CompletionItemKind::KEYWORD, "player"),
            "nets" => items(
                &["radio", "telephone", "messenger", "net"],
                CompletionItemKind::KEYWORD,
                "link",
            ),
            "orders" | "intel" => names(ws, path, &[DefKind::Unit]),
            _ if in_forces => {
                let mut out = items(&["element", "hq"], CompletionItemKind::KEYWORD, "element");
                out.extend(items(&echelons, CompletionItemKind::KEYWORD, "sub-unit"));
                out
            }
            _ => Vec::new(),
        };
    }
    if first == "area" && cx.words.len() >= 2 {
        return vocab(&["terrain kind", "building strength", "building height"]);
    }
    if matches!(first, "element" | "hq") && cx.words.len() >= 2 {
        let mut out = vocab(ELEMENT_LISTS);
        out.extend(items(
            ELEMENT_ATTRS,
            CompletionItemKind::KEYWORD,
            "element attribute",
        ));
        return out;
    }
    if first == "messenger" {
        // `messenger A to B METHOD via STOP…`: the method, then `via`, then stops
        return match cx.words.len() {
            4 => vocab(&["alternative method"]),
            5 => items(
                &["via"],
                CompletionItemKind::KEYWORD,
                "a route through places or crossings",
            ),
            _ if cx.words.iter().any(|w| w == "via") => {
                names(ws, path, &[DefKind::Place, DefKind::Crossing])
            }
            _ => Vec::new(),
        };
    }
    if cx.block == "orders" {
        return if cx.words.len() == 1 {
            vocab(&["order stance"])
        } else {
            let mut out = vocab(&["order intensity"]);
            out.extend(names(ws, path, &[]));
            out
        };
    }
    match first {
        "weather" => vocab(&["weather"]),
        "light" => vocab(&["light"]),
        "signal" if cx.words.len() == 2 => vocab(&["signal kind"]),
        "signal" if last == "colour" => vocab(&["signal colour"]),
        _ => names(ws, path, &[]),
    }
}
