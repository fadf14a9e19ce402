//! The nations a side, unit or template may name (`nation german`). The rulebook
//! covers the armies of the Second World War; a nation outside this list is a
//! slip (MC110), and rules that depend on nation (MC204's MP44) read these words.

/// Every nation the language knows, alphabetically. `us` is the pack's older
/// word for `american` and means the same.
pub const NATIONS: &[&str] = &[
    "american",
    "australian",
    "belgian",
    "british",
    "canadian",
    "czech",
    "dutch",
    "finnish",
    "french",
    "german",
    "greek",
    "hungarian",
    "indian",
    "italian",
    "japanese",
    "new-zealand",
    "norwegian",
    "polish",
    "romanian",
    "south-african",
    "soviet",
    "us",
    "yugoslav",
];

/// Whether `word` names a known nation.
pub fn is_nation(word: &str) -> bool {
    NATIONS.contains(&word)
}
