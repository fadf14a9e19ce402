//! `--format github`: GitHub Actions workflow commands, one annotation per
//! diagnostic, escaped by the runner's rules.

use crate::output::location;
use crate::output::rule_name;
use crate::pipeline::Checked;
use muster_syntax::Severity;

/// One `::error …::message` line per diagnostic, in parts (one per result)
/// rendered in parallel.
pub fn render_parts(results: &[Checked]) -> Vec<String> {
    use rayon::prelude::*;
    results.par_iter().map(annotations).collect()
}

/// The annotations of one result.
fn annotations(c: &Checked) -> String {
    let mut out = String::new();
    for d in &c.diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut props = Vec::new();
        match d.primary() {
            Some(label) => {
                let source = c.sources.get(label.file.0 as usize);
                let file = source.map_or(c.display.as_str(), |s| s.display.as_str());
                let r = location::locate(source, label.span);
                // GitHub's end column is inclusive: the last character marked.
                let end_column = if r.end.line == r.start.line {
                    (r.end.column.saturating_sub(1)).max(r.start.column)
                } else {
                    r.end.column.saturating_sub(1).max(1)
                };
                props.push(format!("file={}", property(file)));
                props.push(format!("line={}", r.start.line));
                props.push(format!("col={}", r.start.column));
                props.push(format!("endLine={}", r.end.line));
                props.push(format!("endColumn={end_column}"));
            }
            None => props.push(format!("file={}", property(&c.display))),
        }
        let title = format!("{} {}", d.code, rule_name(d.code));
        props.push(format!("title={}", property(&title)));
        out.push_str(&format!(
            "::{command} {}::{}\n",
            props.join(","),
            data(&crate::output::plain_message(d))
        ));
    }
    out
}

/// Escapes a command's message: `%`, CR and LF.
pub fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value: as [`data`], plus `:` and `,`.
pub fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_by_github_rules() {
        assert_eq!(data("50% off\r\nnext"), "50%25 off%0D%0Anext");
        assert_eq!(property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
