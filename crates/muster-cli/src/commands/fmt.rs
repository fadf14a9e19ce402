//! `muster fmt`: rewrites `.muster` files in the canonical layout, or with
//! `--check`/`--diff` reports the files that are not in it.

use super::{print_out, Status};
use crate::cli::FmtArgs;
use crate::error::CliError;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Runs `muster fmt`.
pub fn run(args: &FmtArgs) -> Result<Status, CliError> {
    let mut status = Status::Clean;
    let mut files = Vec::new();
    for path in &args.paths {
        if path.as_os_str() == "-" {
            status = worse(status, stdin(args)?);
            continue;
        }
        if !path.exists() {
            return Err(CliError::MissingPath(path.clone()));
        }
        for (file, why) in collect(path, &mut files)? {
            status = worse(status, Status::Failed);
            eprintln!(
                "error[{}]: muster does not read `{}`: {why}",
                crate::walk::REFUSED_FILE,
                file.display()
            );
        }
    }
    files.sort();
    files.dedup();
    for file in &files {
        status = worse(status, one(file, args)?);
    }
    Ok(status)
}

fn worse(a: Status, b: Status) -> Status {
    let rank = |s: Status| match s {
        Status::Clean => 0,
        Status::Failed => 1,
        Status::Trouble => 2,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Every `.muster` file at or under `path`, found by the walk `check` uses (no
/// symlinked folder, no FIFO or device, hidden and `target`/`node_modules`
/// folders skipped), so formatting never leaves the folder given; returns what
/// it refused. A file named on its own is refused when it is a FIFO or device.
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<Vec<(PathBuf, String)>, CliError> {
    let meta = std::fs::metadata(path).map_err(|e| CliError::io(path, &e))?;
    if !meta.is_dir() {
        return Ok(match crate::walk::refused_named(path) {
            Some(why) => vec![(path.to_path_buf(), why)],
            None => {
                out.push(path.to_path_buf());
                Vec::new()
            }
        });
    }
    let found = crate::walk::muster_files(path, &|name| name == "target" || name == "node_modules");
    if let Some((folder, why)) = found.unreadable.first() {
        return Err(CliError::Io {
            path: folder.clone(),
            reason: why.clone(),
        });
    }
    out.extend(found.files);
    Ok(found.refused)
}

/// Formats standard input to standard output (or checks it).
fn stdin(args: &FmtArgs) -> Result<Status, CliError> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| CliError::io("<stdin>", &e))?;
    match muster_fmt::format(&text) {
        Ok(out) if args.check || args.diff => {
            if out == text {
                return Ok(Status::Clean);
            }
            if args.diff {
                print_out(&diff("<stdin>", &text, &out))?;
            } else {
                eprintln!("<stdin> is not formatted");
            }
            Ok(Status::Failed)
        }
        Ok(out) => {
            print_out(&out)?;
            Ok(Status::Clean)
        }
        Err(e) => {
            eprintln!("error: cannot format <stdin>: {e}");
            Ok(Status::Failed)
        }
    }
}

/// Formats, checks or diffs one file.
fn one(path: &Path, args: &FmtArgs) -> Result<Status, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::io(path, &e))?;
    let out = match muster_fmt::format(&text) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("error: cannot format `{}`: {e}", path.display());
            return Ok(Status::Failed);
        }
    };
    if out == text {
        return Ok(Status::Clean);
    }
    if args.diff {
        print_out(&diff(&path.display().to_string(), &text, &out))?;
        return Ok(Status::Failed);
    }
    if args.check {
        print_out(&format!("{}\n", path.display()))?;
        return Ok(Status::Failed);
    }
    replace(path, &out)?;
    Ok(Status::Clean)
}

/// Replaces a file's text through a temporary file in the same folder, so an
/// interrupted run never leaves half a file.
fn replace(path: &Path, text: &str) -> Result<(), CliError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let err = |e: std::io::Error| CliError::Write {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(err)?;
    tmp.write_all(text.as_bytes()).map_err(err)?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// A unified diff of the old and new text.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string()
}
