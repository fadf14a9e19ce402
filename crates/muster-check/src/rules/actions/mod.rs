//! MC7xx: specialist actions and starting postures (§38–§62).

include!(concat!(env!("OUT_DIR"), "/rules_actions.rs"));

use crate::prelude::*;

/// Where the element's posture was written, else its name.
pub(crate) fn posture_loc(e: &Element, p: Posture) -> Loc {
    e.postures
        .iter()
        .find(|(q, _)| *q == p)
        .map(|(_, l)| *l)
        .unwrap_or(e.name.loc)
}
