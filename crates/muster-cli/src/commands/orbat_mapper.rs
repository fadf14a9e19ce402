//! `muster export orbat-mapper` and `muster import orbat-mapper`: a scenario's
//! order of battle to ORBAT Mapper's scenario format and back.

use std::path::PathBuf;

use muster_render::orbat_mapper::{export, import};

use super::geojson::Scenario;
use super::{print_out, Status};
use crate::error::CliError;

/// `muster export orbat-mapper PATH [--out FILE]`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The scenario to export; it needs a `georeference`
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// Write the ORBAT Mapper scenario here instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `muster import orbat-mapper FILE [--out FILE]`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The ORBAT Mapper scenario (JSON) to read
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the `.muster` text to this new file (never over an existing one)
    /// instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn export(args: &ExportArgs) -> Result<Status, CliError> {
    // the same check and refusal as a GeoJSON export: MC950 without a georeference
    let mut s = Scenario::check(&args.path)?;
    let Some(georef) = s.georeference() else {
        return s.refuse("exported");
    };
    let checked = &s.results[s.at];
    let Some((model, analysis)) = &checked.model else {
        return s.refuse("exported");
    };
    let projection = georef.projection();
    let project = |x: f64, y: f64| projection.to_lon_lat(muster_model::model::Pos { x, y });
    let json = muster_render::json::scenario(model, analysis);
    let id = std::path::Path::new(&checked.relative)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let scenario = export::export(&json, &id, &project);
    let mut text =
        serde_json::to_string_pretty(&scenario).map_err(|e| CliError::Stdout(e.to_string()))?;
    text.push('\n');
    match &args.out {
        Some(path) => replace_file(path, &text)?,
        None => print_out(&text)?,
    }
    Ok(Status::Clean)
}

pub fn import(args: &ImportArgs) -> Result<Status, CliError> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::io(&args.file, &e))?;
    if let Some(out) = args.out.as_ref().filter(|o| o.exists()) {
        return Err(exists(out));
    }
    match import::import(&text) {
        Ok(muster) => {
            match &args.out {
                Some(path) => new_file(path, &muster)?,
                None => print_out(&muster)?,
            }
            Ok(Status::Clean)
        }
        Err(problems) => {
            for p in problems {
                eprintln!("error[{}]: {}: {}", p.code, args.file.display(), p.message);
                eprintln!("  help: {}", p.help);
            }
            Ok(Status::Failed)
        }
    }
}

fn exists(path: &std::path::Path) -> CliError {
    CliError::Write {
        path: path.to_path_buf(),
        reason: "it exists; the import writes only a new file, never over the writer's".into(),
    }
}

/// Writes `text` to `path` through a temporary beside it, so a reader never
/// sees half a file.
fn replace_file(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.muster-tmp-{}", std::process::id()));
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            CliError::write(path, &e)
        })
}

/// Writes `text` to `path`, which must not exist yet.
fn new_file(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => exists(path),
            _ => CliError::write(path, &e),
        })?;
    f.write_all(text.as_bytes())
        .map_err(|e| CliError::write(path, &e))
}
