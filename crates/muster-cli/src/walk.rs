//! How `check`, `build`, `fmt` and `watch` find a pack's files: one walk with one
//! set of rules. It never enters a symlinked folder (a link to `/usr` or to `..`
//! would leave the pack or loop), reads only regular files (a FIFO would wait
//! forever, a device never end), skips hidden names, stops at a depth no real
//! pack reaches, and refuses names a Unix file system allows but muster cannot
//! trust: a backslash (a folder separator elsewhere) or an overlong name.

use muster_syntax::Code;
use std::ffi::OsStr;
use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// The code of a file muster will not read (its kind or its name).
pub const REFUSED_FILE: Code = Code::MC120;

/// Folders deeper than this below a searched folder are not entered.
pub const MAX_DEPTH: usize = 32;

/// The longest file or folder name read, in bytes.
pub const MAX_NAME: usize = 255;

/// What a walk found below one folder.
#[derive(Debug, Default)]
pub struct Found {
    /// `.muster` files, in no particular order.
    pub files: Vec<PathBuf>,
    /// Files or folders refused with [`REFUSED_FILE`], and why.
    pub refused: Vec<(PathBuf, String)>,
    /// Folders that could not be listed, and why.
    pub unreadable: Vec<(PathBuf, String)>,
}

/// Why muster will not read a file or folder called `name`, if it will not.
pub fn refused_name(name: &OsStr) -> Option<String> {
    let bytes = name.as_encoded_bytes();
    if bytes.contains(&b'\\') {
        return Some(
            "its name holds a backslash, which is a folder separator on other systems".into(),
        );
    }
    if bytes.len() > MAX_NAME {
        return Some(format!("its name is longer than {MAX_NAME} bytes"));
    }
    None
}

/// Why muster will not read a file of this kind, if it will not: anything but a
/// regular file (links are not followed by the walk, so they never get here).
pub fn refused_kind(kind: fs::FileType) -> Option<String> {
    let what = if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device file"
    } else {
        return None;
    };
    Some(format!("it is {what}, not a regular file"))
}

/// Why a path named on the command line (after its links are followed, as the
/// user asked for it) cannot be read as a scenario, if it cannot.
pub fn refused_named(path: &Path) -> Option<String> {
    if let Some(why) = path.file_name().and_then(refused_name) {
        return Some(why);
    }
    let meta = fs::metadata(path).ok()?;
    if meta.is_dir() {
        return None;
    }
    refused_kind(meta.file_type())
}

/// The `.muster` files below `dir`, by the rules above; a folder whose name
/// `skip` returns true for is not entered.
pub fn muster_files(dir: &Path, skip: &dyn Fn(&str) -> bool) -> Found {
    let mut found = Found::default();
    walk(dir, 0, skip, &mut found);
    found
}

fn walk(dir: &Path, depth: usize, skip: &dyn Fn(&str) -> bool, found: &mut Found) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            found
                .unreadable
                .push((dir.to_path_buf(), crate::pack::reason(&e)));
            return;
        }
    };
    let mut folders = Vec::new();
    for entry in entries {
        let Ok(entry) = entry else {
            found
                .unreadable
                .push((dir.to_path_buf(), "cannot list its files".into()));
            return;
        };
        // The entry's own type: a symlink is a symlink here, never its target.
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name();
        let text = name.to_string_lossy();
        if text.starts_with('.') || kind.is_symlink() {
            continue;
        }
        let path = entry.path();
        let muster = text.ends_with(".muster");
        if kind.is_dir() {
            if skip(&text) {
                continue;
            }
            if let Some(why) = refused_name(&name) {
                found.refused.push((path, why));
            } else if depth + 1 >= MAX_DEPTH {
                found
                    .refused
                    .push((path, format!("it lies more than {MAX_DEPTH} folders deep")));
            } else {
                folders.push(path);
            }
        } else if muster {
            match refused_name(&name).or_else(|| refused_kind(kind)) {
                Some(why) => found.refused.push((path, why)),
                None if kind.is_file() => found.files.push(path),
                None => {}
            }
        }
    }
    for folder in folders {
        walk(&folder, depth + 1, skip, found);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn links_fifos_and_odd_names_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("a/lib")).unwrap();
        fs::write(root.join("a/op.muster"), "").unwrap();
        fs::write(root.join("a/lib/l.muster"), "").unwrap();
        fs::write(root.join("a\\b.muster"), "").unwrap();
        std::os::unix::fs::symlink("..", root.join("a/up")).unwrap();
        std::os::unix::fs::symlink("/usr", root.join("usr")).unwrap();
        std::os::unix::fs::symlink(root.join("a/op.muster"), root.join("link.muster")).unwrap();
        let fifo = root.join("pipe.muster");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: mkfifo(3) with a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let found = muster_files(root, &|name| name == "lib");
        assert_eq!(found.files, vec![root.join("a/op.muster")]);
        let mut refused: Vec<_> = found
            .refused
            .iter()
            .map(|(p, why)| (p.strip_prefix(root).unwrap().to_path_buf(), why.clone()))
            .collect();
        refused.sort();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(refused[0].1.contains("backslash"), "{refused:?}");
        assert!(refused[1].1.contains("FIFO"), "{refused:?}");
        assert!(refused_named(&fifo).unwrap().contains("FIFO"));
        assert_eq!(refused_named(&root.join("a/op.muster")), None);
        let all = muster_files(root, &|_| false);
        assert_eq!(all.files.len(), 2, "{:?}", all.files);
    }

    #[test]
    fn a_folder_too_deep_is_refused_not_entered() {
        let dir = tempfile::tempdir().unwrap();
        let mut deep = dir.path().to_path_buf();
        for _ in 0..MAX_DEPTH + 2 {
            deep.push("d");
        }
        fs::create_dir_all(&deep).unwrap();
        fs::write(deep.join("x.muster"), "").unwrap();
        let found = muster_files(dir.path(), &|_| false);
        assert!(found.files.is_empty());
        assert_eq!(found.refused.len(), 1, "{:?}", found.refused);
    }
}
