//! Turns a pest error into MC001 in the author's words.
use crate::Code;

use crate::diagnostic::{Diagnostic, FileId};
use crate::grammar::Rule;
use crate::names::{describe, Group};
use crate::reserved::is_reserved;
use crate::span::Span;
use pest::error::{Error, ErrorVariant, InputLocation};

/// The token at `pos` in `text` (a word, a literal, a quoted text or one char),
/// as its byte range; empty at the end of the text.
pub(crate) fn token_at(text: &str, pos: usize) -> (usize, usize) {
    let mut pos = floor_char(text, pos);
    while text[pos..].starts_with([' ', '\t', '\r', '\n']) {
        pos += 1;
    }
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return (pos, pos);
    };
    let len = if first.is_alphanumeric() || first == '-' || first == '+' {
        rest.find(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':')))
            .unwrap_or(rest.len())
    } else if first == '"' {
        rest[1..]
            .find(['"', '\n'])
            .map_or(rest.len(), |i| i + 2)
            .min(rest.len())
    } else {
        first.len_utf8()
    };
    let end = floor_char(text, pos + len.max(first.len_utf8()));
    (pos, end)
}

/// The largest char boundary at or before `pos`, within the text.
pub(crate) fn floor_char(text: &str, pos: usize) -> usize {
    let mut p = pos.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// Joins `a`, `b`, `c` as "a, b or c".
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// Every backticked word in the descriptions of `positives`, for "did you mean".
fn candidates(positives: &[Rule]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in positives {
        let (g, text) = describe(*r);
        // where an item may end, the next item may start: `forcse` is a typo of `forces`
        if g == Group::Item || text.contains("top-level item") || text == "the end of the item" {
            out.extend(crate::reserved::ITEM_KEYWORDS.iter().map(|s| s.to_string()));
        }
        out.extend(text.split('`').skip(1).step_by(2).map(str::to_string));
    }
    out
}

/// Builds "expected …" from the rules pest tried.
fn expected(positives: &[Rule]) -> String {
    let mut parts: Vec<(Group, String)> = Vec::new();
    for r in positives {
        let d = describe(*r);
        if !parts.contains(&d) {
            parts.push(d);
        }
    }
    // Drop "the end of the item" when something concrete is also possible.
    if parts.len() > 1 {
        parts.retain(|(_, t)| t != "the end of the item");
    }
    let mut out: Vec<String> = Vec::new();
    let mut seen_groups: Vec<Group> = Vec::new();
    for (g, t) in &parts {
        let members: Vec<&String> = parts
            .iter()
            .filter(|(h, _)| h == g)
            .map(|(_, t)| t)
            .collect();
        match g.phrase() {
            Some(p) if members.len() > 2 => {
                if !seen_groups.contains(g) {
                    seen_groups.push(*g);
                    let mut ordered: Vec<&String> = Vec::new();
                    for pref in g.preferred() {
                        if let Some(m) = members.iter().find(|m| m.as_str() == *pref) {
                            ordered.push(m);
                        }
                    }
                    for m in &members {
                        if !ordered.contains(m) {
                            ordered.push(m);
                        }
                    }
                    let few: Vec<String> = ordered.iter().take(3).map(|s| s.to_string()).collect();
                    out.push(format!("{p} such as {}", or_list(&few)));
                }
            }
            _ => out.push(t.clone()),
        }
    }
    // Summaries ("a unit setting such as …") first, then single expectations.
    out.sort_by_key(|t| !t.contains(" such as "));
    out.truncate(5);
    match out.as_slice() {
        [init @ .., last] if init.len() == 1 && init[0].contains(" or ") => {
            format!("{}, or {last}", init[0])
        }
        _ => or_list(&out),
    }
}

/// Converts a pest error on `text` (which starts at `offset` in the file and may
/// not reach past `limit`) into one diagnostic.
pub(crate) fn to_diagnostic(
    file: FileId,
    text: &str,
    offset: usize,
    limit: usize,
    err: &Error<Rule>,
) -> Diagnostic {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let (start, end) = token_at(text, pos);
    let found = &text[start..end];
    let clamp = |p: usize| (p + offset).min(limit);
    let span = Span::new(clamp(start), clamp(end));
    let found_text = if found.is_empty() {
        "the end of the item".to_string()
    } else {
        format!("`{}`", found.replace('`', "'"))
    };
    if let ErrorVariant::CustomError { message } = &err.variant {
        // pest's own guard: the thread's stack is too small for this nesting.
        return Diagnostic::error(
            Code::MC003,
            format!("nesting is too deep to read here ({message})"),
        )
        .with_label(file, span, "refused here")
        .with_help("nest units less deeply, or run muster with a larger stack");
    }
    let mut help = None;
    let message = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let wants_name = positives
                .iter()
                .any(|r| matches!(r, Rule::ident | Rule::path));
            if wants_name && is_reserved(found) {
                let d = Diagnostic::error(
                    Code::MC001,
                    format!("`{found}` is a reserved word and cannot be used as a name"),
                )
                .with_label(file, span, "reserved word")
                .with_help(format!(
                    "choose another name, such as `{found}-1`; reserved words: {}",
                    crate::reserved::RESERVED.join(", ")
                ));
                return d;
            }
            if positives.contains(&Rule::code) && found.starts_with('"') {
                // `note "…"` in the scenario header: `note` there re-grades a rule
                return Diagnostic::error(
                    Code::MC001,
                    format!("expected a rule code such as `MC305`, found {found_text}"),
                )
                .with_label(file, span, "a text where a rule code belongs")
                .with_help(
                    "a note to the players is `notes \"…\"`; `note MC305 \"reason\"` makes a rule a note",
                );
            }
            let cands = candidates(positives);
            let words: Vec<&str> = cands.iter().map(String::as_str).collect();
            if let Some(n) = crate::lower::nearest(found, &words).filter(|n| *n != found) {
                help = Some(format!("did you mean `{n}`?"));
            }
            format!("expected {}, found {found_text}", expected(positives))
        }
        ErrorVariant::ParsingError { .. } => format!("unexpected {found_text}"),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let mut d =
        Diagnostic::error(Code::MC001, message).with_label(file, span, "not understood here");
    d.help = help;
    if d.help.is_some() {
        // A "did you mean" says it best.
    } else if found.chars().next().is_some_and(|c| c.is_alphabetic()) && !found.is_ascii() {
        d = d.with_help(
            "names use lowercase ASCII letters, digits, `-` and `_`; put other text in quotes",
        );
    } else if found.starts_with('"') {
        d = d.with_help("a quoted text is not allowed here");
    }
    d
}
