//! Test helpers: a tiny plain-text renderer for diagnostics and span checks.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_syntax::{Diagnostic, Parsed};

/// Line (1-based), column (1-based, in chars) of a byte offset.
fn line_col(text: &str, pos: usize) -> (usize, usize, usize) {
    let before = &text[..pos];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, text[line_start..pos].chars().count() + 1, line_start)
}

/// Renders one diagnostic: code, message, the underlined source line, help.
pub fn render_one(text: &str, d: &Diagnostic) -> String {
    let mut out = format!("{}[{}]: {}\n", d.severity.as_str(), d.code, d.message);
    for (i, l) in d.labels.iter().enumerate() {
        let (line, col, start) = line_col(text, l.span.start);
        let end_of_line = text[start..].find('\n').map_or(text.len(), |e| start + e);
        let src = text[start..end_of_line].trim_end_matches('\r');
        let under_end = l.span.end.min(start + src.len()).max(l.span.start);
        let pad: String = text[start..l.span.start]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = text[l.span.start..under_end].chars().count().max(1);
        let mark = if i == 0 { '^' } else { '-' };
        out.push_str(&format!(
            "  --> {line}:{col}\n   | {src}\n   | {pad}{} {}\n",
            mark.to_string().repeat(width),
            l.message
        ));
    }
    if let Some(h) = &d.help {
        out.push_str(&format!("   = help: {h}\n"));
    }
    out
}

/// Renders every diagnostic of a parse, or `no diagnostics`.
pub fn render(text: &str, parsed: &Parsed) -> String {
    if parsed.diagnostics.is_empty() {
        return "no diagnostics\n".to_string();
    }
    parsed
        .diagnostics
        .iter()
        .map(|d| render_one(text, d))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every label lies inside the text and on char boundaries.
pub fn spans_ok(text: &str, parsed: &Parsed) -> bool {
    parsed.diagnostics.iter().flat_map(|d| &d.labels).all(|l| {
        l.span.start <= l.span.end
            && l.span.end <= text.len()
            && text.is_char_boundary(l.span.start)
            && text.is_char_boundary(l.span.end)
    })
}

/// No grammar rule name reaches the user: no `EOI`, no snake_case outside backticks.
pub fn no_rule_names(parsed: &Parsed) -> Result<(), String> {
    for d in &parsed.diagnostics {
        let mut all = d.message.clone();
        if let Some(h) = &d.help {
            all.push(' ');
            all.push_str(h);
        }
        for l in &d.labels {
            all.push(' ');
            all.push_str(&l.message);
        }
        let outside: String = all.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        if outside.contains("EOI") || outside.contains('_') || outside.contains("SOI") {
            return Err(format!("rule name in diagnostic: {all}"));
        }
    }
    Ok(())
}
