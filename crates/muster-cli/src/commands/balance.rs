//! `muster balance PATH`: the balance report of each scenario, as text for the
//! terminal or (`--format json`) the `balance` part of the scenario JSON.
//! A scenario with errors gets its diagnostics instead: its figures would mislead.

use super::{print_out, Status};
use crate::error::CliError;
use crate::pack::Discovery;
use crate::pipeline::{self, Totals};
use clap::ValueEnum;
use serde::Serialize;
use std::path::PathBuf;

pub const EXAMPLES: &str = "\
Examples:
  muster balance scenarios/pegasus-bridge.muster
  muster balance scenarios/ --format json > balance.json

Reach uses the rates of `[balance]` in muster.toml (docs/balance.md): the
reference has no movement table, so they are assumptions you may change.";

#[derive(Debug, clap::Args)]
pub struct BalanceArgs {
    /// Scenario files or folders (searched recursively for *.muster)
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// How to print the report
    #[arg(long, value_enum, default_value_t = BalanceFormat::Text)]
    pub format: BalanceFormat,
}

/// The forms of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BalanceFormat {
    /// Tables for people
    Text,
    /// The `balance` object of the scenario JSON, one per scenario
    Json,
}

/// `--format json`: the reports of every scenario named.
#[derive(Serialize)]
struct Reports {
    format_version: u32,
    scenarios: Vec<Report>,
}

#[derive(Serialize)]
struct Report {
    file: String,
    balance: muster_render::json::balance::Balance,
}

pub fn run(args: &BalanceArgs) -> Result<Status, CliError> {
    let discovery = Discovery::find(&args.paths)?;
    let results = pipeline::check_all(&discovery, true, &pipeline::Caches::default());
    if Totals::of(&results).fails(false) {
        crate::output::print(
            crate::cli::Format::Human,
            &discovery,
            &results,
            std::time::Duration::ZERO,
        )?;
        return Ok(Status::Failed);
    }
    let mut reports = Vec::new();
    for r in results.iter().filter(|r| r.is_scenario()) {
        let Some((model, analysis)) = &r.model else {
            continue;
        };
        let report = muster_model::balance::report(model, analysis);
        reports.push((r, model, muster_render::json::balance::of(model, &report)));
    }
    match args.format {
        BalanceFormat::Text => {
            for (i, (r, model, b)) in reports.iter().enumerate() {
                let title = model
                    .header
                    .as_ref()
                    .map_or(r.display.as_str(), |h| h.title.text.as_str());
                if i > 0 {
                    print_out("\n")?;
                }
                print_out(&format!("{}\n", r.display))?;
                print_out(&muster_render::balance::text(title, b))?;
            }
        }
        BalanceFormat::Json => {
            let all = Reports {
                format_version: muster_render::json::FORMAT_VERSION,
                scenarios: reports
                    .into_iter()
                    .map(|(r, _, balance)| Report {
                        file: r.relative.clone(),
                        balance,
                    })
                    .collect(),
            };
            let text =
                serde_json::to_string_pretty(&all).map_err(|e| CliError::Stdout(e.to_string()))?;
            print_out(&text)?;
            print_out("\n")?;
        }
    }
    Ok(Status::Clean)
}
