//! Lowering of one `element` or `hq`: its type, then attributes in any order.

use super::ctx::{kids, nearest};
use super::{Ctx, P};
use crate::ast::{Calibre, Element, ElementAttr, ElementKind, Weapon};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Span, Spanned};
use muster_rules::vocab::{
    AircraftRole, ArtilleryWeapon, Drive, FootType, Mount, Posture, RadioRange, Specialism,
    VehicleRole, WeaponKind,
};

/// Bare words that are attributes without a leading keyword.
fn bare_attr_words() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = WeaponKind::ALL.iter().map(|w| w.keyword()).collect();
    v.extend(Posture::ALL.iter().map(|p| p.keyword()));
    v.extend(["telephone", "commander"]);
    v.extend(Drive::ALL.iter().map(|d| d.keyword()));
    v.extend(["armoured", "soft", "open-topped", "enclosed"]);
    v
}

/// Whether a bare word is one the element grammar knows, for `task` targets.
fn known_word(w: &str) -> bool {
    bare_attr_words().contains(&w)
        || KEYWORD_ATTRS.contains(&w)
        || FootType::from_keyword(w).is_some()
}

/// Attribute keywords that take arguments.
const KEYWORD_ATTRS: &[&str] = &[
    "figures",
    "models",
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
];

/// A calibre literal.
fn calibre(c: &mut Ctx, p: &P) -> Option<Calibre> {
    let span = c.span(p);
    c.lit(p, literal::calibre).map(|millimetres| Calibre {
        millimetres,
        written: p.as_str().to_string(),
        span,
    })
}

fn is_word(p: Option<&P>) -> bool {
    p.is_some_and(|p| p.as_rule() == Rule::elem_word)
}

/// `element id type attrs…` or `hq id [type] attrs…`
pub(crate) fn element(c: &mut Ctx, p: P) -> Option<Element> {
    let span = c.span(&p);
    let mut it = kids(p);
    let is_hq = it.next().is_some_and(|k| k.as_rule() == Rule::kw_hq);
    let id = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let items: Vec<P> = it.collect();
    let mut i = 0;
    let mut kind = None;
    if let Some(first) = items.first().filter(|k| k.as_rule() == Rule::elem_word) {
        let w = first.as_str();
        let fs = c.span(first);
        if let Some(ty) = FootType::from_keyword(w) {
            i = 1;
            let ty = Spanned::new(ty, fs);
            let mut specialism = None;
            let mut kspan = fs;
            if ty.value == FootType::Specialist
                && is_word(items.get(1))
                && (Specialism::from_keyword(items[1].as_str()).is_some()
                    || !known_word(items[1].as_str()))
            {
                specialism = c.vocab(
                    &items[1],
                    Specialism::ALL,
                    Specialism::keyword,
                    "a specialism",
                );
                kspan = kspan.join(c.span(&items[1]));
                i = 2;
            }
            kind = Some(ElementKind::Foot {
                ty,
                specialism,
                span: kspan,
            });
        } else if matches!(w, "vehicle" | "artillery" | "aircraft") {
            i = 1;
            if is_word(items.get(1)) && !KEYWORD_ATTRS.contains(&items[1].as_str()) {
                let second = &items[1];
                let kspan = fs.join(c.span(second));
                i = 2;
                kind = match w {
                    "vehicle" => c
                        .vocab(
                            second,
                            VehicleRole::ALL,
                            VehicleRole::keyword,
                            "a vehicle role",
                        )
                        .map(|role| ElementKind::Vehicle {
                            role,
                            drive: None,
                            armoured: None,
                            open_topped: None,
                            span: kspan,
                        }),
                    "artillery" => {
                        let weapon = c.vocab(
                            second,
                            ArtilleryWeapon::ALL,
                            ArtilleryWeapon::keyword,
                            "an artillery weapon",
                        );
                        let mut cal = None;
                        let mut kspan = kspan;
                        if let Some(l) = items.get(2).filter(|k| k.as_rule() == Rule::lit) {
                            cal = calibre(c, l);
                            kspan = kspan.join(c.span(l));
                            i = 3;
                        }
                        weapon.map(|weapon| ElementKind::Artillery {
                            weapon,
                            calibre: cal,
                            span: kspan,
                        })
                    }
                    _ => c
                        .vocab(
                            second,
                            AircraftRole::ALL,
                            AircraftRole::keyword,
                            "an aircraft role",
                        )
                        .map(|role| ElementKind::Aircraft { role, span: kspan }),
                };
            } else {
                c.error(
                    "MC001",
                    fs,
                    format!("`{w}` needs a kind after it"),
                    "kind missing",
                    Some(
                        match w {
                            "vehicle" => "such as `vehicle tank` or `vehicle lorry`",
                            "artillery" => "such as `artillery howitzer 105mm`",
                            _ => "such as `aircraft fighter-bomber`",
                        }
                        .into(),
                    ),
                );
            }
        }
    }
    let mut attrs = Vec::new();
    while i < items.len() {
        let k = &items[i];
        i += 1;
        let ks = c.span(k);
        match k.as_rule() {
            Rule::elem_word | Rule::kw_umpire => {
                if let Some(a) = keyword_attr(c, &items, &mut i, k, ks) {
                    attrs.extend(a);
                } else {
                    bare_word(c, &items, &mut i, k, ks, &mut kind, &mut attrs);
                }
            }
            Rule::lit => c.error(
                "MC001",
                ks,
                format!("unexpected `{}`", k.as_str()),
                "not understood here",
                Some("a calibre follows its weapon, such as `mortar 2in` or `gun 75mm`; counts follow `figures` or `models`".into()),
            ),
            Rule::point => c.error(
                "MC001",
                ks,
                "unexpected point".into(),
                "not understood here",
                Some("a position is written `at (x,y)`".into()),
            ),
            Rule::string => c.error(
                "MC001",
                ks,
                "unexpected quoted text".into(),
                "not understood here",
                Some("attach text with `note \"…\"` (for the side) or `umpire \"…\"` (umpire only)".into()),
            ),
            _ => {}
        }
    }
    Some(Element {
        id,
        is_hq,
        kind,
        attrs,
        span,
    })
}

/// Takes the next token if it is one of `rules`.
fn take<'i>(items: &[P<'i>], i: &mut usize, rules: &[Rule]) -> Option<P<'i>> {
    let t = items
        .get(*i)
        .filter(|t| rules.contains(&t.as_rule()))?
        .clone();
    *i += 1;
    Some(t)
}

/// Reports a keyword whose argument is missing.
fn missing(c: &mut Ctx, ks: Span, word: &str, what: &str, example: &str) {
    c.error(
        "MC001",
        ks,
        format!("`{word}` needs {what}"),
        "argument missing",
        Some(format!("write it like `{example}`")),
    );
}

/// An attribute that starts with a keyword and takes arguments (`figures 6`);
/// `None` when `k` is not such a keyword. The outer `Option` of the result's
/// item is empty when the attribute was malformed (already reported).
fn keyword_attr(
    c: &mut Ctx,
    items: &[P],
    i: &mut usize,
    k: &P,
    ks: Span,
) -> Option<Option<ElementAttr>> {
    const NUM: &[Rule] = &[Rule::lit, Rule::elem_word];
    let w = k.as_str();
    let attr = match w {
        "figures" | "models" => match take(items, i, NUM) {
            Some(n) => c.slit(&n, literal::count).map(if w == "figures" {
                ElementAttr::Figures
            } else {
                ElementAttr::Models
            }),
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
        "note" | "umpire" => match take(items, i, &[Rule::string]) {
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
        },
        "hmg-zone" => hmg_zone(c, items, i, ks),
        "task" => match take(items, i, &[Rule::elem_word]) {
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
        },
        _ => return None,
    };
    Some(attr)
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
    let range = c.slit(&vals[2], literal::distance);
    Some(ElementAttr::HmgZone {
        bearing: bearing?,
        spread: spread?,
        range: range?,
        span,
    })
}

/// A bare word: a weapon (with mount and calibre), a posture, a vehicle word.
fn bare_word(
    c: &mut Ctx,
    items: &[P],
    i: &mut usize,
    k: &P,
    ks: Span,
    kind: &mut Option<ElementKind>,
    attrs: &mut Vec<ElementAttr>,
) {
    let w = k.as_str();
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
            "MC001",
            ks,
            format!("`{w}` describes a vehicle, but this element is not one"),
            "vehicles only",
            Some("start a vehicle element with `vehicle` and its role, such as `vehicle tank tracked`".into()),
        ),
    }
}

/// Reports a word that is no element type or attribute.
fn unknown_word(c: &mut Ctx, w: &str, ks: Span, has_kind: bool) {
    let mut words = bare_attr_words();
    words.extend(KEYWORD_ATTRS);
    if !has_kind {
        words.extend(FootType::ALL.iter().map(|f| f.keyword()));
        words.extend(["vehicle", "artillery", "aircraft"]);
    }
    let (message, help) = if FootType::from_keyword(w).is_some()
        || matches!(w, "vehicle" | "artillery" | "aircraft")
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
    c.error("MC001", ks, message, "not understood here", Some(help));
}
