//! The part of resolving an imported file that depends on its text alone: its
//! templates' declarations, its terrain kinds with their grades, and its unknown
//! nations (MC110). Built once per text and kept in the [`SourceCache`] entry
//! next to the tree, so a library 500 scenarios `use` is resolved once; each
//! scenario then links it (names into its scopes, infos into its model) and
//! resolves only the items that name things of other files (forces, maps,
//! signals written in a library), as before.
//!
//! Locations and diagnostics carry the cache's placeholder file id; linking
//! stamps the importer's id, as the parse cache does for syntax diagnostics.
//!
//! [`SourceCache`]: crate::cache::SourceCache

use crate::cache::{stamp, CACHED};
use crate::model::{Loc, TemplateInfo, TerrainDef};
use muster_syntax::{ast, Diagnostic, FileId};

/// One template of the library: its model info and where its definition is.
#[derive(Debug)]
pub(crate) struct LibTemplate {
    pub info: TemplateInfo,
    /// Index of its item in the file's tree.
    pub item: usize,
}

/// An imported file resolved on its own.
#[derive(Debug)]
pub struct Library {
    /// Every `template`, in source order (duplicates included: whether one is
    /// a duplicate depends on what the importer loaded before).
    pub(crate) templates: Vec<LibTemplate>,
    /// Every `terrain` kind, in source order (duplicates included, likewise).
    pub(crate) terrains: Vec<TerrainDef>,
    /// MC110 for every nation written in the file, in the order
    /// [`super::nations::check`] reports them.
    pub(crate) nations: Vec<Diagnostic>,
    /// Indices of the items each importer still resolves itself: those that
    /// name sides, places, units or signals (anything but templates, terrain
    /// kinds and `use`).
    pub(crate) scoped: Vec<usize>,
}

impl Library {
    /// Resolves what `tree` declares on its own (counted as library work).
    pub(crate) fn of(tree: &ast::File) -> Library {
        crate::work::library_items(tree.items.len());
        let mut lib = Library {
            templates: Vec::new(),
            terrains: Vec::new(),
            nations: super::nations::of_file(CACHED, &tree.items),
            scoped: Vec::new(),
        };
        for (i, item) in tree.items.iter().enumerate() {
            match item {
                ast::Item::Template(t) => lib.templates.push(LibTemplate {
                    info: super::templates::info(CACHED, t),
                    item: i,
                }),
                ast::Item::Terrain(t) => lib.terrains.push(super::terrain::def(CACHED, t)),
                ast::Item::Use(_) => {}
                _ => lib.scoped.push(i),
            }
        }
        lib
    }

    /// The nation diagnostics, as file `file`.
    pub(crate) fn nations(&self, file: FileId) -> Vec<Diagnostic> {
        stamp(&self.nations, file)
    }
}

/// `l` as a location in file `file`.
pub(crate) fn relocate(l: &mut Loc, file: FileId) {
    if l.file == CACHED {
        l.file = file;
    }
}
