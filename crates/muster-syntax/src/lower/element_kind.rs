//! Lowering of an element's type: foot, vehicle, artillery or aircraft (§12, §18).
use crate::Code;

use super::element::{calibre, is_word};
use super::element_attr::{known_word, KEYWORD_ATTRS};
use super::{Ctx, P};
use crate::ast::ElementKind;
use crate::grammar::Rule;
use crate::span::Spanned;
use muster_rules::vocab::{AircraftRole, ArtilleryWeapon, FootType, Specialism, VehicleRole};

/// Reads the type at the start of an element's tokens, advancing `i` past it;
/// `None` when the element gives no type (an `hq` or a template override).
pub(crate) fn kind(c: &mut Ctx, items: &[P], i: &mut usize) -> Option<ElementKind> {
    let mut kind = None;
    if let Some(first) = items.first().filter(|k| k.as_rule() == Rule::elem_word) {
        let w = first.as_str();
        let fs = c.span(first);
        if let Some(ty) = FootType::from_keyword(w) {
            *i = 1;
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
                *i = 2;
            }
            kind = Some(ElementKind::Foot {
                ty,
                specialism,
                span: kspan,
            });
        } else if matches!(w, "vehicle" | "artillery" | "aircraft") {
            *i = 1;
            if is_word(items.get(1)) && !KEYWORD_ATTRS.contains(&items[1].as_str()) {
                let second = &items[1];
                let kspan = fs.join(c.span(second));
                *i = 2;
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
                            *i = 3;
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
                    Code::MC001,
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
    kind
}
