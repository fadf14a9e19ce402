//! Printing check results in each format: human (miette), JSON, GitHub
//! workflow commands, SARIF. Every format reads the same [`Checked`] values.

pub mod github;
pub mod human;
pub mod json;
pub mod location;
pub mod sarif;
mod snippet;

use crate::cli::Format;
use crate::error::CliError;
use crate::pack::Discovery;
use crate::pipeline::{Checked, Totals};
use std::io::Write;
use std::time::Duration;

/// Prints the diagnostics of `results` in `format` to stdout, then the summary line
/// (stdout for people, stderr for machine formats so stdout stays parseable).
pub fn print(
    format: Format,
    discovery: &Discovery,
    results: &[Checked],
    elapsed: Duration,
) -> Result<(), CliError> {
    let totals = Totals::of(results);
    // Each scenario's part is rendered on the worker threads, and the parts are
    // written one after another: no whole-run copy of the output is built
    // (SARIF's single log, whose results share one run object, is rendered whole).
    let parts = match format {
        Format::Human => human::render_parts(results),
        Format::Json => json::render_parts(results, &totals),
        Format::Github => github::render_parts(results),
        Format::Sarif => vec![sarif::render(discovery, results)],
    };
    let summary = summary_line(&totals, elapsed);
    let stdout = |e: std::io::Error| CliError::Stdout(e.to_string());
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for part in &parts {
        out.write_all(part.as_bytes()).map_err(stdout)?;
    }
    if format == Format::Human {
        writeln!(out, "{summary}").map_err(stdout)?;
        out.flush().map_err(stdout)?;
    } else {
        out.flush().map_err(stdout)?;
        eprintln!("{summary}");
    }
    Ok(())
}

/// `checked 12 scenarios in 0.08s: 1 error, 2 warnings, 0 notes`
pub fn summary_line(t: &Totals, elapsed: Duration) -> String {
    format!(
        "checked {} in {:.2}s: {}, {}, {}",
        plural(t.scenarios, "scenario"),
        elapsed.as_secs_f64(),
        plural(t.errors, "error"),
        plural(t.warnings, "warning"),
        plural(t.notes, "note"),
    )
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A finding's message with its help and paragraph on lines of their own: the
/// one text of the formats that carry a single message (GitHub, SARIF).
pub fn plain_message(d: &muster_syntax::Diagnostic) -> String {
    let mut m = d.message.clone();
    if let Some(h) = &d.help {
        m.push_str("\nhelp: ");
        m.push_str(h);
    }
    if let Some(p) = d.paragraph {
        m.push_str("\nsee ");
        m.push_str(p);
    }
    m
}

/// A rule's kebab-case name, from the catalogue.
pub fn rule_name(code: muster_syntax::Code) -> &'static str {
    code.name()
}
