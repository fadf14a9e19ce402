//! Checking a set of scenarios: the one place `muster check`, `muster build` and
//! `muster watch` call the checker. Scenarios run in parallel (rayon); results come
//! back in the discovery's order (sorted by the path shown).

use crate::output_names;
use crate::pack::{self, Discovery, Target, CONFIG_FILE};

use crate::terminal;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use muster_check::{run_cached, Outcome};
use muster_model::analysis::Analysis;
use muster_model::model::Model;
use muster_model::SourceCache;
use muster_syntax::{Diagnostic, Severity};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// Above this many scenarios a progress bar is shown (on a terminal's stderr).
const PROGRESS_THRESHOLD: usize = 20;

/// A file a diagnostic may point into, as the user should see it.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path shown to the user (relative to the working folder when below it).
    pub display: String,
    /// Pack-relative path (SARIF uses it).
    pub relative: String,
    /// Shared with the model and the parse cache: every scenario that reads a
    /// library points at one copy of its text.
    pub text: Arc<str>,
    /// Where each line of `text` starts, built when a label is first located.
    pub lines: OnceLock<Vec<usize>>,
}

impl Source {
    pub fn new(display: String, relative: String, text: Arc<str>) -> Source {
        Source {
            display,
            relative,
            text,
            lines: OnceLock::new(),
        }
    }

    /// The byte offset of each line's start (see [`crate::output::location`]).
    pub fn line_starts(&self) -> &[usize] {
        self.lines
            .get_or_init(|| crate::output::location::line_starts(&self.text))
    }
}

/// The result of checking one scenario (or a pack's `muster.toml`).
#[derive(Debug)]
pub struct Checked {
    /// Index into [`Discovery::packs`].
    pub pack: usize,
    /// The scenario's path as shown.
    pub display: String,
    /// Pack-relative path.
    pub relative: String,
    /// Checked as a library file (syntax and imports only).
    pub library: bool,
    /// Indexed by `FileId`: the scenario first, then every file it read.
    pub sources: Vec<Source>,
    pub diagnostics: Vec<Diagnostic>,
    /// The model and analysis, kept only when asked (for building).
    pub model: Option<(Model, Analysis)>,
}

impl Checked {
    /// Findings of this severity, counting those a closing MC007 stands for.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .map(|d| d.weight())
            .sum()
    }

    /// Whether this is a scenario (not a `muster.toml` report, an unreadable
    /// folder or a library).
    pub fn is_scenario(&self) -> bool {
        !self.library && self.relative.ends_with(".muster")
    }

    /// A report on something of the pack that is not a scenario it checked.
    fn pack_report(pack: usize, display: String, relative: &str, text: Arc<str>) -> Checked {
        Checked {
            pack,
            display: display.clone(),
            relative: relative.into(),
            library: false,
            sources: vec![Source::new(display, relative.into(), text)],
            diagnostics: Vec::new(),
            model: None,
        }
    }
}

/// The parse-once caches of a run, one per pack root (paths are pack-relative,
/// so two packs' `lib/x.muster` are different files). `check` and `build` use a
/// fresh one per run; `watch` keeps one for the session, so a save re-parses only
/// the files whose text changed.
#[derive(Default)]
pub struct Caches(Mutex<HashMap<PathBuf, Arc<SourceCache>>>);

impl Caches {
    fn for_root(&self, root: &Path) -> Arc<SourceCache> {
        match self.0.lock() {
            Ok(mut m) => Arc::clone(m.entry(root.to_path_buf()).or_default()),
            Err(_) => Arc::new(SourceCache::new()),
        }
    }
}

/// Checks every target, then reports each pack's `muster.toml` problems and its
/// unreadable folders first; `keep_models` keeps what `build` needs.
pub fn check_all(discovery: &Discovery, keep_models: bool, caches: &Caches) -> Vec<Checked> {
    let mut results = config_reports(discovery);
    results.append(&mut unreadable_reports(discovery));
    results.append(&mut check_targets(
        discovery,
        &discovery.targets,
        keep_models,
        caches,
    ));
    results
}

/// Checks some targets of a discovery (watch re-checks only what a change touched),
/// in parallel; results come back in the order of `targets`.
pub fn check_targets(
    discovery: &Discovery,
    targets: &[Target],
    keep_models: bool,
    caches: &Caches,
) -> Vec<Checked> {
    let progress = progress_bar(targets.len());
    let collisions = output_names::collisions(discovery);
    let results: Vec<Checked> = targets
        .par_iter()
        .map(|target| {
            let pack = &discovery.packs[target.pack];
            if let Some(reason) = unreadable(pack, &target.path) {
                progress.inc(1);
                let mut report = Checked::pack_report(
                    target.pack,
                    pack.display(&target.path),
                    &target.path,
                    Arc::from(""),
                );
                let shown = report.display.clone();
                report
                    .diagnostics
                    .push(pack::unreadable_diagnostic(&shown, "file", &reason));
                return report;
            }
            let cache = caches.for_root(&pack.root);
            let outcome = run_cached(&pack.world, &target.path, &pack.config, &cache);
            progress.inc(1);
            let mut checked = into_checked(
                discovery,
                target.pack,
                &target.path,
                target.library,
                outcome,
                keep_models,
            );
            if let Some(d) = collisions.get(&(target.pack, target.path.clone())) {
                checked.diagnostics.push(d.clone());
            }
            checked
        })
        .collect();
    progress.finish_and_clear();
    results
}

/// A report for each pack whose `muster.toml` has problems.
pub fn config_reports(discovery: &Discovery) -> Vec<Checked> {
    discovery
        .packs
        .iter()
        .enumerate()
        .filter_map(|(i, pack)| {
            let (text, problems) = pack.config_problems.clone()?;
            let mut report =
                Checked::pack_report(i, pack.display(CONFIG_FILE), CONFIG_FILE, text.into());
            report.diagnostics = problems;
            Some(report)
        })
        .collect()
}

/// MC120 for a file or folder muster will not read.
fn refused_diagnostic(shown: &str, reason: &str) -> muster_syntax::Diagnostic {
    muster_syntax::Diagnostic::error(
        crate::walk::REFUSED_FILE,
        format!("muster does not read `{shown}`: {reason}"),
    )
    .with_help("give scenarios plain names and keep them in regular files inside the pack")
}

/// A report for each folder that could not be searched (MC116) and each file or
/// folder refused (MC120).
pub fn unreadable_reports(discovery: &Discovery) -> Vec<Checked> {
    discovery
        .unreadable
        .iter()
        .map(|u| {
            let pack = &discovery.packs[u.pack];
            let mut report =
                Checked::pack_report(u.pack, pack.display(&u.path), &u.path, Arc::from(""));
            let shown = report.display.clone();
            report.diagnostics.push(if u.refused {
                refused_diagnostic(&shown, &u.reason)
            } else {
                pack::unreadable_diagnostic(&shown, "folder", &u.reason)
            });
            report
        })
        .collect()
}

/// Why the scenario file at `path` cannot be opened, when it cannot (permission):
/// reported as such, not as a missing import and an empty scenario.
fn unreadable(pack: &pack::Pack, path: &str) -> Option<String> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = pack.world.locate(path).ok()?;
    // Never waits: a FIFO put in a scenario's place opens at once, and is then
    // refused by the read as not a regular file.
    match std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(file)
    {
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(pack::reason(&e)),
    }
}

fn into_checked(
    discovery: &Discovery,
    pack: usize,
    path: &str,
    library: bool,
    outcome: Outcome,
    keep_models: bool,
) -> Checked {
    let Outcome {
        model,
        analysis,
        mut diagnostics,
    } = outcome;
    let p = &discovery.packs[pack];
    if library {
        // the scenario-level checks need a scenario
        diagnostics.retain(|d| d.code.phase().applies_to_library());
    }
    for d in &mut diagnostics {
        bound_texts(d);
    }
    let sources = model
        .files
        .iter()
        .map(|f| Source::new(p.display(&f.path), f.path.clone(), Arc::clone(&f.text)))
        .collect();
    Checked {
        pack,
        display: p.display(path),
        relative: path.to_string(),
        library,
        sources,
        diagnostics,
        model: keep_models.then_some((model, analysis)),
    }
}

/// Longest message, help or label text kept, in characters: a message quoting
/// a 3 MB token must not become megabytes of report.
const MAX_TEXT: usize = 300;

fn bound(text: &mut String) {
    if let Some((cut, _)) = text.char_indices().nth(MAX_TEXT) {
        text.truncate(cut);
        text.push('…');
    }
}

fn bound_texts(d: &mut Diagnostic) {
    bound(&mut d.message);
    if let Some(help) = &mut d.help {
        bound(help);
    }
    for label in &mut d.labels {
        bound(&mut label.message);
    }
}

fn progress_bar(len: usize) -> ProgressBar {
    if len <= PROGRESS_THRESHOLD || !terminal::stderr_is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} checking {pos}/{len} scenarios {wide_bar}")
    {
        bar.set_style(style);
    }
    bar
}

/// Totals over a run, for the summary line and the exit status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub scenarios: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Totals {
    pub fn of(results: &[Checked]) -> Totals {
        let mut t = Totals::default();
        for c in results {
            if c.relative.ends_with(".muster") {
                t.scenarios += 1;
            }
            t.errors += c.count(Severity::Error);
            t.warnings += c.count(Severity::Warning);
            t.notes += c.count(Severity::Note);
        }
        t
    }

    /// Whether the run fails: errors, or warnings when they are denied.
    pub fn fails(&self, deny_warnings: bool) -> bool {
        self.errors > 0 || (deny_warnings && self.warnings > 0)
    }
}
