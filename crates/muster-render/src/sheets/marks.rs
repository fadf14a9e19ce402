//! What every printed sheet carries in its margins: whose sheet it is and the
//! scenario, written so that no author text can escape its CSS string.

use serde::Serialize;

use crate::json::ScenarioJson;

/// The marks printed in every page's margins: whose sheet it is, the scenario,
/// and (by CSS counters) `page N of M`, so a loose page is never mistaken for
/// another audience's. Each is a CSS string literal body with every character
/// written as a CSS escape, so author text
/// can neither end the string nor the style element.
#[derive(Debug, Clone, Serialize)]
pub struct PageMarks {
    /// `UMPIRE ONLY`, `BRITISH SIDE`, `PLAYER: Maj. John Howard · BRITISH SIDE`.
    pub audience: String,
    /// The scenario's title.
    pub scenario: String,
}

/// The audience line of a page: who may read it.
pub fn audience(side: Option<&str>, player: Option<&str>) -> String {
    let side_words = side.map(|s| format!("{} SIDE", s.to_uppercase()));
    match (side_words, player) {
        (None, _) => "UMPIRE ONLY".into(),
        (Some(sw), None) => sw,
        (Some(sw), Some(p)) => format!("PLAYER: {p} \u{b7} {sw}"),
    }
}

/// `text` as the body of a CSS string literal, every character a six-digit
/// hexadecimal escape: nothing author-written stays readable as markup or CSS.
pub fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 7);
    for c in text.chars() {
        out.push_str(&format!("\\{:06x}", u32::from(c)));
    }
    out
}

impl PageMarks {
    /// The marks of a sheet of `s` for `side` (None: the umpire) and `player`
    /// (the player's name as printed).
    pub fn new(s: &ScenarioJson, side: Option<&str>, player: Option<&str>) -> PageMarks {
        PageMarks {
            audience: css_string(&audience(side, player)),
            scenario: css_string(&s.header.title),
        }
    }
}

/// The program that made a sheet, printed at its foot.
pub fn generator() -> String {
    format!("muster {}", env!("CARGO_PKG_VERSION"))
}
