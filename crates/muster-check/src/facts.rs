//! Short questions about an element's troop that many checks ask (§12); the
//! classifications themselves are `muster_rules::troops`'.

use muster_model::model::{Element, Troop};
use muster_rules::vocab::*;

/// The foot type, when the element is a foot element.
pub fn foot_type(e: &Element) -> Option<FootType> {
    match &e.kind {
        Some(Troop::Foot { ty, .. }) => Some(*ty),
        _ => None,
    }
}

pub fn specialism(e: &Element) -> Option<Specialism> {
    match &e.kind {
        Some(Troop::Foot { specialism, .. }) => *specialism,
        _ => None,
    }
}

pub fn is_vehicle(e: &Element) -> bool {
    matches!(e.kind, Some(Troop::Vehicle(_)))
}

pub fn is_artillery(e: &Element) -> bool {
    matches!(e.kind, Some(Troop::Artillery { .. }))
}

pub fn is_aircraft(e: &Element) -> bool {
    matches!(e.kind, Some(Troop::Aircraft { .. }))
}
