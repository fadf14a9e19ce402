//! `muster build`: check, then write each clean scenario's outputs (JSON and HTML
//! briefings) atomically under `--out`. A scenario with errors writes nothing and
//! leaves its earlier outputs untouched.

use super::Status;
use crate::cli::BuildArgs;
use crate::error::CliError;
use crate::out_root::OutRequest;
use crate::output;
use crate::pack::{Discovery, Pack};
use crate::pdf::Printer;
use crate::pipeline::{self, Checked, Totals};
use crate::write::OutDir;
use muster_model::World;
use muster_render::index::{index_html, IndexScenario};
use muster_render::{build_noted, Built, Templates};
use muster_syntax::Severity;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

pub fn run(args: &BuildArgs) -> Result<Status, CliError> {
    let started = Instant::now();
    // Without Chromium, `--pdf` stops before anything is checked or written.
    let printer = if args.pdf {
        Some(crate::pdf::printer(args.chromium.as_deref())?)
    } else {
        None
    };
    let discovery = Discovery::find(&args.options.paths)?.limited(muster_model::FindingsLimit::of(
        args.options.max_diagnostics,
    ));
    if discovery.packs.iter().any(|p| p.config_problems.is_some()) {
        // A broken `muster.toml` may have dropped house rules (fog of war made an
        // error): nothing is built until it is fixed, never with a fallback.
        let results = pipeline::check_all(&discovery, false, &pipeline::Caches::default());
        output::print(args.options.format, &discovery, &results, started.elapsed())?;
        eprintln!("built 0 scenarios: `muster.toml` has problems; nothing written");
        return Ok(Status::Failed);
    }
    refuse_unsafe_templates(&discovery)?;
    let sources: Vec<PathBuf> = discovery.packs.iter().map(|p| p.root.clone()).collect();
    let out = OutDir::open(&out_request(args, &discovery)?, &sources)?;
    let _lock = out.lock()?;
    crate::write::exit_cleanly_on_interrupt();
    out.remove_stale_temporaries();
    let mut results = pipeline::check_all(&discovery, true, &pipeline::Caches::default());
    let templates = discovery
        .packs
        .iter()
        .map(|p| load_templates(p).map(|t| t.with_paper(args.paper.paper())))
        .collect::<Vec<_>>();
    // Each clean scenario is drawn before the findings are printed, so that
    // what its maps could not draw (MC904–MC906) is reported with them.
    let mut drawn: Vec<Option<Result<Built, String>>> = results
        .iter()
        .map(|checked| {
            (checked.is_scenario() && checked.count(Severity::Error) == 0).then(|| {
                build_checked(
                    checked,
                    templates.get(checked.pack).map_or_else(
                        || Err("no templates for this pack".to_string()),
                        |t| t.as_ref().map_err(Clone::clone),
                    ),
                )
            })
        })
        .collect();
    for (checked, d) in results.iter_mut().zip(&drawn) {
        if let Some(Ok(b)) = d {
            checked.diagnostics.extend(b.notes.iter().cloned());
        }
    }
    output::print(args.options.format, &discovery, &results, started.elapsed())?;
    let mut failed = Totals::of(&results).fails(args.options.deny_warnings);
    let (mut built, mut skipped) = (0usize, 0usize);
    let mut index = Vec::new();
    for (checked, drawn) in results.iter().zip(drawn.iter_mut()) {
        if !checked.is_scenario() {
            continue;
        }
        let errors = checked.count(Severity::Error);
        if errors > 0 {
            skipped += 1;
            eprintln!(
                "skipped `{}`: {errors} error{}; nothing written, earlier outputs left as they were",
                checked.display,
                if errors == 1 { "" } else { "s" }
            );
            continue;
        }
        let files = drawn.take().unwrap_or_else(|| Err("not drawn".to_string()));
        match files.and_then(|b| write_built(checked, b.files, &out)) {
            Ok(mut entry) => {
                built += 1;
                eprintln!("built `{}`: {} files", checked.display, entry.files.len());
                if let Some(printer) = &printer {
                    match print_sheets(printer, &entry, &out, args.map_geometry) {
                        Ok((pages, pack)) => {
                            eprintln!(
                                "printed `{}`: {pages} pages in {GAME_PACK}",
                                checked.display
                            );
                            entry.game_pack = Some(pack);
                        }
                        Err(e) => {
                            failed = true;
                            eprintln!("error: cannot print `{}`: {e}", checked.display);
                            if let Some(help) = e.help() {
                                eprintln!("  help: {help}");
                            }
                        }
                    }
                }
                index.push(entry);
            }
            Err(message) => {
                failed = true;
                eprintln!("error: cannot build `{}`: {message}", checked.display);
            }
        }
    }
    if built > 0 {
        let generator = format!("muster {}", env!("CARGO_PKG_VERSION"));
        if let Err(e) = out.write(INDEX, &index_html(&index, &generator)) {
            failed = true;
            eprintln!("error: cannot write the index: {e}");
        }
    }
    eprintln!(
        "built {built} scenario{}, skipped {skipped}",
        if built == 1 { "" } else { "s" }
    );
    Ok(if failed {
        Status::Failed
    } else {
        Status::Clean
    })
}

/// `--out`, else the first pack's `out` setting (relative to its root, confined
/// to the pack).
fn out_request(args: &BuildArgs, discovery: &Discovery) -> Result<OutRequest, CliError> {
    if let Some(out) = &args.out {
        return Ok(OutRequest::Given(out.clone()));
    }
    let pack = discovery.packs.first().ok_or(CliError::NoOut)?;
    match &pack.config.out {
        Some(out) => Ok(OutRequest::Configured {
            pack_root: pack.root.clone(),
            out: out.clone(),
        }),
        None => Err(CliError::NoOut),
    }
}

/// The pack's templates: built-ins with the files of its `templates` folder as
/// overrides (read through the pack's world, so confined to the pack).
pub(crate) fn load_templates(pack: &Pack) -> Result<Templates, String> {
    compile_templates(read_template_overrides(pack)?.as_ref())
}

/// The texts of the pack's template folder by file name; `None` when the pack uses
/// the built-in templates. Reading is cheap, compiling is not: watch compares these
/// texts to decide whether its compiled templates are still good.
pub(crate) fn read_template_overrides(
    pack: &Pack,
) -> Result<Option<BTreeMap<String, String>>, String> {
    let Some(folder) = pack.config.templates.as_deref() else {
        return Ok(None);
    };
    let dir = pack
        .world
        .locate(folder)
        .map_err(|e| format!("templates folder `{folder}`: {e}"))?;
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("templates folder `{folder}`: {e}"))?;
    let mut overrides = BTreeMap::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('.') || !entry.path().is_file() {
            continue;
        }
        let relative = format!("{}/{name}", folder.trim_end_matches('/'));
        let text = pack
            .world
            .read(&relative)
            .map_err(|e| format!("template `{relative}`: {e}"))?;
        overrides.insert(name, text);
    }
    Ok(Some(overrides))
}

/// Compiles the built-in templates, with the pack's overrides when it has some.
/// An override that runs or loads is refused with its code in the message.
pub(crate) fn compile_templates(
    overrides: Option<&BTreeMap<String, String>>,
) -> Result<Templates, String> {
    match overrides {
        None => Templates::builtin(),
        Some(o) => Templates::with_overrides(o),
    }
    .map_err(|e| match unsafe_template(&e) {
        Some(refusal) => format!("[{}] {refusal}", UNSAFE_TEMPLATE),
        None => e.to_string(),
    })
}

/// The code of a pack template that runs or loads.
const UNSAFE_TEMPLATE: muster_syntax::Code = muster_syntax::Code::MC119;

/// The refusal of a template that runs or loads (others fail as before).
fn unsafe_template(e: &muster_render::RenderError) -> Option<CliError> {
    matches!(e, muster_render::RenderError::Unsafe { .. }).then(|| CliError::Refused {
        code: UNSAFE_TEMPLATE,
        message: format!("the pack's {e}"),
        help: "a template holds markup, styles and the scenario's data: no script, event \
handlers or URLs outside the sheet (docs/output.md)"
            .into(),
    })
}

/// Refuses the run (before anything is written) when a pack's own template runs
/// or loads.
fn refuse_unsafe_templates(discovery: &Discovery) -> Result<(), CliError> {
    for pack in &discovery.packs {
        if let Ok(Some(overrides)) = read_template_overrides(pack) {
            if let Err(e) = Templates::with_overrides(&overrides) {
                if let Some(refusal) = unsafe_template(&e) {
                    return Err(refusal);
                }
            }
        }
    }
    Ok(())
}

/// The output root's index of the scenarios this build wrote (the preview server
/// serves it at `/`).
pub const INDEX: &str = "index.html";

/// Writes one scenario's files; returns its entry for the index (contents dropped).
pub(crate) fn write_outputs(
    checked: &Checked,
    templates: Result<&Templates, String>,
    out: &OutDir,
) -> Result<IndexScenario, String> {
    let built = build_checked(checked, templates)?;
    write_built(checked, built.files, out)
}

/// Draws one scenario's files, with the notes of its maps.
fn build_checked(
    checked: &Checked,
    templates: Result<&Templates, String>,
) -> Result<Built, String> {
    let templates = templates?;
    let Some((model, analysis)) = &checked.model else {
        return Err("no model".into());
    };
    build_noted(model, analysis, templates).map_err(|e| e.to_string())
}

/// Writes one scenario's drawn files; returns its entry for the index
/// (contents dropped).
fn write_built(
    checked: &Checked,
    mut files: Vec<muster_render::OutputFile>,
    out: &OutDir,
) -> Result<IndexScenario, String> {
    let Some((model, _)) = &checked.model else {
        return Err("no model".into());
    };
    for file in &mut files {
        out.write(&file.path, &file.contents)
            .map_err(|e| e.to_string())?;
        file.contents = String::new();
    }
    Ok(IndexScenario {
        title: model
            .header
            .as_ref()
            .map_or_else(|| checked.display.clone(), |h| h.title.text.clone()),
        files,
        game_pack: None,
    })
}

/// The file, in each scenario's folder, holding all its sheets in one PDF.
pub const GAME_PACK: &str = "game-pack.pdf";

/// Where a sheet goes in the game pack: the umpire's sheets, then what each side
/// reads, then each player's, then the cards to cut; `None` for what is not a sheet.
fn pack_rank(path: &str) -> Option<u8> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let name = name.strip_suffix(".html")?;
    [
        ("umpire", 0),
        ("setup", 1),
        ("side-", 2),
        ("player-", 3),
        ("cards-", 4),
    ]
    .iter()
    .find(|(prefix, _)| name.starts_with(prefix))
    .map(|(_, rank)| *rank)
}

/// Prints each written sheet of a scenario beside its HTML (`umpire.pdf`, …) and
/// joins them, in game-pack order, into its `game-pack.pdf`; returns the pack's
/// page count and path. Each sheet is read back through the output folder's
/// handle and handed to Chromium as text, never as a path.
fn print_sheets(
    printer: &Printer,
    entry: &IndexScenario,
    out: &OutDir,
    map_geometry: bool,
) -> Result<(usize, String), CliError> {
    let mut sheets: Vec<(u8, &muster_render::OutputFile)> = entry
        .files
        .iter()
        .filter_map(|f| Some((pack_rank(&f.path)?, f)))
        .collect();
    sheets.sort_by_key(|(rank, _)| *rank);
    let pdfs = print_all(printer, &sheets, out);
    let mut printed = Vec::new();
    let mut folder = String::new();
    for ((_, file), pdf) in sheets.iter().zip(pdfs) {
        let pdf = pdf?;
        let stem = file.path.strip_suffix(".html").unwrap_or(&file.path);
        out.write_bytes(&format!("{stem}.pdf"), &pdf)?;
        if map_geometry {
            let html = out.read(&file.path)?;
            out.write(
                &format!("{stem}.maps.json"),
                &printer.map_geometry(&file.path, &html)?,
            )?;
        }
        if let Some((dir, _)) = file.path.rsplit_once('/') {
            folder = format!("{dir}/");
        }
        let title = file.sheet.as_ref().map_or_else(
            || stem.to_string(),
            |s| format!("{}: {}", s.what, s.for_whom),
        );
        printed.push((title, pdf));
    }
    let pack = crate::pdf_merge::merge(&printed).map_err(|e| CliError::Refused {
        code: crate::pdf::CANNOT_PRINT,
        message: format!("cannot join the printed sheets into {GAME_PACK}: {e}"),
        help: "the single sheets' PDFs are written; print them one by one".into(),
    })?;
    let path = format!("{folder}{GAME_PACK}");
    out.write_bytes(&path, &pack)?;
    Ok((crate::pdf_merge::page_count(&pack), path))
}

/// Prints `sheets` with up to [`crate::pdf::AT_ONCE`] in flight (each worker takes
/// the next sheet as soon as it is done); the results keep the sheets' order.
fn print_all(
    printer: &Printer,
    sheets: &[(u8, &muster_render::OutputFile)],
    out: &OutDir,
) -> Vec<Result<Vec<u8>, CliError>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut pdfs: Vec<Option<Result<Vec<u8>, CliError>>> = sheets.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..crate::pdf::AT_ONCE.min(sheets.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((_, file)) = sheets.get(i) else {
                            return done;
                        };
                        let printed = out
                            .read(&file.path)
                            .and_then(|html| Ok(printer.print(&file.path, &html)?));
                        done.push((i, printed));
                    }
                })
            })
            .collect();
        for worker in workers {
            // A worker that stopped leaves its sheets without a result (below).
            for (i, pdf) in worker.join().unwrap_or_default() {
                if let Some(slot) = pdfs.get_mut(i) {
                    *slot = Some(pdf);
                }
            }
        }
    });
    pdfs.into_iter()
        .map(|pdf| {
            pdf.unwrap_or_else(|| {
                Err(CliError::Refused {
                    code: crate::pdf::CANNOT_PRINT,
                    message: "a printing thread stopped".into(),
                    help: "run the build again".into(),
                })
            })
        })
        .collect()
}
