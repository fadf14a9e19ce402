//! One finding per source location: a slip on a line of a template used by
//! three units is one mistake, reported once with the units it affects, not
//! three times (the author fixes one line).

use crate::context::Context;
use crate::registry::Related;
use muster_model::model::{Loc, TemplateInfo, UnitId};
use muster_syntax::wording::and_list;
use muster_syntax::{Code, Diagnostic, FileId, Span};

/// The template whose text holds `at`, when more than one unit is built from it.
fn shared_template<'a>(cx: &Context<'a>, file: FileId, at: Span) -> Option<&'a TemplateInfo> {
    cx.model.templates.iter().find(|t| {
        t.used_by.len() > 1
            && t.loc.file == file
            && t.loc.span.start <= at.start
            && at.end <= t.loc.span.end
    })
}

/// Splits findings into those folded (one per template line, naming the units
/// built from it) and the rest, untouched.
pub(crate) fn fold(cx: &Context, found: Vec<Diagnostic>) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let mut groups: Vec<((Code, FileId, Span), Vec<Diagnostic>)> = Vec::new();
    let mut rest = Vec::new();
    for d in found {
        let key = d.primary().map(|l| (d.code, l.file, l.span));
        match key.filter(|(_, f, s)| shared_template(cx, *f, *s).is_some()) {
            Some(k) => match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, v)) => v.push(d),
                None => groups.push((k, vec![d])),
            },
            None => rest.push(d),
        }
    }
    let mut folded = Vec::new();
    for ((_, file, span), mut same) in groups {
        if same.len() == 1 {
            rest.append(&mut same);
            continue;
        }
        let Some(t) = shared_template(cx, file, span) else {
            rest.append(&mut same);
            continue;
        };
        // the units whose findings these are: those the checks reported on, or
        // the units built from the template above them
        let about: Vec<UnitId> = same
            .iter()
            .filter_map(|d| d.about_unit)
            .flat_map(|u| cx.lineage(UnitId(u)))
            .collect();
        let mut units: Vec<String> = t
            .used_by
            .iter()
            .filter(|u| about.contains(u))
            .filter_map(|u| cx.model.units.get(u.0))
            .map(|u| format!("`{}`", u.name.id))
            .collect();
        if units.is_empty() {
            units = t
                .used_by
                .iter()
                .filter_map(|u| cx.model.units.get(u.0))
                .map(|u| format!("`{}`", u.name.id))
                .collect();
        }
        let mut first = same.swap_remove(0);
        // the element is the template's, not one unit's: `sec-1`, not `p1.sec-1`
        for u in t.used_by.iter().filter_map(|u| cx.model.units.get(u.0)) {
            first.message = first.message.replace(&format!("`{}.", u.name.id), "`");
        }
        let label = format!(
            "template `{}`: the same in {} built from it ({})",
            t.name.id,
            muster_syntax::wording::count(units.len() as u64, "unit"),
            and_list(&units)
        );
        folded.push(first.related(Loc::new(t.name.loc.file, t.name.loc.span), label));
    }
    (folded, rest)
}
