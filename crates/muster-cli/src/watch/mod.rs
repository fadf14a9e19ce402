//! `muster watch`: re-check (and with `--out` rebuild) the scenarios each save
//! affects, print one status line per save burst, optionally serve the briefings
//! to a browser that reloads itself after each rebuild.
//!
//! Editors save in many ways (in place, write-and-rename, JetBrains safe write,
//! delete and recreate); watching each pack root recursively and re-discovering the
//! scenarios every cycle makes all of them look alike: "these paths changed".

mod cycle;
mod events;
mod filter;
pub(crate) mod page;
mod plan;
mod screen;
mod serve;
mod standing;
mod status;
pub(crate) mod studio;
mod tree;

pub(crate) use filter::canonical_lenient;

use crate::commands::Status;
use crate::error::CliError;
use crate::terminal;
use cycle::{Report, Session};
use events::{Events, Message, Timing};
use filter::Change;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::Tree;

/// How long to wait for a watched folder that vanished to come back, between looks.
const VANISHED_POLL: Duration = Duration::from_millis(500);
/// How often the pack roots are looked at while no event comes: a root replaced
/// in one step (`mv p.new p`) sends nothing to the watches on the old folder.
const ROOT_POLL: Duration = Duration::from_millis(250);

/// Shown under `muster watch --help`.
pub const EXAMPLES: &str = "\
Examples:
  muster watch                          every scenario under the current folder
  muster watch scenarios/ --out site/   rebuild briefings after each save
  muster watch scenarios/ --out site/ --serve --port 8047
                                        preview in a browser that reloads itself

Per save: the standing findings of the whole pack, whichever file was saved
(errors first, then warnings, notes only with --notes; the file changed last
first), then one status line: what changed, scenarios re-checked, and the pack's
errors, warnings and notes, time. On a terminal each save redraws the screen, cut
to fit so the first error stays in view. A scenario with errors keeps its last
good outputs. Ctrl-C stops (exit status 0).";

/// Options of `muster watch`.
#[derive(Debug, clap::Args)]
pub struct WatchArgs {
    /// Scenario files or folders; each one's pack root is watched recursively
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Rebuild JSON and briefings into this folder after each check (default:
    /// `out` from muster.toml, if set)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Serve the output folder on 127.0.0.1, reloading open pages after each rebuild
    #[arg(long)]
    pub serve: bool,
    /// Port for --serve (0 picks a free one)
    #[arg(long, default_value_t = 8047, requires = "serve")]
    pub port: u16,
    /// Quiet time in milliseconds that ends a burst of saves
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub debounce: u64,
    /// Print notes too (they are always counted on the status line)
    #[arg(long)]
    pub notes: bool,
    /// Findings of one code shown per file; the rest are counted in one closing
    /// line (MC007). 0 shows them all
    #[arg(long, value_name = "N", default_value_t = muster_model::FindingsLimit::DEFAULT)]
    pub max_diagnostics: usize,
}

/// Shown under `muster studio --help`.
pub const STUDIO_EXAMPLES: &str = "\
Examples:
  muster studio scenarios/pegasus-bridge.muster   open http://127.0.0.1:8047/__muster/studio/
  muster studio scenarios/ --port 0 --out site/

The page shows the umpire's map (or a side's, as its briefing shows it),
redrawn after each save. Point for ground metres and table cm; click to copy
`(x,y)`, drag to copy `rect (x,y) size W by H`, Alt-drag for a line's points;
click an item for its source line. Nothing is written but the briefings.";

/// Options of `muster studio`.
#[derive(Debug, clap::Args)]
pub struct StudioArgs {
    /// Scenario files or folders; each one's pack root is watched recursively
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Build the briefings into this folder (default: `out` from muster.toml,
    /// else a temporary folder removed on exit)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Port on 127.0.0.1 (0 picks a free one)
    #[arg(long, default_value_t = 8047)]
    pub port: u16,
}

/// `muster studio`: `watch --serve` with the studio page first.
pub fn studio(args: &StudioArgs) -> Result<Status, CliError> {
    let mut watch = WatchArgs {
        paths: args.paths.clone(),
        out: args.out.clone(),
        serve: true,
        port: args.port,
        debounce: 100,
        notes: false,
        max_diagnostics: muster_model::FindingsLimit::DEFAULT,
    };
    match serving(&watch, studio::PAGE_PATH) {
        Err(CliError::NoOut) => {
            // Held until the studio stops, then removed with what was built.
            let scratch = tempfile::tempdir().map_err(|e| CliError::Io {
                path: std::env::temp_dir(),
                reason: e.to_string(),
            })?;
            watch.out = Some(scratch.path().to_path_buf());
            serving(&watch, studio::PAGE_PATH)
        }
        other => other,
    }
}

/// Runs until Ctrl-C (exit 0) or until the watch cannot go on (exit 2).
pub fn run(args: &WatchArgs) -> Result<Status, CliError> {
    serving(args, "")
}

/// The watch, serving `page` first when `--serve` is on.
fn serving(args: &WatchArgs, page: &str) -> Result<Status, CliError> {
    let timing = Timing::of(Duration::from_millis(args.debounce));
    // The port first: a port in use is reported before anything is created.
    let bound = match args.serve {
        true => Some(serve::bind(args.port).map_err(CliError::Serve)?),
        false => None,
    };
    let limit = muster_model::FindingsLimit::of(args.max_diagnostics);
    let mut session = Session::open(
        &args.paths,
        args.out.as_deref(),
        args.notes,
        args.serve,
        limit,
    )?;
    let shared = Arc::new(serve::Shared::default());
    // Lines kept at the top of every redrawn screen.
    let mut header = Vec::new();
    if let (Some(bound), Some(root)) = (bound, session.out_root()) {
        let url = serve::start(bound, root.clone(), Arc::clone(&shared));
        let url = match page {
            "" => url,
            page => format!("{}{page}", url.trim_end_matches('/')),
        };
        header.push(format!("serving {url} (Ctrl-C to stop)"));
        say(&header.join("\n"));
    }
    let emit = |report: &Report, started: Instant| emit(&header, report, started, &shared);
    let mut events = Events::start(&timing).map_err(|reason| CliError::Io {
        path: PathBuf::from("."),
        reason,
    })?;
    let mut tree = Tree::new(&session.roots(), session.outputs());
    for trouble in tree.watch_all(&mut events) {
        eprintln!("{} watch error: {trouble}", status::clock());
    }
    let shown: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
    let started = Instant::now();
    let report = session.cycle(format!("watching {}", shown.join(", ")), None);
    emit(&report, started);
    loop {
        // Roots an event names themselves (deleted, moved, recreated at once).
        let mut touched = Vec::new();
        let changes = match events.next_within(ROOT_POLL) {
            None => Vec::new(),
            Some(Message::Interrupt) => return Ok(stop()),
            Some(Message::Failed(reason)) => {
                eprintln!("{} watch error: {reason}", status::clock());
                Vec::new()
            }
            Some(Message::Paths(paths)) => {
                touched = tree.named(&paths);
                tree.add_new(&paths, &mut events);
                session.classify(&paths)
            }
        };
        match await_vanished_roots(&session, &mut events, &mut tree) {
            Roots::Interrupted => return Ok(stop()),
            Roots::CameBack(root) => {
                let started = Instant::now();
                let report = session.cycle(format!("{root} is back"), None);
                emit(&report, started);
                continue;
            }
            Roots::Present => {}
        }
        let mut replaced = tree.replaced();
        replaced.extend(touched.into_iter().filter(|r| r.is_dir()));
        replaced.sort();
        replaced.dedup();
        if !replaced.is_empty() {
            // A checkout or a sync tool swapped the folder: the watches on the old
            // one are gone with it (the new one may even reuse its inode number).
            let mut names = Vec::new();
            for root in &replaced {
                for trouble in tree.watch_root(root, &mut events) {
                    eprintln!("{} watch error: {trouble}", status::clock());
                }
                names.push(format!("`{}`", root.display()));
            }
            let started = Instant::now();
            let report = session.cycle(format!("{} was replaced", names.join(", ")), None);
            emit(&report, started);
            continue;
        }
        if changes.is_empty() {
            continue;
        }
        let Some(changes) = coalesce(changes, &session, &mut events, &tree, timing.quiet) else {
            return Ok(stop());
        };
        let started = Instant::now();
        let names: Vec<String> = changes.iter().map(|(_, c)| c.shown().to_string()).collect();
        let report = session.cycle(status::changed(&names), Some(&changes));
        emit(&report, started);
    }
}

/// Adds the changes that keep arriving until `quiet` passes without one, so one
/// save burst makes one cycle; `None` on Ctrl-C.
fn coalesce(
    mut changes: Vec<(PathBuf, Change)>,
    session: &Session,
    events: &mut Events,
    tree: &Tree,
    quiet: Duration,
) -> Option<Vec<(PathBuf, Change)>> {
    let mut deadline = Instant::now() + quiet;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        match events.next_within(left) {
            None => break,
            Some(Message::Interrupt) => return None,
            Some(Message::Failed(reason)) => {
                eprintln!("{} watch error: {reason}", status::clock());
            }
            Some(Message::Paths(paths)) => {
                tree.add_new(&paths, events);
                let more = session.classify(&paths);
                if !more.is_empty() {
                    changes.extend(more);
                    deadline = Instant::now() + quiet;
                }
            }
        }
    }
    changes.sort();
    changes.dedup();
    Some(changes)
}

/// Whether the watched pack folders are all there.
enum Roots {
    Present,
    /// One was removed and is back (shown path): check everything again.
    CameBack(String),
    Interrupted,
}

/// When a watched pack folder was removed: say so, wait for it to come back, and
/// watch it again.
fn await_vanished_roots(session: &Session, events: &mut Events, tree: &mut Tree) -> Roots {
    let mut back = None;
    for root in session.roots() {
        if root.is_dir() {
            continue;
        }
        events.unwatch(&root);
        say(&format!(
            "{} the watched folder `{}` was removed; waiting for it to come back (Ctrl-C to stop)",
            status::clock(),
            root.display()
        ));
        while !root.is_dir() {
            if let Some(Message::Interrupt) = events.next_within(VANISHED_POLL) {
                return Roots::Interrupted;
            }
        }
        for trouble in tree.watch_root(&root, events) {
            eprintln!("{} watch error: {trouble}", status::clock());
        }
        back = Some(format!("`{}`", root.display()));
    }
    match back {
        Some(root) => Roots::CameBack(root),
        None => Roots::Present,
    }
}

fn emit(header: &[String], report: &Report, started: Instant, shared: &serve::Shared) {
    let line = format!(
        "{} {}",
        status::clock(),
        report.cycle.line(started.elapsed())
    );
    // The server learns first: whoever reads the line may ask it at once.
    if let Some(root) = &report.out_root {
        shared.set_root(root);
    }
    shared.studied(report.studio.clone());
    if report.wrote {
        shared.rebuilt(&line);
    } else {
        shared.set_status(&line);
    }
    let text = screen::compose(header, &report.rendered, &line, terminal::size());
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn stop() -> Status {
    // On a terminal the status line has no newline of its own.
    if terminal::size().is_some() {
        say("");
    }
    say("stopped watching");
    Status::Clean
}
