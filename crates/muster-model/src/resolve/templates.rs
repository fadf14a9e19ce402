//! Templates: their declaration (MC101) and their expansion into unit drafts with
//! the instance's overrides applied.
//!
//! An instance block may override a template element by repeating its id: the
//! override's attributes are appended, and when lowering, for each attribute kind
//! the latest source wins (a weapon in the override replaces the template's
//! weapons; notes accumulate). A new id adds an element. A sub-unit with the id of
//! a template sub-unit is merged the same way; any other sub-unit is added.
use muster_syntax::Code;

use super::library::relocate;
use super::names::did_you_mean;
use super::{loc, name, Ctx, FileItems};
use crate::model::*;
use muster_syntax::{ast, Diagnostic, FileId, Ident};

/// How deep units may nest before we stop expanding (a guard; cycles are caught
/// by the stack of templates being expanded).
const MAX_DEPTH: usize = 64;

/// How many units template expansion may produce in one scenario: templates of
/// templates multiply, and a hostile file must not exhaust memory (MC003).
pub(crate) const MAX_EXPANDED_UNITS: usize = 20_000;

/// An element being assembled from a template and its overrides. It borrows
/// the trees (a library's from the cache): drafting copies no syntax.
#[derive(Debug, Clone)]
pub(crate) struct ElemDraft<'a> {
    pub id: &'a Ident,
    pub file: FileId,
    pub is_hq: bool,
    pub kind: Option<(FileId, &'a ast::ElementKind)>,
    /// Attributes with their source generation (0 template, 1 override) and file.
    pub attrs: Vec<(u32, FileId, &'a ast::ElementAttr)>,
    /// `at` written where the unit is used (override or plain unit).
    pub explicit_at: Option<(FileId, ast::Point)>,
    /// Whether `explicit_at` was written inside a template body (a sub-unit of a
    /// template): then it is relative and needs its instance's placement.
    pub explicit_in_template: bool,
    /// `at` written in the template.
    pub template_at: Option<(FileId, ast::Point)>,
    /// Defined by a template (directly or in one of its sub-units): a use site
    /// may override it by repeating its id.
    pub from_template: bool,
    pub loc: Loc,
}

impl ElemDraft<'_> {
    /// The id of the element it is embussed in or riding on, as last written.
    pub(crate) fn carrier_id(&self) -> Option<&str> {
        self.attrs
            .iter()
            .filter_map(|(g, _, a)| match a {
                ast::ElementAttr::EmbussedIn(i) | ast::ElementAttr::RidingOn(i) => {
                    Some((*g, i.name.as_str()))
                }
                _ => None,
            })
            .max_by_key(|(g, _)| *g)
            .map(|(_, id)| id)
    }
}

/// A unit being assembled.
#[derive(Debug, Clone)]
pub(crate) struct UnitDraft<'a> {
    pub file: FileId,
    pub ast: &'a ast::Unit,
    /// The header fields an overriding sub-unit may replace (else `ast`'s).
    pub header: Header<'a>,
    pub template: Option<TemplateId>,
    /// The file `ast.placement` was written in (an override may replace it).
    pub placement_file: FileId,
    /// Whether `ast.placement` was written inside a template body: then it is
    /// relative to the instance and means nothing when the instance is unplaced.
    pub placement_in_template: bool,
    /// The file `ast.attached_to` was written in.
    pub attach_file: FileId,
    /// Written inside a template body: its id is prefixed with its instance's.
    pub in_template: bool,
    pub elements: Vec<ElemDraft<'a>>,
    pub units: Vec<UnitDraft<'a>>,
}

/// A unit's header fields that a use site may override (see [`merge_header`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Header<'a> {
    pub name: Option<&'a ast::Text>,
    pub placement: Option<&'a ast::Placement>,
    pub attached_to: &'a [Ident],
    pub nation: Option<&'a Ident>,
}

impl<'a> Header<'a> {
    fn of(u: &'a ast::Unit) -> Self {
        Header {
            name: u.name.as_ref(),
            placement: u.placement.as_ref(),
            attached_to: &u.attached_to,
            nation: u.nation.as_ref(),
        }
    }
}

/// Declares every template (a library's from its cached infos).
pub(crate) fn declare<'a>(cx: &mut Ctx<'a>, items: &'a [FileItems]) {
    for f in items {
        if let Some(lib) = &f.library {
            for lt in &lib.templates {
                if let Some(ast::Item::Template(t)) = f.tree.items.get(lt.item) {
                    let mut info = lt.info.clone();
                    relocate(&mut info.name.loc, f.file);
                    relocate(&mut info.loc, f.file);
                    define(cx, f.file, t, info);
                }
            }
            continue;
        }
        for item in &f.tree.items {
            if let ast::Item::Template(t) = item {
                define(cx, f.file, t, info(f.file, t));
            }
        }
    }
}

/// Adds a template to the model, or reports MC101 when its name is taken.
fn define<'a>(cx: &mut Ctx<'a>, file: FileId, t: &'a ast::Template, info: TemplateInfo) {
    if let Some(first) = cx.templates.get(t.id.name.as_str()).copied() {
        let first = cx.model.templates[first.0].name.loc;
        cx.duplicate("template", &info.name, first);
        return;
    }
    let id = TemplateId(cx.model.templates.len());
    cx.templates.insert(&t.id.name, id);
    cx.model.templates.push(info);
    cx.template_defs.push((file, t));
}

/// The model's description of a template written in `file`.
pub(crate) fn info(file: FileId, t: &ast::Template) -> TemplateInfo {
    TemplateInfo {
        name: name(file, &t.id),
        echelon: t.echelon.value,
        display: t.name.as_ref().map(|x| x.value.clone()),
        dated: t.dated.as_ref().map(|(a, b)| (a.value, b.value)),
        nation: t.nation.as_ref().map(|i| i.name.clone()),
        modifier: t.modifier.as_ref().map(|m| m.value),
        used_by: Vec::new(),
        loc: loc(file, t.span),
    }
}

/// Where an element's attributes were written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Site {
    /// In a template's own element list: its `at` is the template's offset.
    Definition,
    /// In a unit body (use site or plain unit); `true` when that body is itself
    /// inside a template.
    Body(bool),
}

fn elem_draft<'a>(
    file: FileId,
    e: &'a ast::Element,
    gen: u32,
    site: Site,
    from_template: bool,
) -> ElemDraft<'a> {
    let mut d = ElemDraft {
        id: &e.id,
        file,
        is_hq: e.is_hq,
        kind: e.kind.as_ref().map(|k| (file, k)),
        attrs: Vec::new(),
        explicit_at: None,
        explicit_in_template: false,
        template_at: None,
        from_template,
        loc: loc(file, e.span),
    };
    add_attrs(&mut d, file, e, gen, site);
    d
}

fn add_attrs<'a>(d: &mut ElemDraft<'a>, file: FileId, e: &'a ast::Element, gen: u32, site: Site) {
    for a in &e.attrs {
        if let ast::ElementAttr::At(p) = a {
            match site {
                Site::Definition => d.template_at = Some((file, *p)),
                Site::Body(in_template) => {
                    d.explicit_at = Some((file, *p));
                    d.explicit_in_template = in_template;
                }
            }
        } else {
            d.attrs.push((gen, file, a));
        }
    }
}

impl<'a> Ctx<'a> {
    /// Builds the draft of a unit as written in `file`, expanding its template;
    /// `None` once expansion has been refused (MC003).
    pub(crate) fn draft(
        &mut self,
        file: FileId,
        u: &'a ast::Unit,
        in_template: bool,
        depth: usize,
    ) -> Option<UnitDraft<'a>> {
        let mut d = UnitDraft {
            file,
            ast: u,
            header: Header::of(u),
            template: None,
            placement_file: file,
            placement_in_template: in_template,
            attach_file: file,
            in_template,
            elements: Vec::new(),
            units: Vec::new(),
        };
        self.drafted += 1;
        if self.drafted > MAX_EXPANDED_UNITS {
            if !self.expansion_refused {
                self.expansion_refused = true;
                let d = Diagnostic::error(
                    Code::MC003,
                    format!("templates expand to more than {MAX_EXPANDED_UNITS} units"),
                )
                .with_label(file, u.id.span, "expansion stopped here")
                .with_help("templates nested in templates multiply: check for runaway nesting");
                self.push(d);
            }
            return None;
        }
        if let Some(t) = &u.template {
            if let Some(tid) = self.expand(file, t, depth) {
                d.template = Some(tid);
                let (tfile, def) = self.template_defs[tid.0];
                d.elements = def
                    .body
                    .elements
                    .iter()
                    .map(|e| elem_draft(tfile, e, 0, Site::Definition, true))
                    .collect();
                self.expanding.push(tid);
                d.units = def
                    .body
                    .units
                    .iter()
                    .filter_map(|s| self.draft(tfile, s, true, depth + 1))
                    .collect();
                self.expanding.pop();
            }
        }
        self.apply_body(&mut d, file, &u.body, in_template, depth);
        Some(d)
    }

    /// Finds the template `t` names, or reports MC102 or a template that contains itself.
    fn expand(&mut self, file: FileId, t: &Ident, depth: usize) -> Option<TemplateId> {
        let Some(tid) = self.templates.get(t.name.as_str()).copied() else {
            let mut d = Diagnostic::error(Code::MC102, format!("undefined template `{}`", t.name))
                .with_label(file, t.span, "not defined");
            if let Some(h) = did_you_mean(&t.name, self.templates.keys().copied()) {
                d = d.with_help(h);
            } else {
                d = d.with_help("define it with `template`, or `use` the library that has it");
            }
            self.push(d);
            return None;
        };
        if depth >= MAX_DEPTH || self.expanding.contains(&tid) {
            let d = Diagnostic::error(
                Code::MC103,
                format!("template `{}` contains itself", t.name),
            )
            .with_label(file, t.span, "used inside its own definition")
            .with_help("a template's units may use other templates, never their own")
            .with_paragraph("§9");
            self.push(d);
            return None;
        }
        Some(tid)
    }

    /// Applies a block written at the use site (or a plain unit's body) to a draft.
    fn apply_body(
        &mut self,
        d: &mut UnitDraft<'a>,
        file: FileId,
        body: &'a ast::UnitBody,
        in_template: bool,
        depth: usize,
    ) {
        // only what the template expansion put there may be overridden; repeats
        // within this body are duplicates (MC101)
        let (old_elements, old_units) = (d.elements.len(), d.units.len());
        for e in &body.elements {
            match d.elements[..old_elements]
                .iter_mut()
                .find(|x| x.id.name == e.id.name && x.from_template)
            {
                Some(base) => {
                    base.is_hq |= e.is_hq;
                    if let Some(k) = &e.kind {
                        base.kind = Some((file, k));
                    }
                    base.loc = loc(file, e.span);
                    base.file = file;
                    base.id = &e.id;
                    let gen = base.attrs.iter().map(|a| a.0).max().unwrap_or(0) + 1;
                    add_attrs(base, file, e, gen, Site::Body(in_template));
                }
                None => {
                    d.elements
                        .push(elem_draft(file, e, 0, Site::Body(in_template), in_template))
                }
            }
        }
        for s in &body.units {
            let base = d.units[..old_units]
                .iter()
                .position(|x| x.ast.id.name == s.id.name && x.in_template);
            match base {
                Some(i) => {
                    let sub = &mut d.units[i];
                    merge_header(sub, file, s, in_template);
                    self.apply_body(sub, file, &s.body, in_template, depth + 1);
                }
                _ => {
                    if let Some(sub) = self.draft(file, s, in_template, depth + 1) {
                        d.units.push(sub);
                    }
                }
            }
        }
    }
}

/// Header fields of an overriding sub-unit replace the template's where given
/// (notes stay with the template: they would point into another file).
fn merge_header<'a>(base: &mut UnitDraft<'a>, file: FileId, s: &'a ast::Unit, in_template: bool) {
    let a = &mut base.header;
    if s.name.is_some() {
        a.name = s.name.as_ref();
    }
    if s.placement.is_some() {
        a.placement = s.placement.as_ref();
        base.placement_file = file;
        base.placement_in_template = in_template;
    }
    if !s.attached_to.is_empty() {
        a.attached_to = &s.attached_to;
        base.attach_file = file;
    }
    if s.nation.is_some() {
        a.nation = s.nation.as_ref();
    }
}
