//! The pipeline for one scenario: resolve, analyse, check, house rules, order.

use crate::context::Context;
use muster_model::analysis::Analysis;
use muster_model::model::Model;
use muster_model::{PackConfig, SourceCache, World};
use muster_syntax::{Code, Diagnostic};
use std::collections::{BTreeMap, BTreeSet};

/// Everything `run` produced for one scenario file.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub model: Model,
    pub analysis: Analysis,
    /// Sorted by file and position, deduplicated, house rules applied.
    pub diagnostics: Vec<Diagnostic>,
}

/// Runs every rule check on a resolved model (no house rules applied).
pub fn check(model: &Model, analysis: &Analysis) -> Vec<Diagnostic> {
    check_bounded(model, analysis).0
}

/// [`check`], with the findings the checks left unbuilt because their file
/// already shows enough of their code.
fn check_bounded(model: &Model, analysis: &Analysis) -> (Vec<Diagnostic>, crate::cap::Left) {
    let cx = Context::new(model, analysis);
    let found: Vec<Diagnostic> = crate::rules::checks()
        .flat_map(|check| check(&cx))
        .collect();
    let (mut folded, single) = crate::instances::fold(&cx, found);
    folded.extend(single.into_iter().map(|d| point_at_instance(&cx, d)));
    (folded, cx.take_left())
}

/// A finding on an element written in a library template points first at the
/// scenario's unit built from it, where the author can change it (an override in
/// the unit's block), and then at the library line; annotations in CI land on the
/// scenario, not on a library many scenarios share.
fn point_at_instance(cx: &Context, mut d: Diagnostic) -> Diagnostic {
    let Some(primary) = d.primary().cloned() else {
        return d;
    };
    if !cx.in_library(muster_model::model::Loc::new(primary.file, primary.span)) {
        return d;
    }
    // the element of the unit the check reported on whose text holds the finding
    let unit = d.about_unit.and_then(|u| cx.model.units.get(u));
    let element = unit
        .into_iter()
        .flat_map(|u| u.elements.iter().filter_map(|e| cx.element(*e)))
        .find(|e| {
            e.loc.file == primary.file
                && e.loc.span.start <= primary.span.start
                && primary.span.end <= e.loc.span.end
        });
    if let Some((loc, label)) = element.and_then(|e| cx.instance_site(e)) {
        d.labels
            .insert(0, muster_syntax::Label::new(loc.file, loc.span, label));
    }
    d
}

/// Times each check on a model (for profiling).
#[doc(hidden)]
pub fn time_checks(model: &Model, analysis: &Analysis) -> Vec<(Code, std::time::Duration)> {
    let cx = Context::new(model, analysis);
    crate::rules::RULES
        .iter()
        .filter_map(|r| crate::rules::check_of(r.code).map(|c| (r.code, c)))
        .map(|(code, c)| {
            let t = std::time::Instant::now();
            std::hint::black_box(c(&cx));
            (code, t.elapsed())
        })
        .collect()
}

/// Resolves, analyses and checks the scenario at `path`, applies the house rules and
/// returns the diagnostics in source order without duplicates.
pub fn run(world: &dyn World, path: &str, pack: &PackConfig) -> Outcome {
    run_cached(world, path, pack, &SourceCache::new())
}

/// [`run`], parsing each file at most once per `cache` (a whole `check` run shares
/// one, so a library many scenarios use is parsed once). Same diagnostics as [`run`].
pub fn run_cached(
    world: &dyn World,
    path: &str,
    pack: &PackConfig,
    cache: &SourceCache,
) -> Outcome {
    let resolved = muster_model::resolve_cached(world, path, pack, cache);
    let model = resolved.model;
    let mut diagnostics = resolved.diagnostics;
    let analysis = muster_model::analyse(&model);
    let (found, left) = check_bounded(&model, &analysis);
    diagnostics.extend(found);
    let diagnostics = finish(&model, without_echoes(diagnostics));
    let diagnostics = crate::cap::apply(diagnostics, model.findings_limit.0, left);
    Outcome {
        model,
        analysis,
        diagnostics,
    }
}

/// Drops findings whose primary label lies inside a refused value's label: the
/// refusal says what is wrong, and what the checks made of the leftover is noise
/// (an off-table place far off the table is not also "outside the table").
fn without_echoes(mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let refused: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.code.phase().refuses_values())
        .filter_map(|d| d.primary().map(|l| (l.file, l.span)))
        .collect();
    if refused.is_empty() {
        return diagnostics;
    }
    diagnostics.retain(|d| {
        d.code.phase().refuses_values()
            || !d.primary().is_some_and(|l| {
                refused
                    .iter()
                    .any(|(f, s)| *f == l.file && s.start <= l.span.start && l.span.end <= s.end)
            })
    });
    diagnostics
}

/// Where a finding points: its code and primary label.
type Site = (Code, muster_syntax::FileId, usize, usize);

fn site(d: &Diagnostic) -> Option<Site> {
    d.primary()
        .map(|l| (d.code, l.file, l.span.start, l.span.end))
}

/// Whether a "did you mean" is already part of `help`.
fn suggests(help: Option<&str>) -> bool {
    help.is_some_and(|h| h.contains("did you mean"))
}

/// Each finding a more precise code may replace (MC102 for a name a check
/// reports as an undefined objective, support target and so on) is held aside by
/// its site rather than emitted and withdrawn: a precise finding at the same site
/// claims it and takes its "did you mean" (so every name that fails to resolve
/// keeps its suggestion), and only those nobody claimed join the findings.
/// Held and claimed by a map lookup, not a scan of every pair.
fn replace_superseded(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let superseded: BTreeSet<Code> = diagnostics
        .iter()
        .flat_map(|d| d.code.supersedes().iter().copied())
        .collect();
    if superseded.is_empty() {
        return diagnostics;
    }
    let mut held: BTreeMap<Site, Vec<Diagnostic>> = BTreeMap::new();
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len());
    for d in diagnostics {
        match site(&d).filter(|s| superseded.contains(&s.0)) {
            Some(s) => held.entry(s).or_default().push(d),
            None => out.push(d),
        }
    }
    let mut claimed: BTreeSet<Site> = BTreeSet::new();
    // findings folded under a cause claim what would be reported at their places
    for d in &out {
        for &(file, span) in d.omitted.iter().flat_map(|o| &o.covers) {
            for &code in d.code.supersedes() {
                claimed.insert((code, file, span.start, span.end));
            }
        }
    }
    for d in &mut out {
        let Some((_, file, start, end)) = site(d) else {
            continue;
        };
        for &code in d.code.supersedes() {
            let Some(replaced) = held.get(&(code, file, start, end)) else {
                continue;
            };
            claimed.insert((code, file, start, end));
            if code != Code::MC102 || suggests(d.help.as_deref()) {
                continue;
            }
            let suggestion = replaced
                .iter()
                .filter_map(|r| r.help.as_ref())
                .find(|h| h.starts_with("did you mean"));
            if let Some(h) = suggestion {
                d.help = Some(h.clone());
            }
        }
    }
    out.extend(
        held.into_iter()
            .filter(|(s, _)| !claimed.contains(s))
            .flat_map(|(_, ds)| ds),
    );
    out
}

/// Replaces MC102s a more precise code covers, drops duplicates, applies the house rules
/// of the model, sorts by file and position, and folds findings under their cause.
pub fn finish(model: &Model, mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if diagnostics.iter().any(|d| d.code == Code::MC003) {
        // a refused file leaves an empty model: what else is missing follows from that
        diagnostics.retain(|d| d.code.phase().survives_refusal());
    }
    let diagnostics = replace_superseded(diagnostics);
    let mut diagnostics = crate::overrides::apply(&model.overrides, diagnostics);
    diagnostics.sort_by(|a, b| {
        a.sort_key()
            .cmp(&b.sort_key())
            .then_with(|| a.message.cmp(&b.message))
    });
    diagnostics.dedup();
    crate::cascade::fold(model, diagnostics)
}
