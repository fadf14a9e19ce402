//! Bounded output: at most a set number of findings of one code in one file, the
//! rest summed up in one closing MC007 ("and 2099950 more MC502 in this file").
//!
//! Checks whose findings grow faster than the input (pairs of overlapping areas)
//! gather through [`Bounded`], which builds only the findings that will be shown,
//! so memory follows the input, not the square of it. The cap over every finding
//! is applied once they are sorted ([`apply`]).

use crate::overrides;
use muster_model::model::{Loc, Override};
use muster_syntax::{Code, Diagnostic, FileId, Omitted, Severity, Span};
use std::collections::{BTreeMap, BinaryHeap};

/// Findings a check did not build, per file and code: how many, where the first
/// (in file order) lies, and its severity.
pub(crate) type Left = BTreeMap<(FileId, Code), (usize, Span, Severity)>;

fn leave(
    left: &mut Left,
    (file, code): (FileId, Code),
    count: usize,
    span: Span,
    severity: Severity,
) {
    let entry = left.entry((file, code)).or_insert((0, span, severity));
    entry.0 += count;
    if (span.start, span.end) < (entry.1.start, entry.1.end) {
        entry.1 = span;
        entry.2 = severity;
    }
}

/// One kept finding, ordered by where it lies (then by arrival, so ties go the
/// same way every run).
struct Kept {
    at: (usize, usize, usize),
    diagnostic: Diagnostic,
}

impl PartialEq for Kept {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}
impl Eq for Kept {}
impl PartialOrd for Kept {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Kept {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.at.cmp(&other.at)
    }
}

/// Gathers one code's findings keeping only the first `limit` per file (in file
/// order): [`Bounded::admits`] says whether a finding at a place is worth
/// building at all.
pub(crate) struct Bounded<'a> {
    code: Code,
    limit: Option<usize>,
    overrides: &'a [Override],
    kept: BTreeMap<FileId, BinaryHeap<Kept>>,
    left: Left,
    arrivals: usize,
}

impl<'a> Bounded<'a> {
    pub(crate) fn new(code: Code, limit: Option<usize>, overrides: &'a [Override]) -> Self {
        Bounded {
            code,
            limit,
            overrides,
            kept: BTreeMap::new(),
            left: Left::new(),
            arrivals: 0,
        }
    }

    /// Whether a finding at `at` would be shown: `false` (and counted as left
    /// out) when the file already has `limit` findings before it; `false` and
    /// not counted when a house rule allows the code there.
    pub(crate) fn admits(&mut self, at: Loc) -> bool {
        let Some(severity) =
            overrides::severity(self.overrides, self.code, Some((at.file, at.span)))
        else {
            return false;
        };
        let Some(limit) = self.limit else {
            return true;
        };
        let heap = self.kept.entry(at.file).or_default();
        let full = heap.len() >= limit;
        let later = heap
            .peek()
            .is_some_and(|last| (at.span.start, at.span.end) >= (last.at.0, last.at.1));
        if full && later {
            leave(&mut self.left, (at.file, self.code), 1, at.span, severity);
            return false;
        }
        true
    }

    /// Keeps a finding [`Bounded::admits`] let in; the last one kept in its file
    /// makes way when the file is over the limit.
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        let Some(primary) = diagnostic.primary().cloned() else {
            return;
        };
        self.arrivals += 1;
        let heap = self.kept.entry(primary.file).or_default();
        heap.push(Kept {
            at: (primary.span.start, primary.span.end, self.arrivals),
            diagnostic,
        });
        if self.limit.is_some_and(|limit| heap.len() > limit) {
            if let Some(out) = heap.pop() {
                let span = Span::new(out.at.0, out.at.1);
                let severity = out.diagnostic.severity;
                leave(&mut self.left, (primary.file, self.code), 1, span, severity);
            }
        }
    }

    /// The kept findings, and what was left out added to `left`.
    pub(crate) fn finish(self, left: &mut Left) -> Vec<Diagnostic> {
        for (key, (count, span, severity)) in self.left {
            leave(left, key, count, span, severity);
        }
        self.kept
            .into_values()
            .flat_map(|heap| heap.into_sorted_vec())
            .map(|k| k.diagnostic)
            .collect()
    }
}

/// Keeps the first `limit` findings of each code in each file (`diagnostics` are
/// in file order) and closes each cut group with one MC007 saying how many more
/// there are, counting those `left` out earlier.
pub(crate) fn apply(
    diagnostics: Vec<Diagnostic>,
    limit: Option<usize>,
    left: Left,
) -> Vec<Diagnostic> {
    let Some(limit) = limit else {
        return diagnostics;
    };
    let mut left = left;
    let mut shown: BTreeMap<(FileId, Code), usize> = BTreeMap::new();
    let mut last_shown: BTreeMap<(FileId, Code), usize> = BTreeMap::new();
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len().min(4096));
    for d in diagnostics {
        let Some(file) = d.primary().map(|l| l.file) else {
            out.push(d);
            continue;
        };
        let n = shown.entry((file, d.code)).or_insert(0);
        if *n < limit {
            *n += 1;
            last_shown.insert((file, d.code), out.len());
            out.push(d);
        } else if let Some(l) = d.primary() {
            leave(&mut left, (file, d.code), 1, l.span, d.severity);
        }
    }
    // each closing line goes right after the last finding it follows
    let mut closing: Vec<(usize, Diagnostic)> = left
        .into_iter()
        .map(|((file, code), (count, span, severity))| {
            let at = last_shown.get(&(file, code)).map_or(out.len(), |i| i + 1);
            (at, summary(file, code, count, span, severity))
        })
        .collect();
    closing.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    for (at, d) in closing {
        out.insert(at.min(out.len()), d);
    }
    out
}

/// "and 2099950 more MC502 in this file", at the first finding not shown.
fn summary(file: FileId, code: Code, count: usize, span: Span, severity: Severity) -> Diagnostic {
    let rule = Code::MC007;
    let mut d = Diagnostic::new(rule, severity, format!("and {count} more {code} in this file"))
        .with_label(file, span, format!("the first {code} not shown"))
        .with_help("fix the findings shown first (the rest often share their cause); `--max-diagnostics 0` shows them all");
    d.omitted = Some(Omitted {
        code,
        count,
        covers: Vec::new(),
    });
    d.paragraph = rule.paragraph();
    d
}
