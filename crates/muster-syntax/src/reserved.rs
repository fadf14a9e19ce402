//! The reserved words: statement keywords that can never be names.

/// Words that start a top-level item or an element; an identifier may not be one
/// of these, so lists of names can end without punctuation: the scanner splits
/// the file before every top-level keyword, and element runs stop at `element`
/// and `hq`. Lowering reports a reserved word used as a name (MC001).
pub const RESERVED: &[&str] = &[
    "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal", "arrival",
    "event", "victory", "intel", "umpire", "briefing", "terrain", "element", "hq",
];

/// Top-level item keywords, where the scanner splits the file.
pub(crate) const ITEM_KEYWORDS: &[&str] = &[
    "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal", "arrival",
    "event", "victory", "intel", "umpire", "briefing", "terrain",
];

/// Whether `word` is reserved: one `match` (a length switch, then one compare)
/// rather than a scan of [`RESERVED`], since every identifier comes here; a test
/// holds the two to the same words.
pub(crate) fn is_reserved(word: &str) -> bool {
    matches!(
        word,
        "use"
            | "scenario"
            | "side"
            | "map"
            | "template"
            | "forces"
            | "nets"
            | "orders"
            | "signal"
            | "arrival"
            | "event"
            | "victory"
            | "intel"
            | "umpire"
            | "briefing"
            | "terrain"
            | "element"
            | "hq"
    )
}

#[cfg(test)]
mod tests {
    use super::{is_reserved, RESERVED};

    #[test]
    fn the_match_holds_the_same_words_as_the_list() {
        for w in RESERVED {
            assert!(is_reserved(w), "{w}");
            // near misses of every length around it
            for cut in 0..w.len() {
                assert_eq!(is_reserved(&w[..cut]), RESERVED.contains(&&w[..cut]));
            }
            assert!(!is_reserved(&format!("{w}s")), "{w}s");
        }
        // as many words as the list: none extra, none missing
        let source = include_str!("reserved.rs");
        let body = source
            .split("matches!(")
            .nth(1)
            .and_then(|b| b.split(')').next())
            .unwrap_or_default();
        assert_eq!(body.matches('"').count(), 2 * RESERVED.len());
    }

    proptest::proptest! {
        #[test]
        fn the_match_agrees_with_the_list(w in "[a-z]{0,9}") {
            proptest::prop_assert_eq!(is_reserved(&w), RESERVED.contains(&w.as_str()));
        }
    }
}
