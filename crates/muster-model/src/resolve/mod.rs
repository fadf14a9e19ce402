//! `resolve`: from a scenario path to one [`Model`], reporting MC101–MC106.
//!
//! The work runs in passes over every loaded file's items (imported files first,
//! in `use` order, then the importing file): declare names (sides, map,
//! templates, signals, units and elements), then resolve every reference, then
//! check the shape of the order of battle. Each pass lives in its own module.

mod events;
mod forces;
mod header;
mod imports;
pub mod library;
mod map;
mod names;
mod nations;
mod orders;
mod placement;
mod signals;
mod templates;
mod terrain;
mod tree;

use crate::cache::SourceCache;
use crate::model::*;
use crate::pack::{FindingsLimit, PackConfig};
use crate::world::World;
use muster_syntax::{ast, Diagnostic, FileId, Span};

pub use names::suggest;

/// The resolved model and every diagnostic found on the way (syntax ones included).
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub model: Model,
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads `path` and everything it `use`s from `world`, and resolves it into one
/// model. Never fails: problems become diagnostics and the model holds what could
/// be understood.
pub fn resolve(world: &dyn World, path: &str, pack: &PackConfig) -> Resolved {
    resolve_cached(world, path, pack, &SourceCache::new())
}

/// [`resolve`], taking the trees of files this run already parsed from `cache`
/// (and adding those it parses): the same result, each file parsed once.
pub fn resolve_cached(
    world: &dyn World,
    path: &str,
    pack: &PackConfig,
    cache: &SourceCache,
) -> Resolved {
    let loaded = imports::load(world, path, cache);
    let items = loaded.items;
    let mut cx = Ctx::new(loaded.files);
    cx.diags = loaded.diagnostics;
    cx.model.overrides = pack.overrides.clone();
    cx.model.collection = pack.collection.clone();
    cx.model.findings_limit = pack.findings_limit;
    cx.model.balance = pack.balance;
    cx.model.require_historical_strength = pack.require_historical_strength;
    cx.model.require_historical_strength_everywhere = pack.require_historical_strength_everywhere;
    cx.model.strict_fog = pack.strict_fog;
    for f in &items {
        if let Some(lib) = &f.library {
            // what each importer still resolves of a library (its own part was
            // resolved once, with its text)
            crate::work::library_items(lib.scoped.len());
        }
    }

    nations::check(&mut cx, &items);
    header::declare(&mut cx, &items);
    terrain::declare(&mut cx, &items);
    map::declare(&mut cx, &items);
    templates::declare(&mut cx, &items);
    signals::declare(&mut cx, &items);
    forces::declare(&mut cx, &items);

    header::resolve(&mut cx, &items);
    map::resolve(&mut cx);
    forces::resolve(&mut cx);
    orders::resolve(&mut cx, &items);
    signals::resolve(&mut cx, &items);
    events::resolve(&mut cx, &items);
    tree::finish(&mut cx);
    // absurd positions leave the model before anything measures distances to them
    crate::bounds::refuse(&mut cx.model);

    let mut diagnostics = cx.diags;
    // source order (stable): file, position, code
    diagnostics.sort_by_key(Diagnostic::sort_key);
    Resolved {
        model: cx.model,
        diagnostics,
    }
}

/// One loaded file's tree, tagged with its id.
pub(crate) struct FileItems {
    pub file: FileId,
    /// Shared with the parse cache: read, never changed.
    pub tree: std::sync::Arc<ast::File>,
    /// An imported file's own part, resolved once per text (from the cache).
    pub library: Option<std::sync::Arc<library::Library>>,
}

impl FileItems {
    /// The items every importer resolves in its own scopes: all of a scenario's;
    /// of a library, those its cached [`library::Library`] does not cover.
    pub fn items(&self) -> impl Iterator<Item = &ast::Item> {
        let all = self.library.is_none().then(|| self.tree.items.iter());
        let scoped = self
            .library
            .as_ref()
            .map(|lib| lib.scoped.iter().filter_map(|&i| self.tree.items.get(i)));
        all.into_iter()
            .flatten()
            .chain(scoped.into_iter().flatten())
    }
}

/// Resolution state shared by the passes; it borrows the loaded trees.
pub(crate) struct Ctx<'a> {
    pub model: Model,
    pub diags: Vec<Diagnostic>,
    pub names: names::Names,
    /// Template definitions, same index as `model.templates`.
    pub template_defs: Vec<(FileId, &'a ast::Template)>,
    /// Templates by name, the names borrowed from the trees (a library's are
    /// linked into every importer, so a copy each would be waste).
    pub templates: std::collections::BTreeMap<&'a str, TemplateId>,
    /// Templates being expanded, outermost first (to catch one containing itself).
    pub expanding: Vec<TemplateId>,
    /// Units drafted so far, against [`templates::MAX_EXPANDED_UNITS`].
    pub drafted: usize,
    /// Whether MC003 was reported for runaway expansion.
    pub expansion_refused: bool,
    /// How many sides were declared with `side` (implicit ones excluded).
    pub declared_sides: usize,
}

impl Ctx<'_> {
    fn new(files: Vec<SourceFile>) -> Self {
        Ctx {
            model: Model {
                files,
                collection: None,
                header: None,
                overrides: Vec::new(),
                findings_limit: FindingsLimit::default(),
                balance: Default::default(),
                require_historical_strength: false,
                require_historical_strength_everywhere: false,
                strict_fog: false,
                sides: Vec::new(),
                terrains: Vec::new(),
                areas: Vec::new(),
                lines: Vec::new(),
                crossings: Vec::new(),
                places: Vec::new(),
                templates: Vec::new(),
                units: Vec::new(),
                elements: Vec::new(),
                radio_links: Vec::new(),
                telephone_lines: Vec::new(),
                messengers: Vec::new(),
                nets: Vec::new(),
                orders: Vec::new(),
                signals: Vec::new(),
                arrivals: Vec::new(),
                events: Vec::new(),
                victories: Vec::new(),
                intel: Vec::new(),
                umpire_notes: Vec::new(),
                briefings: Vec::new(),
                far_off: Vec::new(),
                spatial: Default::default(),
            },
            diags: Vec::new(),
            names: names::Names::default(),
            template_defs: Vec::new(),
            templates: Default::default(),
            expanding: Vec::new(),
            drafted: 0,
            expansion_refused: false,
            declared_sides: 0,
        }
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }
}

/// A [`Loc`] from a file and a span.
pub(crate) fn loc(file: FileId, span: Span) -> Loc {
    Loc::new(file, span)
}

/// A [`Name`] from an identifier.
pub(crate) fn name(file: FileId, id: &muster_syntax::Ident) -> Name {
    Name {
        id: id.name.clone(),
        loc: loc(file, id.span),
    }
}

/// [`Prose`] from a quoted string.
pub(crate) fn prose(file: FileId, t: &ast::Text) -> Prose {
    Prose {
        text: t.value.clone(),
        loc: loc(file, t.span),
    }
}

/// An unresolved reference, filled in by a later pass.
pub(crate) fn unresolved(file: FileId, id: &muster_syntax::Ident) -> Ref {
    Ref {
        name: name(file, id),
        target: None,
    }
}

/// An absolute position from a point written at top level.
pub(crate) fn pos(p: &ast::Point) -> Pos {
    Pos { x: p.x, y: p.y }
}
