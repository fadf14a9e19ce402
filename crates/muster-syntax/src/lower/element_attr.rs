//! Lowering of an element's attributes: keyword attributes with their arguments
//! (`figures 6`, `hmg-zone …`) and bare words (weapons, postures, vehicle words).
use crate::Code;

use super::ctx::nearest;
use super::element::{calibre, take};
use super::{Ctx, P};
use crate::ast::{ElementAttr, ElementKind, Weapon};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Span, Spanned};
use muster_rules::limits;
use muster_rules::vocab::{Drive, FootType, Mount, Posture, RadioRange, WeaponKind};

/// Bare words that are attributes without a leading keyword.
fn bare_attr_words() -> &'static [&'static str] {
    static WORDS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut v: Vec<&'static str> = WeaponKind::ALL.iter().map(|w| w.keyword()).collect();
        v.extend(Posture::ALL.iter().map(|p| p.keyword()));
        v.extend(["telephone", "commander"]);
        v.extend(Drive::ALL.iter().map(|d| d.keyword()));
        v.extend(["armoured", "soft", "open-topped", "enclosed"]);
        v
    });
    &WORDS
}

/// Whether a bare word is one the element grammar knows, for `task` targets.
pub(crate) fn known_word(w: &str) -> bool {
    attribute_word(w) || FootType::from_keyword(w).is_some()
}

/// Whether a word is an attribute of an element (what may follow its type).
pub(crate) fn attribute_word(w: &str) -> bool {
    bare_attr_words().contains(&w) || KEYWORD_ATTRS.contains(&w)
}

/// Every word [`attribute_word`] accepts.
#[cfg(test)]
pub(crate) fn attribute_words() -> Vec<&'static str> {
    let mut v = bare_attr_words().to_vec();
    v.extend(KEYWORD_ATTRS);
    v
}

/// Attribute keywords that take arguments.
pub(crate) const KEYWORD_ATTRS: &[&str] = &[
    "figures",
    "models",
    "represents",
    "mix",
    "radio",
    "at",
    "facing",
    "embussed-in",
    "riding-on",
    "registers-for",
    "hmg-zone",
    "task",
    "refuel-at",
    "note",
    "start",
    "prepared",
    "allow",
    "warn",
    "deny",
];

/// Reports a keyword whose argument is missing.
fn missing(c: &mut Ctx, ks: Span, word: &str, what: &str, example: &str) {
    c.error(
        Code::MC001,
        ks,
        format!("`{word}` needs {what}"),
        "argument missing",
        Some(format!("write it like `{example}`")),
    );
}

/// An attribute that starts with a keyword and takes arguments (`figures 6`);
/// `None` when `k` (whose text is `w`) is not such a keyword. The outer `Option` of the result's
/// item is empty when the attribute was malformed (already reported).
pub(crate) fn keyword_attr(
    c: &mut Ctx,
    items: &[P],
    i: &mut usize,
    k: &P,
    w: &str,
    ks: Span,
) -> Option<Option<ElementAttr>> {
    const NUM: &[Rule] = &[Rule::lit, Rule::elem_word];
    let attr = match w {
        "represents" => match take(items, i, NUM) {
            Some(n) => c
                .ranged(&n, literal::count, &limits::REPRESENTS)
                .map(ElementAttr::Represents),
            None => {
                missing(c, ks, w, "a count", "represents 1");
                None
            }
        },
        "mix" => return Some(mix_attr(c, items, i, w, ks)),
        "figures" | "models" => match take(items, i, NUM) {
            Some(n) if w == "figures" => c
                .ranged(&n, literal::count, &limits::FIGURES)
                .map(ElementAttr::Figures),
            Some(n) => c
                .ranged(&n, literal::count, &limits::MODELS)
                .map(ElementAttr::Models),
            None => {
                missing(c, ks, w, "a count", &format!("{w} 2"));
                None
            }
        },
        "radio" => match take(items, i, &[Rule::elem_word]) {
            Some(r) => c
                .vocab(&r, RadioRange::ALL, RadioRange::keyword, "a radio range")
                .map(ElementAttr::Radio),
            None => {
                missing(c, ks, w, "a range", "radio short");
                None
            }
        },
        "at" => match take(items, i, &[Rule::point]) {
            Some(pt) => c.point(pt).map(ElementAttr::At),
            None => {
                missing(c, ks, w, "a point", "at (100,20)");
                None
            }
        },
        "facing" => match take(items, i, NUM) {
            Some(b) => c.slit(&b, literal::bearing).map(ElementAttr::Facing),
            None => {
                missing(c, ks, w, "a bearing", "facing 90");
                None
            }
        },
        "embussed-in" | "riding-on" | "registers-for" | "refuel-at" => {
            match take(items, i, &[Rule::elem_word]) {
                Some(t) => {
                    let id = c.ident(&t);
                    Some(match w {
                        "embussed-in" => ElementAttr::EmbussedIn(id),
                        "riding-on" => ElementAttr::RidingOn(id),
                        "registers-for" => ElementAttr::RegistersFor(id),
                        _ => ElementAttr::RefuelAt(id),
                    })
                }
                None => {
                    missing(c, ks, w, "a name", &format!("{w} lorry-1"));
                    None
                }
            }
        }
        "start" => {
            let word = take(items, i, &[Rule::elem_word]);
            let reason = take(items, i, &[Rule::string]);
            return Some(super::scope::start(c, ks, word.as_ref(), reason).map(ElementAttr::Start));
        }
        "prepared" => return Some(prepared_attr(c, items, i, ks)),
        "allow" | "warn" | "deny" => {
            let code = take(items, i, &[Rule::elem_word]);
            let reason = take(items, i, &[Rule::string]);
            return Some(
                super::scope::scoped_override(c, k, code.as_ref(), reason)
                    .map(ElementAttr::Override),
            );
        }
        "note"
            if items.get(*i).is_some_and(|n| {
                n.as_rule() == Rule::elem_word && n.as_str().starts_with("MC")
            }) =>
        {
            note_with_code(c, items, i, ks)
        }
        "note" | "umpire" => text_attr(c, items, i, w, ks),
        "hmg-zone" => hmg_zone(c, items, i, ks),
        "task" => task_attr(c, items, i, w, ks),
        _ => return None,
    };
    Some(attr)
}

/// `mix 3 "Cromwell" 1 "Firefly"`: pairs of a count and a text, as many as are
/// written; `None` when malformed (reported).
fn mix_attr(c: &mut Ctx, items: &[P], i: &mut usize, w: &str, ks: Span) -> Option<ElementAttr> {
    let mut parts = Vec::new();
    while items.get(*i).is_some_and(|p| p.as_rule() == Rule::lit) {
        let Some(n) = take(items, i, &[Rule::lit]) else {
            break;
        };
        let count = c.ranged(&n, literal::count, &limits::REPRESENTS);
        let Some(what) = take(items, i, &[Rule::string]) else {
            missing(c, ks, w, "a count and a text for each part", MIX_EXAMPLE);
            return None;
        };
        let what = c.text(what);
        if let Some(count) = count {
            parts.push((count, what));
        }
    }
    if parts.is_empty() {
        missing(c, ks, w, "a count and a text for each part", MIX_EXAMPLE);
        return None;
    }
    Some(ElementAttr::Mix(parts))
}

/// How a `mix` is written.
const MIX_EXAMPLE: &str = "mix 3 \"Cromwell\" 1 \"Firefly\"";

/// `prepared since 1944-03-01 [20:00]` or `prepared overnight`.
fn prepared_attr(c: &mut Ctx, items: &[P], i: &mut usize, ks: Span) -> Option<ElementAttr> {
    let since = take(items, i, &[Rule::elem_word]);
    let overnight = since.as_ref().is_some_and(|s| s.as_str() == "overnight");
    let when = if overnight {
        None
    } else {
        take(items, i, &[Rule::lit])
    };
    // a clock time after the date (`20:00`); any other number is the next attribute's
    let time = if overnight || !items.get(*i).is_some_and(|p| p.as_str().contains(':')) {
        None
    } else {
        take(items, i, &[Rule::lit])
    };
    super::scope::prepared(c, ks, since.as_ref(), when.as_ref(), time.as_ref())
        .map(ElementAttr::Prepared)
}

/// `note MC301`: a code where a note's text belongs, reported as the slip for a
/// house rule it most likely is.
fn note_with_code(c: &mut Ctx, items: &[P], i: &mut usize, ks: Span) -> Option<ElementAttr> {
    let code = take(items, i, &[Rule::elem_word]);
    let cs = code.as_ref().map_or(ks, |p| c.span(p));
    c.error(
        Code::MC001,
        ks.join(cs),
        "`note` on an element is a note text, not a severity".into(),
        "a code after `note`",
        Some("write `note \"…\"` for a note, or `warn`, `deny` or `allow` with a code for a house rule on this element".into()),
    );
    None
}

/// `note "…"` or `umpire "…"` on an element.
fn text_attr(c: &mut Ctx, items: &[P], i: &mut usize, w: &str, ks: Span) -> Option<ElementAttr> {
    match take(items, i, &[Rule::string]) {
        Some(t) => {
            let t = c.text(t);
            Some(if w == "note" {
                ElementAttr::Note(t)
            } else {
                ElementAttr::UmpireNote(t)
            })
        }
        None => {
            missing(c, ks, w, "a quoted text", &format!("{w} \"…\""));
            None
        }
    }
}

/// `task demolition [target]`.
fn task_attr(c: &mut Ctx, items: &[P], i: &mut usize, w: &str, ks: Span) -> Option<ElementAttr> {
    match take(items, i, &[Rule::elem_word]) {
        Some(t) => {
            let task = c.ident(&t);
            let mut span = ks.join(task.span);
            let target = match items.get(*i) {
                Some(x) if x.as_rule() == Rule::elem_word && !known_word(x.as_str()) => {
                    *i += 1;
                    let id = c.ident(x);
                    span = span.join(id.span);
                    Some(id)
                }
                _ => None,
            };
            Some(ElementAttr::Task { task, target, span })
        }
        None => {
            missing(c, ks, w, "a task", "task demolition pegasus");
            None
        }
    }
}

/// `hmg-zone bearing B spread S range R`
fn hmg_zone(c: &mut Ctx, items: &[P], i: &mut usize, ks: Span) -> Option<ElementAttr> {
    let mut vals = Vec::new();
    let mut span = ks;
    for word in ["bearing", "spread", "range"] {
        let kw = take(items, i, &[Rule::elem_word]).filter(|k| k.as_str() == word);
        let val = kw.and_then(|_| take(items, i, &[Rule::lit, Rule::elem_word]));
        match val {
            Some(v) => {
                span = span.join(c.span(&v));
                vals.push(v);
            }
            None => {
                missing(
                    c,
                    ks,
                    "hmg-zone",
                    "a bearing, a spread and a range",
                    "hmg-zone bearing 90 spread 30 range 800m",
                );
                // Skip the rest of the malformed zone so it is reported once.
                while let Some(t) = items.get(*i) {
                    let part = t.as_rule() == Rule::lit
                        || matches!(t.as_str(), "bearing" | "spread" | "range");
                    if !part {
                        break;
                    }
                    *i += 1;
                }
                return None;
            }
        }
    }
    let bearing = c.slit(&vals[0], literal::bearing);
    let spread = c.slit(&vals[1], literal::degrees);
    let range = c.ranged(&vals[2], literal::distance, &limits::WEAPON_RANGE);
    Some(ElementAttr::HmgZone {
        bearing: bearing?,
        spread: spread?,
        range: range?,
        span,
    })
}

/// A bare word: a weapon (with mount and calibre), a posture, a vehicle word.
pub(crate) fn bare_word(
    c: &mut Ctx,
    items: &[P],
    i: &mut usize,
    w: &str,
    ks: Span,
    kind: &mut Option<ElementKind>,
    attrs: &mut Vec<ElementAttr>,
) {
    if let Some(wk) = WeaponKind::from_keyword(w) {
        let mut wspan = ks;
        let mut mount = None;
        if let Some(m) = items.get(*i).filter(|m| m.as_rule() == Rule::elem_word) {
            if let Some(mv) = Mount::from_keyword(m.as_str()) {
                let ms = c.span(m);
                mount = Some(Spanned::new(mv, ms));
                wspan = wspan.join(ms);
                *i += 1;
            }
        }
        let mut cal = None;
        if let Some(l) = take(items, i, &[Rule::lit]) {
            cal = calibre(c, &l);
            wspan = wspan.join(c.span(&l));
        }
        attrs.push(ElementAttr::Weapon(Weapon {
            kind: Spanned::new(wk, ks),
            mount,
            calibre: cal,
            span: wspan,
        }));
    } else if let Some(p) = Posture::from_keyword(w) {
        attrs.push(ElementAttr::Posture(Spanned::new(p, ks)));
    } else if w == "telephone" {
        attrs.push(ElementAttr::Telephone(ks));
    } else if w == "commander" {
        attrs.push(ElementAttr::Commander(ks));
    } else if Drive::from_keyword(w).is_some()
        || matches!(w, "armoured" | "soft" | "open-topped" | "enclosed")
    {
        vehicle_word(c, kind, w, ks);
    } else {
        unknown_word(c, w, ks, kind.is_some());
    }
}

/// Records a drive or body word on a vehicle.
fn vehicle_word(c: &mut Ctx, kind: &mut Option<ElementKind>, w: &str, ks: Span) {
    match kind {
        Some(ElementKind::Vehicle { drive, armoured, open_topped, span, .. }) => {
            if let Some(d) = Drive::from_keyword(w) {
                *drive = Some(Spanned::new(d, ks));
            } else if w == "armoured" || w == "soft" {
                *armoured = Some(Spanned::new(w == "armoured", ks));
            } else {
                *open_topped = Some(Spanned::new(w == "open-topped", ks));
            }
            *span = span.join(ks);
        }
        _ => c.error(
            Code::MC001,
            ks,
            format!("`{w}` describes a vehicle, but this element is not one"),
            "vehicles only",
            Some("start a vehicle element with `vehicle` and its role, such as `vehicle tank tracked`".into()),
        ),
    }
}

/// Reports a word that is no element type or attribute.
fn unknown_word(c: &mut Ctx, w: &str, ks: Span, has_kind: bool) {
    let mut words = bare_attr_words().to_vec();
    words.extend(KEYWORD_ATTRS);
    if !has_kind {
        words.extend(FootType::ALL.iter().map(|f| f.keyword()));
        words.extend(["vehicle", "artillery", "aircraft", "ship"]);
    }
    let (message, help) = if FootType::from_keyword(w).is_some()
        || matches!(w, "vehicle" | "artillery" | "aircraft" | "ship")
    {
        (
            format!("`{w}` is an element type, which comes first, right after the name"),
            "write the type once, right after the element's name".to_string(),
        )
    } else {
        let help = match nearest(w, &words) {
            Some(n) => format!("did you mean `{n}`?"),
            None => "element types: `coherent`, `vehicle tank`, `artillery gun 25pdr`, ...; attributes: `figures 6`, `lmg`, `dug-in`, `radio short`, ...".to_string(),
        };
        let what = if has_kind {
            "an element attribute such as `lmg`, `dug-in` or `telephone`"
        } else {
            "an element type or attribute such as `coherent`, `lmg` or `dug-in`"
        };
        (format!("expected {what}, found `{w}`"), help)
    };
    c.error(Code::MC001, ks, message, "not understood here", Some(help));
}
