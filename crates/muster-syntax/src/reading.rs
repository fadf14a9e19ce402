//! Texts as a person reads them. Two spellings that print alike must be one
//! text to the checker, or a name written with a non-breaking space, a soft
//! hyphen or a zero-width space slips past the fog-of-war rules while the sheet
//! shows it plainly.
//!
//! [`printed`] is the form every quoted text takes when it is read (so the
//! model, the checker and the sheets all hold it): Unicode compatibility
//! normalisation (NFKC), invisible characters removed, every space-like
//! character a plain space and every hyphen-like character `-`. [`folded`] is
//! the form names are compared in: the printed form with each run of
//! whitespace (line breaks included) one space and `_` read as `-`.

use std::borrow::Cow;
use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};

/// Characters that print as nothing: the soft hyphen, zero-width spaces and
/// joiners, direction marks and isolates, variation selectors, the byte-order
/// mark and tag characters.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Hyphens that are not `-` (the hyphen, non-breaking hyphen, figure dash,
/// hyphen bullet, minus sign). En and em dashes stay: they separate words.
fn is_hyphen(c: char) -> bool {
    matches!(
        c,
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2043}' | '\u{2212}'
    )
}

/// A space that is not a line break.
fn is_space(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\n' | '\r' | '\u{0085}' | '\u{2028}' | '\u{2029}')
}

/// The printed form of a text (see the module's comment); borrowed when it is
/// already in that form, as plain ASCII always is.
pub fn printed(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let plain = |c: char| !is_invisible(c) && !is_hyphen(c) && (c == ' ' || !is_space(c));
    if is_nfkc_quick(text.chars()) == IsNormalized::Yes && text.chars().all(plain) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.nfkc()
            .filter(|&c| !is_invisible(c))
            .map(|c| {
                if is_hyphen(c) {
                    '-'
                } else if is_space(c) {
                    ' '
                } else {
                    c
                }
            })
            .collect(),
    )
}

/// The form names are compared in, with where each byte of it comes from in
/// `text`: `offsets[i]` is the byte of `text` that byte `i` was made from, and
/// one more entry holds `text.len()`. `None` when `text` is already folded (its
/// own offsets then serve).
pub fn folded(text: &str) -> Option<(String, Vec<usize>)> {
    let simple = |c: char| c != '_' && (c == ' ' || !c.is_whitespace());
    let needs = text
        .char_indices()
        .zip(text.chars().skip(1).map(Some).chain([None]))
        .any(|((_, c), next)| !simple(c) || (c == ' ' && next == Some(' ')))
        || printed(text) != text;
    if !needs {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len() + 1);
    let mut space = false;
    for (at, c) in text.char_indices() {
        let mut one = [0u8; 4];
        let piece = c.encode_utf8(&mut one);
        for c in printed(piece).chars() {
            if c.is_whitespace() {
                if !space {
                    offsets.push(at);
                    out.push(' ');
                }
                space = true;
                continue;
            }
            space = false;
            let c = if c == '_' { '-' } else { c };
            offsets.extend(std::iter::repeat_n(at, c.len_utf8()));
            out.push(c);
        }
    }
    offsets.push(text.len());
    Some((out, offsets))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold(text: &str) -> String {
        folded(text).map_or_else(|| text.to_string(), |(f, _)| f)
    }

    #[test]
    fn every_spelling_that_prints_alike_folds_alike() {
        let plain = "Kampfgruppe Rauch";
        for spelling in [
            "Kampfgruppe\u{00A0}Rauch",
            "Kampfgruppe  Rauch",
            "Kampfgruppe\nRauch",
            "Kampfgruppe\r\n\tRauch",
            "Kampf\u{00AD}gruppe Rauch",
            "Kampf\u{200B}gruppe Rauch",
            "Kampfgruppe\u{2060} Rauch",
            "\u{FEFF}Kampfgruppe Rauch",
            "Ｋａｍｐｆｇｒｕｐｐｅ Rauch",
        ] {
            assert_eq!(fold(spelling), plain, "{spelling:?}");
        }
        for spelling in ["gr\u{2010}736", "gr\u{2011}736", "gr_736", "gr\u{2212}736"] {
            assert_eq!(fold(spelling), "gr-736", "{spelling:?}");
        }
    }

    #[test]
    fn dashes_between_words_and_accents_are_kept() {
        assert_eq!(fold("the ridge\u{2014}held"), "the ridge\u{2014}held");
        assert_eq!(fold("Bénouville"), "Bénouville");
        assert!(folded("Bénouville, gr-1").is_none());
    }

    #[test]
    fn offsets_lead_back_to_the_text() {
        let text = "hold  Kampf\u{00AD}gruppe\u{00A0}Rauch_2";
        let (f, offsets) = folded(text).unwrap_or_default();
        assert_eq!(f, "hold Kampfgruppe Rauch-2");
        assert_eq!(offsets.len(), f.len() + 1);
        let at = f.find("Kampfgruppe").unwrap_or(0);
        assert_eq!(&text[offsets[at]..], &text[6..]);
        assert_eq!(offsets[f.len()], text.len());
    }

    #[test]
    fn printing_keeps_line_breaks_and_plain_text() {
        assert!(matches!(printed("a\n\nb  c"), Cow::Borrowed(_)));
        assert_eq!(printed("a\u{00A0}b\u{200B}c\u{2010}d\nx"), "a bc-d\nx");
        assert!(matches!(printed("Bénouville"), Cow::Borrowed(_)));
    }
}
