//! The reserved words: statement keywords that can never be names.

/// Words that start a top-level item or an element; an identifier may not be one
/// of these, so lists of names can end without punctuation: the scanner splits
/// the file before every top-level keyword, and element runs stop at `element`
/// and `hq`. Lowering reports a reserved word used as a name (MC001).
pub const RESERVED: &[&str] = &[
    "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal", "arrival",
    "event", "victory", "intel", "umpire", "briefing", "element", "hq",
];

/// Top-level item keywords, where the scanner splits the file.
pub(crate) const ITEM_KEYWORDS: &[&str] = &[
    "use", "scenario", "side", "map", "template", "forces", "nets", "orders", "signal", "arrival",
    "event", "victory", "intel", "umpire", "briefing",
];

/// Whether `word` is reserved.
pub(crate) fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
}
