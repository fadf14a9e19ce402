//! `muster export geojson`: a scenario's map and elements as GeoJSON in longitude
//! and latitude, fogged per view as that side's JSON is.

use super::Status;
use crate::error::CliError;
use crate::output;
use crate::pack::Discovery;
use crate::pipeline::{self, Checked};
use muster_model::earth::Georeference;
use muster_syntax::{Code, Diagnostic, Severity, Span};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The scenario file
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// Whose view: `umpire` (everything) or a side's id (fog of war applied, as
    /// in that side's JSON and briefing)
    #[arg(long, value_name = "umpire|SIDE", default_value = "umpire")]
    pub view: String,
    /// Write the GeoJSON to this file (replaced atomically) instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// The view word that means everything.
const UMPIRE: &str = "umpire";

pub fn export(args: &ExportArgs) -> Result<Status, CliError> {
    let mut s = Scenario::check(&args.path)?;
    let Some(georeference) = s.georeference() else {
        return s.refuse("exported");
    };
    let (results, at) = (&s.results, s.at);
    let checked = &results[at];
    let Some((model, analysis)) = &checked.model else {
        return s.refuse("exported");
    };
    let full = muster_render::json::scenario(model, analysis);
    let doc = if args.view == UMPIRE {
        full
    } else if full.side(&args.view).is_some() {
        muster_render::json::for_side(&full, &args.view)
    } else {
        let sides: Vec<String> = full.sides.iter().map(|s| format!("`{}`", s.id)).collect();
        return Err(CliError::UnknownView {
            view: args.view.clone(),
            sides: sides.join(", "),
        });
    };
    let collection = muster_render::geojson::feature_collection(&doc, &georeference.projection());
    let mut text =
        serde_json::to_string_pretty(&collection).map_err(|e| CliError::Stdout(e.to_string()))?;
    text.push('\n');
    match &args.out {
        None => super::print_out(&text)?,
        Some(file) => {
            let written = write_one(file, &text)?;
            eprintln!("exported `{}` to `{}`", checked.display, written.display());
        }
    }
    Ok(Status::Clean)
}

/// One scenario checked for export or import, its model kept.
pub(crate) struct Scenario {
    started: Instant,
    discovery: Discovery,
    pub results: Vec<Checked>,
    /// The scenario's place in `results`.
    pub at: usize,
}

impl Scenario {
    /// Checks the scenario at `path`: exactly one scenario file.
    pub fn check(path: &std::path::Path) -> Result<Scenario, CliError> {
        let started = Instant::now();
        let discovery = Discovery::find(std::slice::from_ref(&path.to_path_buf()))?;
        let results = pipeline::check_all(&discovery, true, &pipeline::Caches::default());
        let at = one_scenario(&results).ok_or_else(|| CliError::NotOneScenario(path.into()))?;
        Ok(Scenario {
            started,
            discovery,
            results,
            at,
        })
    }

    /// The georeference of a scenario without errors. `None` when it has errors
    /// or no georeference; MC950 is then among its findings, which keep only
    /// what stops the work (no notes or warnings).
    pub fn georeference(&mut self) -> Option<Georeference> {
        if self.results.iter().any(|c| c.count(Severity::Error) > 0) {
            return None;
        }
        let header = self.results[self.at]
            .model
            .as_ref()
            .and_then(|(m, _)| m.header.as_ref());
        let found = header.and_then(|h| h.georeference.clone());
        let d = needs_georeference(header.map(|h| h.loc));
        let checked = &mut self.results[self.at];
        checked
            .diagnostics
            .retain(|d| d.severity == Severity::Error);
        if found.is_none() {
            checked.diagnostics.push(d);
        }
        found
    }

    /// Prints the findings that stop the work; nothing is written (exit 1).
    pub fn refuse(&self, done: &str) -> Result<Status, CliError> {
        output::print(
            crate::cli::Format::Human,
            &self.discovery,
            &self.results,
            self.started.elapsed(),
        )?;
        eprintln!("{done} nothing");
        Ok(Status::Failed)
    }
}

/// The index of the only scenario checked, if exactly one was.
pub(crate) fn one_scenario(results: &[Checked]) -> Option<usize> {
    let mut scenarios = results
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_scenario())
        .map(|(i, _)| i);
    let first = scenarios.next()?;
    scenarios.next().is_none().then_some(first)
}

/// MC950 at the scenario's header (or the file's start when it has none).
pub(crate) fn needs_georeference(header: Option<muster_model::model::Loc>) -> Diagnostic {
    let (file, span) = header.map_or((muster_syntax::FileId(0), Span::new(0, 0)), |l| {
        (l.file, l.span)
    });
    Diagnostic::error(
        Code::MC950,
        "the scenario does not say where its table lies on the Earth",
    )
    .with_label(file, span, "this header has no `georeference`")
    .with_help(
        "add `georeference LATITUDE LONGITUDE north-bearing DEGREES \"source\"` to the header, \
         such as `georeference 49.2410N 0.2720W north-bearing 0 \"IGN map, sheet 1612 OT\"`",
    )
}

/// Writes `text` to `file` atomically through the folder's handle.
fn write_one(file: &std::path::Path, text: &str) -> Result<PathBuf, CliError> {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| CliError::OutputEscapes(file.display().to_string()))?;
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let out = crate::write::OutDir::open(&crate::out_root::OutRequest::Given(folder), &[])?;
    out.write(name, text)
}
