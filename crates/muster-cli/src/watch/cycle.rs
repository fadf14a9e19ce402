//! One watch cycle: find the scenarios again (files come and go), re-check those a
//! burst of changes affects through the CLI's pipeline, rebuild the clean ones, and
//! say what happened. The last good outputs of a broken scenario stay on disk.
use muster_syntax::Code;

use super::filter::{canonical_lenient, Change, Filter};
use super::plan::{Graph, Key, Known};
use super::screen::Rendered;
use super::standing::{Counts, Findings, Standing};
use super::status::Cycle;
use crate::commands::build::{compile_templates, read_template_overrides, write_outputs};
use crate::error::CliError;
use crate::out_root::{OutRequest, OutRoot};
use crate::output::human;
use crate::pack::{Discovery, CONFIG_FILE};
use crate::pipeline::{self, Checked};
use crate::write::OutDir;
use muster_model::FindingsLimit;
use muster_render::Templates;
use muster_syntax::Severity;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The code of a missing import: such a scenario is re-checked on any new file.
const IMPORT_NOT_FOUND: Code = Code::MC104;

/// A pack's template files by name; `None` for the built-in templates.
type TemplateTexts = Option<BTreeMap<String, String>>;

/// What persists between cycles.
pub struct Session {
    paths: Vec<PathBuf>,
    out: Option<OutDir>,
    /// The canonical pack roots whose sources the output may never hold.
    sources: Vec<PathBuf>,
    graph: Graph,
    filters: Vec<Filter>,
    /// Compiled templates by the template texts they came from (`None`: built-in),
    /// so a rebuild does not recompile them unless a template file changed.
    templates: Vec<(TemplateTexts, Result<Templates, String>)>,
    /// Whether notes are printed (`--notes`); they are always counted.
    notes: bool,
    /// Trees of the files parsed so far; a save re-parses only what changed.
    caches: pipeline::Caches,
    /// Every file's findings from its last check: the screen shows them all.
    standing: Standing,
    /// Findings of one code shown per file (`--max-diagnostics`).
    limit: FindingsLimit,
}

/// A cycle's outcome: the status and the diagnostics of the scenarios it checked.
pub struct Report {
    pub cycle: Cycle,
    pub rendered: Rendered,
    /// Whether any output was written (the served pages reload).
    pub wrote: bool,
    /// The output folder now (the server serves it).
    pub out_root: Option<OutRoot>,
    /// What the studio page learns of the scenarios checked.
    pub studio: Vec<super::studio::Index>,
}

impl Session {
    /// Finds the packs the paths name and opens the output folder: `out`, else
    /// the first pack's `out` from `muster.toml` (as `muster build`), else none
    /// (check only; `serve` then has nothing to serve).
    pub fn open(
        paths: &[PathBuf],
        out: Option<&Path>,
        notes: bool,
        serve: bool,
        limit: FindingsLimit,
    ) -> Result<Session, CliError> {
        let discovery = Discovery::find(paths)?.limited(limit);
        let sources: Vec<PathBuf> = discovery.packs.iter().map(|p| p.root.clone()).collect();
        let configured = discovery.packs.first().and_then(|pack| {
            pack.config.out.as_ref().map(|out| OutRequest::Configured {
                pack_root: pack.root.clone(),
                out: out.clone(),
            })
        });
        let request = match out {
            Some(dir) => Some(OutRequest::Given(dir.to_path_buf())),
            None => configured,
        };
        let out = match request {
            Some(request) => {
                let opened = OutDir::open(&request, &sources)?.without_sync();
                let _lock = opened.lock()?;
                opened.remove_stale_temporaries();
                Some(opened)
            }
            None if serve => return Err(CliError::NoOut),
            None => None,
        };
        let mut session = Session {
            paths: paths.to_vec(),
            out,
            sources,
            graph: Graph::default(),
            filters: Vec::new(),
            templates: Vec::new(),
            notes,
            caches: pipeline::Caches::default(),
            standing: Standing::default(),
            limit,
        };
        session.refresh_filters(&discovery);
        Ok(session)
    }

    /// The canonical pack roots, watched recursively.
    pub fn roots(&self) -> Vec<PathBuf> {
        self.filters.iter().map(|f| f.root.clone()).collect()
    }

    /// The resolved output folder, when building.
    pub fn out_root(&self) -> Option<&OutRoot> {
        self.out.as_ref().map(OutDir::root)
    }

    /// Folders whose events are the watch's own doing (the output folders).
    pub fn outputs(&self) -> Vec<PathBuf> {
        let mut outputs: Vec<PathBuf> = self
            .filters
            .iter()
            .flat_map(|f| f.outputs.iter().cloned())
            .collect();
        outputs.sort();
        outputs.dedup();
        outputs
    }

    /// The changes an event's paths amount to, each with its pack root.
    pub fn classify(&self, paths: &[PathBuf]) -> Vec<(PathBuf, Change)> {
        let mut changes: Vec<(PathBuf, Change)> = paths
            .iter()
            .filter_map(|p| {
                self.filters
                    .iter()
                    .find_map(|f| Some((f.root.clone(), f.classify(p)?)))
            })
            .filter(|(root, change)| match change {
                Change::Folder(folder) => {
                    self.graph.knows_folder(root, folder) || holds_scenarios(&root.join(folder))
                }
                _ => true,
            })
            .collect();
        changes.sort();
        changes.dedup();
        changes
    }

    fn refresh_filters(&mut self, discovery: &Discovery) {
        let given: Option<PathBuf> = self.out_root().map(|r| r.path().to_path_buf());
        self.filters = discovery
            .packs
            .iter()
            .map(|pack| {
                let configured = pack
                    .config
                    .out
                    .as_deref()
                    .map(|o| canonical_lenient(&pack.root.join(o)));
                Filter {
                    root: pack.root.clone(),
                    templates: pack
                        .config
                        .templates
                        .as_deref()
                        .map(|t| canonical_lenient(&pack.root.join(t))),
                    // `muster build` may write into the pack's own `out` meanwhile.
                    outputs: given.iter().chain(configured.iter()).cloned().collect(),
                }
            })
            .collect();
    }

    /// Runs one cycle; `changes` is `None` for the first one (check everything).
    pub fn cycle(&mut self, trigger: String, changes: Option<&[(PathBuf, Change)]>) -> Report {
        let mut cycle = Cycle {
            trigger,
            built: self.out.as_ref().map(|_| 0),
            notes_hidden: !self.notes,
            ..Cycle::default()
        };
        let mut discovery = match Discovery::find(&self.paths) {
            Ok(d) => d.limited(self.limit),
            Err(e) => {
                cycle.trouble = Some(e.to_string());
                return Report {
                    cycle,
                    rendered: Rendered::default(),
                    wrote: false,
                    out_root: None,
                    studio: Vec::new(),
                };
            }
        };
        self.refresh_filters(&discovery);
        let key = |d: &Discovery, pack: usize, path: &str| -> Key {
            (d.packs[pack].root.clone(), path.to_string())
        };
        let targets: BTreeSet<Key> = discovery
            .targets
            .iter()
            .map(|t| key(&discovery, t.pack, &t.path))
            .collect();
        self.graph.retain(&targets);
        let building = self.out.is_some();
        let config_changed = changes.is_none_or(|c| c.iter().any(|(_, c)| *c == Change::Config));
        let affected = match changes {
            None => targets.clone(),
            Some(changes) => self.graph.affected(&targets, changes, building),
        };
        let packs = &discovery.packs;
        discovery
            .targets
            .retain(|t| affected.contains(&(packs[t.pack].root.clone(), t.path.clone())));
        let mut results = pipeline::check_all(&discovery, building, &self.caches);
        results.retain(|c| config_changed || c.relative != CONFIG_FILE);
        for checked in results.iter().filter(|c| c.relative.ends_with(".muster")) {
            cycle.checked += 1;
            self.graph.record(
                key(&discovery, checked.pack, &checked.relative),
                known(checked),
            );
        }
        // What stands: every file still found; a `muster.toml` report until the
        // file changes; reports on unreadable folders are made afresh each cycle.
        self.standing
            .begin(|k| targets.contains(k) || (k.1 == CONFIG_FILE && !config_changed));
        for checked in &results {
            let of = |severity: Severity| {
                human::render_each(std::slice::from_ref(checked), |s| s == severity)
            };
            let findings = Findings {
                errors: of(Severity::Error),
                warnings: of(Severity::Warning),
                notes: if self.notes {
                    of(Severity::Note)
                } else {
                    Vec::new()
                },
                counts: Counts {
                    errors: checked.count(Severity::Error),
                    warnings: checked.count(Severity::Warning),
                    notes: checked.count(Severity::Note),
                },
            };
            self.standing
                .record(key(&discovery, checked.pack, &checked.relative), findings);
        }
        let counts = self.standing.counts();
        cycle.errors = counts.errors;
        cycle.warnings = counts.warnings;
        cycle.notes = counts.notes;
        let wrote = self.build(&discovery, &results, &mut cycle);
        let rendered = self.standing.rendered();
        let studio = match self.out {
            Some(_) => results
                .iter()
                .filter(|c| c.is_scenario())
                .map(|c| super::studio::index(c, &discovery.packs[c.pack].root))
                .collect(),
            None => Vec::new(),
        };
        Report {
            cycle,
            rendered,
            wrote,
            out_root: self.out_root().cloned(),
            studio,
        }
    }

    /// After the output folder was replaced in place (a checkout or sync tool
    /// swapped the pack folder holding it), the folder now at the same canonical
    /// path, made when missing and resolved with every check of a fresh start.
    /// A path that now leads elsewhere (a symlink put there) is never followed.
    fn reopen_out(&self) -> Option<OutDir> {
        let old = self.out.as_ref()?.root().path().to_path_buf();
        let parent = old.parent()?;
        if std::fs::canonicalize(parent).ok()? != parent {
            return None;
        }
        match std::fs::create_dir(&old) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(_) => return None,
        }
        if !std::fs::symlink_metadata(&old).is_ok_and(|m| m.is_dir()) {
            return None;
        }
        let fresh = OutDir::open(&OutRequest::Given(old.clone()), &self.sources).ok()?;
        (fresh.root().path() == old).then(|| fresh.without_sync())
    }

    /// Writes the outputs of every clean scenario (in parallel); counts the held-back ones.
    fn build(&mut self, discovery: &Discovery, results: &[Checked], cycle: &mut Cycle) -> bool {
        let replaced = match &self.out {
            None => return false,
            Some(out) => !out.root().verify(),
        };
        if replaced {
            if let Some(fresh) = self.reopen_out() {
                self.out = Some(fresh);
            }
        }
        let keys: Vec<_> = discovery
            .packs
            .iter()
            .map(read_template_overrides)
            .collect();
        for key in keys.iter().flatten() {
            if !self.templates.iter().any(|(k, _)| k == key) {
                self.templates
                    .push((key.clone(), compile_templates(key.as_ref())));
            }
        }
        // forget template sets no pack uses any more (edited away)
        self.templates
            .retain(|(k, _)| keys.iter().flatten().any(|key| key == k));
        let cached = &self.templates;
        let templates: Vec<Result<&Templates, String>> = keys
            .into_iter()
            .map(|key| {
                let key = key?;
                match cached.iter().find(|(k, _)| *k == key).map(|(_, t)| t) {
                    Some(Ok(t)) => Ok(t),
                    Some(Err(e)) => Err(e.clone()),
                    None => Err("templates not compiled".to_string()),
                }
            })
            .collect();
        let Some(out) = &self.out else {
            return false;
        };
        let scenarios: Vec<&Checked> = results.iter().filter(|c| c.is_scenario()).collect();
        // Only scenarios built before have outputs to keep.
        cycle.held = scenarios
            .iter()
            .filter(|c| c.count(Severity::Error) > 0)
            .filter(|c| {
                out.root()
                    .path()
                    .join(muster_render::folder_of(&c.relative))
                    .is_dir()
            })
            .count();
        let _lock = match out.lock() {
            Ok(lock) => lock,
            Err(e) => {
                cycle.built = Some(0);
                cycle.trouble = Some(e.to_string());
                return false;
            }
        };
        // A pack whose `muster.toml` is broken may have lost house rules (a fog
        // rule raised to `deny`): nothing of it is written, as for `muster build`.
        let broken_config = |c: &Checked| discovery.packs[c.pack].config_problems.is_some();
        if scenarios.iter().any(|c| broken_config(c)) {
            cycle.trouble = Some("`muster.toml` has problems; nothing written for its pack".into());
        }
        let written: Vec<Result<(), String>> = scenarios
            .par_iter()
            .filter(|c| c.count(Severity::Error) == 0 && !broken_config(c))
            .map(|c| {
                let templates = templates
                    .get(c.pack)
                    .cloned()
                    .unwrap_or_else(|| Err("no templates for this pack".to_string()));
                write_outputs(c, templates, out)
                    .map(|_| ())
                    .map_err(|e| format!("cannot build `{}`: {e}", c.display))
            })
            .collect();
        let built = written.iter().filter(|w| w.is_ok()).count();
        let problems: Vec<String> = written.into_iter().filter_map(Result::err).collect();
        cycle.built = Some(built);
        if !problems.is_empty() {
            let mut all: Vec<String> = cycle.trouble.take().into_iter().collect();
            all.extend(problems);
            cycle.trouble = Some(all.join("; "));
        }
        built > 0
    }
}

/// Whether a folder (just added or renamed into place) holds any `*.muster` file.
fn holds_scenarios(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| {
            let path = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => holds_scenarios(&path),
                Ok(_) => path.extension().is_some_and(|x| x == "muster"),
                Err(_) => false,
            }
        })
}

/// The dependency set the pipeline reported for one scenario.
fn known(checked: &Checked) -> Known {
    let mut deps: BTreeSet<String> = checked.sources.iter().map(|s| s.relative.clone()).collect();
    deps.insert(checked.relative.clone());
    Known {
        deps,
        unresolved: checked
            .diagnostics
            .iter()
            .any(|d| d.code == IMPORT_NOT_FOUND),
    }
}
