//! The reserved words: statement keywords that can never be names.

/// Writes the reserved words once and builds from them the list of all of them,
/// the list of item keywords and the `match` that tests a word.
macro_rules! reserved {
    (items: [$($item:literal),+ $(,)?], elements: [$($elem:literal),+ $(,)?] $(,)?) => {
        /// Words that start a top-level item or an element; an identifier may not be
        /// one of these, so lists of names can end without punctuation: the scanner
        /// splits the file before every top-level keyword, and element runs stop at
        /// `element` and `hq`. Lowering reports a reserved word used as a name (MC001).
        pub const RESERVED: &[&str] = &[$($item,)+ $($elem),+];

        /// Top-level item keywords, where the scanner splits the file.
        pub(crate) const ITEM_KEYWORDS: &[&str] = &[$($item),+];

        /// Whether `word` is reserved: one `match` (a length switch, then one
        /// compare) rather than a scan of [`RESERVED`], since every identifier
        /// comes here.
        pub(crate) fn is_reserved(word: &str) -> bool {
            matches!(word, $($item)|+ | $($elem)|+)
        }
    };
}

reserved! {
    items: [
        "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal",
        "arrival", "event", "victory", "intel", "umpire", "briefing", "terrain",
    ],
    elements: ["element", "hq"],
}

#[cfg(test)]
mod tests {
    use super::{is_reserved, RESERVED};

    #[test]
    fn the_match_holds_the_words_of_the_list() {
        for w in RESERVED {
            assert!(is_reserved(w), "{w}");
            // near misses of every length around it
            for cut in 0..w.len() {
                assert_eq!(is_reserved(&w[..cut]), RESERVED.contains(&&w[..cut]));
            }
            assert!(!is_reserved(&format!("{w}s")), "{w}s");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_match_agrees_with_the_list(w in "[a-z]{0,9}") {
            proptest::prop_assert_eq!(is_reserved(&w), RESERVED.contains(&w.as_str()));
        }
    }
}
