//! Finding many names in a text in one pass (Aho–Corasick), with the answers a
//! search per name gives: each name's occurrences are the leftmost
//! non-overlapping ones `str::match_indices` would return, so the fog rules find
//! what a loop over every name found, at the cost of one scan per text.

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use std::collections::HashMap;

/// A set of distinct, non-empty strings to find.
pub(crate) struct Patterns {
    strings: Vec<String>,
    /// `None` only when the automaton could not be built (far beyond any input
    /// the parser accepts); then each string is searched on its own.
    automaton: Option<AhoCorasick>,
}

impl Patterns {
    /// `strings` must be distinct; an empty one is never found.
    pub(crate) fn new(strings: Vec<String>) -> Self {
        // A noncontiguous automaton is the cheapest to build, and texts are short:
        // building is most of the cost for a scenario's few dozen names.
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::NoncontiguousNFA))
            .build(&strings)
            .ok();
        Patterns { strings, automaton }
    }

    /// The length in bytes of pattern `p`.
    pub(crate) fn len_of(&self, p: usize) -> usize {
        self.strings.get(p).map_or(0, String::len)
    }

    /// Calls `found(pattern, start)` for every occurrence `hay.match_indices` gives
    /// each pattern, in increasing `start` for each pattern.
    pub(crate) fn each(&self, hay: &str, mut found: impl FnMut(usize, usize)) {
        let Some(automaton) = &self.automaton else {
            for (p, s) in self.strings.iter().enumerate() {
                crate::work::text_scanned(hay.len());
                if !s.is_empty() {
                    hay.match_indices(s.as_str())
                        .for_each(|(at, _)| found(p, at));
                }
            }
            return;
        };
        crate::work::text_scanned(hay.len());
        // the end of each pattern's last reported occurrence: an overlapping one
        // starting before it is not one `match_indices` returns
        let mut next: HashMap<usize, usize> = HashMap::new();
        for m in automaton.find_overlapping_iter(hay) {
            let p = m.pattern().as_usize();
            let from = next.entry(p).or_insert(0);
            if m.start() >= *from {
                *from = m.end();
                found(p, m.start());
            }
        }
    }
}

/// Byte ranges of a text, to ask whether one of them strictly contains a range.
pub(crate) struct Spans {
    /// Sorted by start, then end.
    spans: Vec<(usize, usize)>,
    /// The largest end among `spans[..=i]`.
    max_end: Vec<usize>,
}

impl Spans {
    pub(crate) fn new(mut spans: Vec<(usize, usize)>) -> Self {
        spans.sort_unstable();
        let max_end = spans
            .iter()
            .scan(0, |m, &(_, e)| {
                *m = (*m).max(e);
                Some(*m)
            })
            .collect();
        Spans { spans, max_end }
    }

    /// Whether a span holds `at..at + len` and is longer than it.
    pub(crate) fn strictly_contain(&self, at: usize, len: usize) -> bool {
        let end = at + len;
        // spans starting before `at` are longer whenever they reach `end`
        let before = self.spans.partition_point(|&(s, _)| s < at);
        if before > 0 && self.max_end.get(before - 1).is_some_and(|&e| e >= end) {
            return true;
        }
        // spans starting at `at` must end after `end`; the last one ends latest
        let upto = self.spans.partition_point(|&(s, _)| s <= at);
        upto > before && self.spans.get(upto - 1).is_some_and(|&(_, e)| e > end)
    }
}

/// Distinct strings, numbered in the order first given.
#[derive(Default)]
pub(crate) struct Interner {
    ids: HashMap<String, usize>,
    strings: Vec<String>,
}

impl Interner {
    pub(crate) fn id(&mut self, s: String) -> usize {
        if let Some(&i) = self.ids.get(&s) {
            return i;
        }
        let i = self.strings.len();
        self.ids.insert(s.clone(), i);
        self.strings.push(s);
        i
    }

    pub(crate) fn into_strings(self) -> Vec<String> {
        self.strings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `match_indices` gives each pattern, as (pattern, start) pairs sorted.
    fn naive(patterns: &[&str], hay: &str) -> Vec<(usize, usize)> {
        let mut out: Vec<_> = patterns
            .iter()
            .enumerate()
            .flat_map(|(p, s)| hay.match_indices(s).map(move |(at, _)| (p, at)))
            .collect();
        out.sort_unstable();
        out
    }

    fn one_pass(patterns: &[&str], hay: &str) -> Vec<(usize, usize)> {
        let set = Patterns::new(patterns.iter().map(|s| s.to_string()).collect());
        let mut out = Vec::new();
        set.each(hay, |p, at| out.push((p, at)));
        out.sort_unstable();
        out
    }

    #[test]
    fn one_pass_finds_what_a_search_per_name_finds() {
        let patterns = ["aa", "aba", "a b a", "von luck", "luck", "ab"];
        for hay in [
            "aaaa",
            "ababababa",
            "xa b a b a",
            "kampfgruppe von luck, luck and von luckner",
            "",
            "é aa é",
        ] {
            assert_eq!(one_pass(&patterns, hay), naive(&patterns, hay), "{hay}");
        }
    }

    #[test]
    fn a_span_contains_a_range_only_when_longer() {
        let spans = Spans::new(vec![(4, 10), (0, 3), (12, 20)]);
        assert!(spans.strictly_contain(4, 3));
        assert!(spans.strictly_contain(6, 4));
        assert!(!spans.strictly_contain(4, 6));
        assert!(!spans.strictly_contain(9, 3));
        assert!(spans.strictly_contain(12, 7));
        assert!(!spans.strictly_contain(12, 8));
        assert!(!Spans::new(Vec::new()).strictly_contain(0, 1));
    }
}
