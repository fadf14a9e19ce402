//! Loading the scenario and everything it `use`s, confined to the pack root.
//!
//! Paths are resolved relative to the importing file and normalised before the
//! [`World`] is asked, so a `..` that climbs above the root, an absolute path, a
//! self-import or a cycle is refused (MC104) without any read. A file that is
//! imported twice (a diamond) is loaded once. Items are returned imported-first,
//! so a duplicate is reported at the later, importing definition.
use muster_syntax::Code;

use super::names::did_you_mean;
use super::FileItems;
use crate::cache::SourceCache;
use crate::model::SourceFile;
use crate::paths::{self, PathProblem};
use crate::world::{World, WorldError};
use muster_syntax::{ast, Diagnostic, FileId, Span};

/// Everything read for one scenario.
pub(crate) struct Loaded {
    pub files: Vec<SourceFile>,
    pub items: Vec<FileItems>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The code for import problems.
const IMPORT: Code = Code::MC104;

struct Loader<'w> {
    world: &'w dyn World,
    /// Trees of files already parsed this run, by path and content.
    cache: &'w SourceCache,
    out: Loaded,
    /// Paths on the current `use` chain, for cycle detection.
    stack: Vec<String>,
}

/// Where a `use` was written: its file and the span of its path string.
#[derive(Clone, Copy)]
struct UseSite {
    file: FileId,
    span: Span,
}

fn read_problem(e: &WorldError, path: &str) -> (Code, String, String) {
    match e {
        WorldError::NotFound => (
            IMPORT,
            format!("cannot find `{path}`"),
            "paths are relative to the importing file".into(),
        ),
        WorldError::OutsideRoot => (
            IMPORT,
            format!("`{path}` leaves the pack's root folder"),
            "keep library files inside the pack, next to `muster.toml`".into(),
        ),
        WorldError::InvalidUtf8 => (
            Code::MC003,
            format!("`{path}` is not valid UTF-8 text"),
            "save the file as UTF-8".into(),
        ),
        WorldError::TooLarge { limit } => (
            Code::MC003,
            format!("`{path}` is larger than the limit of {limit} bytes"),
            "split the file into smaller libraries".into(),
        ),
        WorldError::Io(msg) => (
            IMPORT,
            format!("cannot read `{path}`: {msg}"),
            "check the file's permissions".into(),
        ),
    }
}

impl Loader<'_> {
    fn report(&mut self, site: Option<UseSite>, code: Code, msg: String, help: String) {
        let mut d = Diagnostic::error(code, msg).with_help(help);
        if let Some(s) = site {
            d = d.with_label(s.file, s.span, "imported here");
        }
        self.out.diagnostics.push(d);
    }

    /// Reads, parses and recursively loads `path`; returns nothing, appends to `out`.
    fn load(&mut self, path: String, site: Option<UseSite>) {
        let text = match self.world.read(&path) {
            Ok(t) => t,
            Err(e) => {
                let (code, msg, mut help) = read_problem(&e, &path);
                if matches!(e, WorldError::NotFound) {
                    let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
                    let near = self.world.muster_files_in(dir);
                    if let Some(h) = did_you_mean(&path, near.iter().map(String::as_str)) {
                        help = format!("{h} {help}");
                    }
                }
                self.report(site, code, msg, help);
                return;
            }
        };
        let id = FileId(self.out.files.len() as u32);
        // libraries are what many scenarios share; a scenario is parsed once per
        // run anyway, so keeping its tree would only hold memory
        let (text, tree, diags, library) = if site.is_some() {
            let c = self.cache.parse(&path, &text, id);
            (c.text, c.tree, c.diagnostics, Some(c.library))
        } else if let Some((tree, diags)) = self.cache.scenario(&path, &text, id) {
            // parsed ahead, with its concrete tree, by the language server
            (text.into(), tree, diags, None)
        } else {
            crate::work::parsed(text.len());
            let parsed = muster_syntax::parse(id, &text);
            let tree = std::sync::Arc::new(parsed.file);
            (text.into(), tree, parsed.diagnostics, None)
        };
        self.out.diagnostics.extend(diags);
        self.out.files.push(SourceFile {
            id,
            path: path.clone(),
            text,
            is_library: site.is_some(),
        });
        self.stack.push(path.clone());
        for item in &tree.items {
            if let ast::Item::Use(u) = item {
                let here = UseSite {
                    file: id,
                    span: u.path.span,
                };
                self.import(&path, &u.path.value, here);
            }
        }
        self.stack.pop();
        self.out.items.push(FileItems {
            file: id,
            tree,
            library,
        });
    }

    fn import(&mut self, importer: &str, written: &str, site: UseSite) {
        let target = match paths::join(importer, written) {
            Ok(t) => t,
            Err(p) => {
                let (msg, help) = match p {
                    PathProblem::Absolute => (
                        format!("`{written}` is an absolute path"),
                        "write the path relative to this file, e.g. `lib/german-1944.muster`",
                    ),
                    PathProblem::Escapes => (
                        format!("`{written}` leaves the pack's root folder"),
                        "a pack may only import files inside its own folder",
                    ),
                    PathProblem::Empty => (
                        format!("`{written}` does not name a file"),
                        "name a `.muster` file, e.g. `lib/german-1944.muster`",
                    ),
                };
                self.report(Some(site), IMPORT, msg, help.into());
                return;
            }
        };
        if target == importer {
            self.report(
                Some(site),
                IMPORT,
                format!("`{written}` imports itself"),
                "remove this `use`".into(),
            );
            return;
        }
        if let Some(start) = self.stack.iter().position(|p| *p == target) {
            let mut chain: Vec<String> = self.stack[start..]
                .iter()
                .map(|p| format!("`{p}`"))
                .collect();
            chain.push(format!("`{target}`"));
            self.report(
                Some(site),
                IMPORT,
                format!("import cycle: {}", chain.join(" -> ")),
                "move what both files need into a third library that neither imports back".into(),
            );
            return;
        }
        if self.out.files.iter().any(|f| f.path == target) {
            return;
        }
        self.load(target, Some(site));
    }
}

/// Loads the scenario at `path` and its imports.
pub(crate) fn load(world: &dyn World, path: &str, cache: &SourceCache) -> Loaded {
    let mut loader = Loader {
        world,
        cache,
        out: Loaded {
            files: Vec::new(),
            items: Vec::new(),
            diagnostics: Vec::new(),
        },
        stack: Vec::new(),
    };
    match paths::normalise(path) {
        Ok(p) => loader.load(p, None),
        Err(_) => loader.report(
            None,
            IMPORT,
            format!("`{path}` is not a path inside the pack"),
            "give the scenario's path relative to the pack root".into(),
        ),
    }
    loader.out
}
