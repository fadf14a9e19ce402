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
    bare_attr_words().contains(&w) || FootType::from_keyword(w).is_some()
}

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
            if is_word(items.get(1)) {
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
        let second = || kids(k.clone()).nth(1);
        match k.as_rule() {
            Rule::figures => attrs.extend(
                second()
                    .and_then(|n| c.slit(&n, literal::count))
                    .map(ElementAttr::Figures),
            ),
            Rule::models => attrs.extend(
                second()
                    .and_then(|n| c.slit(&n, literal::count))
                    .map(ElementAttr::Models),
            ),
            Rule::radio => attrs.extend(
                second()
                    .and_then(|r| {
                        c.vocab(&r, RadioRange::ALL, RadioRange::keyword, "a radio range")
                    })
                    .map(ElementAttr::Radio),
            ),
            Rule::at_point => {
                attrs.extend(second().and_then(|pt| c.point(pt)).map(ElementAttr::At))
            }
            Rule::facing => attrs.extend(
                second()
                    .and_then(|b| c.slit(&b, literal::bearing))
                    .map(ElementAttr::Facing),
            ),
            Rule::embussed_in => {
                attrs.extend(second().map(|x| ElementAttr::EmbussedIn(c.ident(&x))))
            }
            Rule::riding_on => attrs.extend(second().map(|x| ElementAttr::RidingOn(c.ident(&x)))),
            Rule::registers_for => {
                attrs.extend(second().map(|x| ElementAttr::RegistersFor(c.ident(&x))))
            }
            Rule::refuel_at => attrs.extend(second().map(|x| ElementAttr::RefuelAt(c.ident(&x)))),
            Rule::note => attrs.extend(second().map(|t| ElementAttr::Note(c.text(t)))),
            Rule::umpire => attrs.extend(second().map(|t| ElementAttr::UmpireNote(c.text(t)))),
            Rule::hmg_zone => {
                let lits: Vec<P> = kids(k.clone())
                    .filter(|x| x.as_rule() == Rule::num)
                    .collect();
                if let [b, s, r] = lits.as_slice() {
                    let bearing = c.slit(b, literal::bearing);
                    let spread = c.slit(s, literal::degrees);
                    let range = c.slit(r, literal::distance);
                    if let (Some(bearing), Some(spread), Some(range)) = (bearing, spread, range) {
                        attrs.push(ElementAttr::HmgZone {
                            bearing,
                            spread,
                            range,
                            span: ks,
                        });
                    }
                }
            }
            Rule::task => {
                let task = second().map_or_else(
                    || Ident {
                        name: String::new(),
                        span: ks,
                    },
                    |t| c.ident(&t),
                );
                let mut target = None;
                let mut span = ks;
                if let Some(t) = items
                    .get(i)
                    .filter(|t| t.as_rule() == Rule::elem_word && !known_word(t.as_str()))
                {
                    target = Some(c.ident(t));
                    span = span.join(c.span(t));
                    i += 1;
                }
                attrs.push(ElementAttr::Task { task, target, span });
            }
            Rule::lit => {
                c.error(
                    "MC001",
                    ks,
                    format!("unexpected `{}`", k.as_str()),
                    "not understood here",
                    Some("a calibre follows its weapon, such as `mortar 2in` or `gun 75mm`; counts follow `figures` or `models`".into()),
                );
            }
            Rule::elem_word => {
                let w = k.as_str();
                if let Some(wk) = WeaponKind::from_keyword(w) {
                    let mut wspan = ks;
                    let mut mount = None;
                    if let Some(m) = items.get(i).filter(|m| m.as_rule() == Rule::elem_word) {
                        if let Some(mv) = Mount::from_keyword(m.as_str()) {
                            let ms = c.span(m);
                            mount = Some(Spanned::new(mv, ms));
                            wspan = wspan.join(ms);
                            i += 1;
                        }
                    }
                    let mut cal = None;
                    if let Some(l) = items.get(i).filter(|l| l.as_rule() == Rule::lit) {
                        cal = calibre(c, l);
                        wspan = wspan.join(c.span(l));
                        i += 1;
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
                    vehicle_word(c, &mut kind, w, ks);
                } else {
                    unknown_word(c, w, ks, kind.is_some());
                }
            }
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
    words.extend([
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
    ]);
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
