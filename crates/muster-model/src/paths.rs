//! Pack-relative path arithmetic for `use`: resolve against the importing file,
//! normalise `.` and `..`, and refuse anything that would leave the pack root.

/// Why a `use` path cannot be turned into a pack path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathProblem {
    /// `/lib/x.muster`, `C:\x`, `\\server\x`: imports are relative to the importing file.
    Absolute,
    /// Too many `..`: the path climbs above the pack root.
    Escapes,
    /// An empty path or one that names a folder.
    Empty,
}

/// The folder part of a pack path (`lib/a.muster` -> `lib`, `a.muster` -> ``).
pub fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(i) => &path[..i],
        None => "",
    }
}

/// Resolves `target` (as written in `use`) relative to the folder of `importer`
/// and normalises it; backslashes count as separators so a Windows-style path
/// cannot slip past.
pub fn join(importer: &str, target: &str) -> Result<String, PathProblem> {
    let t = target.replace('\\', "/");
    let bytes = t.as_bytes();
    let drive = bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic();
    if t.starts_with('/') || drive {
        return Err(PathProblem::Absolute);
    }
    let mut parts: Vec<&str> = parent(importer)
        .split('/')
        .filter(|c| !c.is_empty())
        .collect();
    for comp in t.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(PathProblem::Escapes);
                }
            }
            c => parts.push(c),
        }
    }
    if parts.is_empty() || t.ends_with('/') {
        return Err(PathProblem::Empty);
    }
    Ok(parts.join("/"))
}

/// Normalises a path given by the caller as the scenario (`./a/../b.muster` -> `b.muster`).
pub fn normalise(path: &str) -> Result<String, PathProblem> {
    join("", path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_to_importer() {
        assert_eq!(
            join("s/a.muster", "lib/x.muster"),
            Ok("s/lib/x.muster".into())
        );
        assert_eq!(
            join("s/a.muster", "../lib/x.muster"),
            Ok("lib/x.muster".into())
        );
        assert_eq!(
            join("a.muster", "./lib/./x.muster"),
            Ok("lib/x.muster".into())
        );
    }

    #[test]
    fn refuses_escape_and_absolute() {
        assert_eq!(join("a.muster", "../x.muster"), Err(PathProblem::Escapes));
        assert_eq!(
            join("s/a.muster", "lib/../../../x"),
            Err(PathProblem::Escapes)
        );
        assert_eq!(join("a.muster", "/etc/passwd"), Err(PathProblem::Absolute));
        assert_eq!(join("a.muster", "C:\\x.muster"), Err(PathProblem::Absolute));
        assert_eq!(join("a.muster", "\\\\srv\\x"), Err(PathProblem::Absolute));
        assert_eq!(join("a.muster", ""), Err(PathProblem::Empty));
    }
}
