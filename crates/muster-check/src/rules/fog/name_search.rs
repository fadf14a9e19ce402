//! Finding many names in a text in one pass, with the answers a search per name
//! gives: each name's occurrences are the leftmost non-overlapping ones
//! `str::match_indices` would return, so the fog rules find what a loop over
//! every name found, at the cost of one scan per text. Whole-word occurrences
//! are looked up stretch by stretch in a hash map ([`first_whole_words`]); an
//! Aho–Corasick automaton ([`Patterns`]) covers the rare names and texts that
//! lookup cannot answer exactly, and substring searches.

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use std::borrow::Cow;
use std::cell::RefCell;
// a fast seeded hash: names are short and hashed by the thousand
use foldhash::HashMap;

/// A character that continues a word: a name must not touch one to stand as a
/// whole word.
#[inline]
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// `s` lower-cased, borrowed when it has nothing to lower (most identifiers).
/// ASCII text (most prose and names) is lowered byte by byte: the same result
/// as `str::to_lowercase`, without its per-character Unicode mapping.
pub(crate) fn lower(s: &str) -> Cow<'_, str> {
    if !s.is_ascii() {
        Cow::Owned(s.to_lowercase())
    } else if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// A set of distinct, non-empty strings to find.
pub(crate) struct Patterns {
    strings: Vec<String>,
    /// `None` only when the automaton could not be built (far beyond any input
    /// the parser accepts); then each string is searched on its own.
    automaton: Option<AhoCorasick>,
}

impl Patterns {
    /// `strings` must be distinct; an empty one is never found. Rare: only
    /// substring searches and what the word lookup cannot answer build one.
    pub(crate) fn new(strings: Vec<&str>) -> Self {
        let strings: Vec<String> = strings.into_iter().map(str::to_string).collect();
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
        let mut next: HashMap<usize, usize> = HashMap::default();
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

/// Whether a whole-word occurrence of `needle` can overlap an earlier occurrence
/// (which `match_indices` then skips): the needle has a border, a proper prefix
/// that is also a suffix, right after a character `word` rejects, as in "a b a".
pub(crate) fn may_hide(needle: &str) -> bool {
    let b = needle.as_bytes();
    // a border starts with the first byte again: without a second one, none
    let Some((first, rest)) = b.split_first() else {
        return false;
    };
    if !rest.contains(first) {
        return false;
    }
    // Knuth–Morris–Pratt: border[i] is the longest border of b[..=i]
    let mut border = vec![0usize; b.len()];
    for i in 1..b.len() {
        let mut k = border.get(i - 1).copied().unwrap_or(0);
        while k > 0 && b.get(i) != b.get(k) {
            k = border.get(k - 1).copied().unwrap_or(0);
        }
        if b.get(i) == b.get(k) {
            k += 1;
        }
        if let Some(x) = border.get_mut(i) {
            *x = k;
        }
    }
    let mut k = border.last().copied().unwrap_or(0);
    while k > 0 {
        let before = needle
            .get(..needle.len() - k)
            .and_then(|s| s.chars().next_back());
        if before.is_some_and(|c| !is_word_char(c)) {
            return true;
        }
        k = border.get(k - 1).copied().unwrap_or(0);
    }
    false
}

/// Whole-word needles to look up in a hash map, by their distinct lengths.
pub(crate) struct WordLookup<'a> {
    needles: Interner<'a>,
    /// Pattern ids left to an automaton (see [`may_hide`]).
    skip: Vec<bool>,
    /// `lengths[l]`: some looked-up needle is `l` bytes long.
    lengths: Vec<bool>,
    shortest: usize,
    /// The first and last bytes of looked-up needles, a cheap test before hashing.
    first: [bool; 256],
    last: [bool; 256],
    /// Where words may start and end in the text at hand, kept between texts.
    edges: RefCell<(Vec<usize>, Vec<usize>)>,
}

impl<'a> WordLookup<'a> {
    /// `needles` are distinct; those `skip` marks are not looked up.
    pub(crate) fn new(needles: Interner<'a>, skip: Vec<bool>) -> Self {
        let mut lengths = Vec::new();
        let mut shortest = usize::MAX;
        let mut first = [false; 256];
        let mut last = [false; 256];
        for (n, &p) in &needles.ids {
            if skip.get(p).copied().unwrap_or(true) || n.is_empty() {
                continue;
            }
            let b = n.as_bytes();
            for (set, byte) in [(&mut first, b.first()), (&mut last, b.last())] {
                if let Some(x) = byte.and_then(|&byte| set.get_mut(usize::from(byte))) {
                    *x = true;
                }
            }
            if lengths.len() <= n.len() {
                lengths.resize(n.len() + 1, false);
            }
            if let Some(l) = lengths.get_mut(n.len()) {
                *l = true;
            }
            shortest = shortest.min(n.len());
        }
        WordLookup {
            needles,
            skip,
            lengths,
            shortest,
            first,
            last,
            edges: RefCell::new((Vec::new(), Vec::new())),
        }
    }

    /// The needles, by number.
    pub(crate) fn needles(&self) -> Vec<&str> {
        self.needles.strings()
    }

    /// Calls `found(pattern, start)` for each whole-word occurrence of a needle in
    /// `hay`, in increasing `start`. A whole word is bounded by
    /// characters `word` rejects in `text`, which must have the same characters at
    /// the same byte offsets as `hay` (its lower-casing keeps every character's
    /// length) and the same words.
    pub(crate) fn first_whole_words(
        &self,
        text: &str,
        hay: &str,
        mut found: impl FnMut(usize, usize),
    ) {
        if self.lengths.is_empty() {
            return;
        }
        crate::work::text_scanned(text.len());
        let Ok(mut edges) = self.edges.try_borrow_mut() else {
            return;
        };
        let (starts, ends) = &mut *edges;
        starts.clear();
        ends.clear();
        // where a whole word may start (after a non-word character) and end (before one)
        starts.push(0);
        for (i, c) in text.char_indices() {
            if !is_word_char(c) {
                ends.push(i);
                starts.push(i + c.len_utf8());
            }
        }
        ends.push(text.len());
        let bytes = hay.as_bytes();
        let at = |set: &[bool; 256], i: usize| {
            bytes
                .get(i)
                .is_some_and(|&b| set.get(usize::from(b)).copied().unwrap_or(false))
        };
        let longest = self.lengths.len() - 1;
        let mut first_end = 0;
        for &s in starts.iter() {
            if !at(&self.first, s) {
                continue;
            }
            while ends
                .get(first_end)
                .is_some_and(|&e| e < s.saturating_add(self.shortest))
            {
                first_end += 1;
            }
            let within = ends.get(first_end..).unwrap_or_default();
            for &e in within.iter().take_while(|&&e| e - s <= longest) {
                if !self.lengths.get(e - s).copied().unwrap_or(false) || !at(&self.last, e - 1) {
                    continue;
                }
                let Some(&p) = hay.get(s..e).and_then(|w| self.needles.ids.get(w)) else {
                    continue;
                };
                if !self.skip.get(p).copied().unwrap_or(true) {
                    found(p, s);
                }
            }
        }
    }
}

/// For each of a number of keys, the values paired with it in the order given,
/// in one allocation rather than one per key.
pub(crate) struct Groups {
    /// `values[starts[k]..starts[k + 1]]` belong to key `k`.
    starts: Vec<usize>,
    values: Vec<usize>,
}

impl Groups {
    /// `pairs` of (key, value), every key below `keys`.
    pub(crate) fn new(keys: usize, pairs: &[(usize, usize)]) -> Self {
        let mut starts = vec![0; keys + 1];
        for &(k, _) in pairs {
            if let Some(c) = starts.get_mut(k + 1) {
                *c += 1;
            }
        }
        let mut total = 0;
        for c in &mut starts {
            total += *c;
            *c = total;
        }
        let mut next = starts.clone();
        let mut values = vec![0; total];
        for &(k, v) in pairs {
            if let Some(at) = next.get_mut(k) {
                if let Some(x) = values.get_mut(*at) {
                    *x = v;
                }
                *at += 1;
            }
        }
        Groups { starts, values }
    }

    /// The values of key `k`.
    pub(crate) fn of(&self, k: usize) -> &[usize] {
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&a), Some(&b)) => self.values.get(a..b).unwrap_or_default(),
            _ => &[],
        }
    }
}

/// Distinct strings, numbered in the order first given.
#[derive(Default)]
pub(crate) struct Interner<'a> {
    ids: HashMap<Cow<'a, str>, usize>,
}

impl<'a> Interner<'a> {
    pub(crate) fn id(&mut self, s: Cow<'a, str>) -> usize {
        let next = self.ids.len();
        *self.ids.entry(s).or_insert(next)
    }

    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    /// The strings, by number.
    pub(crate) fn strings(&self) -> Vec<&str> {
        let mut out = vec![""; self.ids.len()];
        for (s, &i) in &self.ids {
            if let Some(x) = out.get_mut(i) {
                *x = s;
            }
        }
        out
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
        let set = Patterns::new(patterns.to_vec());
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
    fn a_needle_may_hide_only_behind_a_border_after_a_non_word_character() {
        assert!(may_hide("a b a"));
        assert!(may_hide("luck, von luck"));
        assert!(may_hide("x y, x"));
        assert!(!may_hide("x-y-x"));
        assert!(!may_hide("aaa"));
        assert!(!may_hide("kampfgruppe von luck"));
        assert!(!may_hide("gr-1"));
        assert!(!may_hide("a"));
        assert!(!may_hide(""));
    }

    #[test]
    fn whole_words_are_those_a_search_per_name_finds_first() {
        let names = ["von luck", "luck", "gr-1", "aa", "é b"];
        let mut needles = Interner::default();
        for n in names {
            needles.id(Cow::Borrowed(n));
        }
        let lookup = WordLookup::new(needles, vec![false; names.len()]);
        for hay in [
            "kampfgruppe von luck, luck and von luckner",
            "gr-10 gr-1. aaa aa",
            "é b, xé b",
            "",
        ] {
            let mut got = Vec::new();
            lookup.first_whole_words(hay, hay, |p, at| got.push((p, at)));
            let mut expected = Vec::new();
            for (p, n) in names.iter().enumerate() {
                for (at, _) in hay.match_indices(n) {
                    let before = hay.get(..at).and_then(|s| s.chars().next_back());
                    let after = hay.get(at + n.len()..).and_then(|s| s.chars().next());
                    if !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char) {
                        expected.push((p, at));
                    }
                }
            }
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got, expected, "{hay}");
        }
    }

    #[test]
    fn lowering_agrees_with_to_lowercase_and_borrows_what_is_already_lower() {
        for s in [
            "",
            "kampfgruppe",
            "Kampfgruppe von Luck",
            "GR-736",
            "Bénouville",
            "ΟΔΟΣ",
            "İz",
        ] {
            assert_eq!(lower(s), s.to_lowercase(), "{s:?}");
        }
        assert!(matches!(lower("gr-736 pak40"), Cow::Borrowed(_)));
        assert!(matches!(lower("Hill 112"), Cow::Owned(_)));
    }

    #[test]
    fn groups_keep_each_keys_values_in_order() {
        let g = Groups::new(3, &[(2, 7), (0, 1), (2, 8), (0, 4)]);
        assert_eq!(g.of(0), &[1, 4]);
        assert_eq!(g.of(1), &[] as &[usize]);
        assert_eq!(g.of(2), &[7, 8]);
        assert_eq!(g.of(3), &[] as &[usize]);
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
