//! Findings that follow from one cause, folded under it. A name left undefined
//! is shown in full at its first use in a file and counted at the others; the
//! checks of a unit whose template is unknown wait until it is defined, because
//! what they would say of its elements is about a unit nobody wrote.

use muster_codes::Phase;
use muster_model::model::{Loc, Model};
use muster_syntax::{Code, Diagnostic, Label, Omitted};
use std::collections::BTreeMap;

/// Holds back the checks' findings on what units whose template is unknown hold, and
/// folds repeated uses of one undefined name; `diagnostics` are in source order.
pub(crate) fn fold(model: &Model, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    hold_back_unknown_units(model, fold_repeated_undefined(diagnostics))
}

/// Whether `inner` lies within `outer` in the same file.
fn within(outer: Loc, file: muster_syntax::FileId, span: muster_syntax::Span) -> bool {
    outer.file == file && outer.span.start <= span.start && span.end <= outer.span.end
}

/// Whether a check's findings depend on what a unit holds: the organisation
/// (MC2xx), command (MC3xx), battlefield (MC5xx) and actions (MC7xx) groups,
/// and who may begin hot. Orders, timings and fog hold without the template.
fn about_contents(code: Code) -> bool {
    code.phase() == Phase::Checks
        && (matches!(
            code.as_str().as_bytes().get(2),
            Some(b'2' | b'3' | b'5' | b'7')
        ) || code == Code::MC604)
}

/// Drops the checks' findings on what is inside a unit built from an unknown
/// template, and says on the template's MC102 (or MC103) how many wait for it.
fn hold_back_unknown_units(model: &Model, mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    // (the unit's whole text, its `from` name, its id)
    let unknown: Vec<(Loc, Loc, &str)> = model
        .units
        .iter()
        .filter_map(|u| u.unknown_template.map(|t| (u.loc, t, u.name.id.as_str())))
        .collect();
    if unknown.is_empty() {
        return diagnostics;
    }
    let mut waiting = vec![0usize; unknown.len()];
    diagnostics.retain(|d| {
        if !about_contents(d.code) {
            return true;
        }
        let Some(l) = d.primary() else {
            return true;
        };
        // the innermost unit holding the finding (units nest)
        let holder = unknown
            .iter()
            .enumerate()
            .filter(|(_, (unit, _, _))| within(*unit, l.file, l.span))
            .min_by_key(|(_, (unit, _, _))| unit.span.end - unit.span.start);
        match holder {
            Some((i, _)) => {
                waiting[i] += d.weight();
                false
            }
            None => true,
        }
    });
    // the refusal that stands for each unit's template: its own MC102 (or
    // MC103), or the folded MC102 that counts it
    let mut said: BTreeMap<usize, (usize, Vec<&str>)> = BTreeMap::new();
    for ((_, from, id), n) in unknown.iter().zip(waiting) {
        if n == 0 {
            continue;
        }
        let at = (from.file, from.span);
        let refusal = diagnostics.iter().position(|d| {
            matches!(d.code, Code::MC102 | Code::MC103)
                && (d.primary().is_some_and(|l| (l.file, l.span) == at)
                    || d.omitted.as_ref().is_some_and(|o| o.covers.contains(&at)))
        });
        if let Some(i) = refusal {
            let entry = said.entry(i).or_default();
            entry.0 += n;
            entry.1.push(id);
        }
    }
    for (i, (n, ids)) in said {
        let Some(label) = diagnostics[i].labels.first_mut() else {
            continue;
        };
        let findings = if n == 1 { "finding" } else { "findings" };
        let wait = if n == 1 { "waits" } else { "wait" };
        let units = match ids.as_slice() {
            [one] => format!("`{one}`"),
            more => format!("{} units", more.len()),
        };
        label.message = format!("{}; {n} {findings} on {units} {wait} for it", label.message);
    }
    diagnostics
}

/// The second and later MC102s of one name in one file become one finding
/// ("and 3 more MC102 for the same undefined template `x`") at the second use,
/// which still names every place it stands for.
fn fold_repeated_undefined(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    // (file, message, severity) -> indices of its MC102s, in source order
    let mut uses: BTreeMap<(muster_syntax::FileId, &str, muster_syntax::Severity), Vec<usize>> =
        BTreeMap::new();
    for (i, d) in diagnostics.iter().enumerate() {
        if d.code != Code::MC102 || d.omitted.is_some() {
            continue;
        }
        if let Some(l) = d.primary() {
            uses.entry((l.file, d.message.as_str(), d.severity))
                .or_default()
                .push(i);
        }
    }
    // index of the second use -> the folded finding; later uses dropped
    let mut folded: BTreeMap<usize, Diagnostic> = BTreeMap::new();
    let mut dropped = vec![false; diagnostics.len()];
    for ((file, message, _), at) in &uses {
        let [first, second, rest @ ..] = at.as_slice() else {
            continue;
        };
        let covers: Vec<_> = std::iter::once(second)
            .chain(rest)
            .filter_map(|&i| diagnostics[i].primary().map(|l| (*file, l.span)))
            .collect();
        let template = &diagnostics[*second];
        let mut d = template.clone();
        d.message = format!(
            "and {} more {} for the same {message}",
            covers.len(),
            Code::MC102
        );
        d.labels = template
            .primary()
            .map(|l| Label::new(l.file, l.span, "the next use"))
            .into_iter()
            .collect();
        d.help = diagnostics[*first].help.clone();
        d.omitted = Some(Omitted {
            code: Code::MC102,
            count: covers.len(),
            covers,
        });
        folded.insert(*second, d);
        for &i in rest {
            dropped[i] = true;
        }
    }
    diagnostics
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !dropped[*i])
        .map(|(i, d)| folded.remove(&i).unwrap_or(d))
        .collect()
}
