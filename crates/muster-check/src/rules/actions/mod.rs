//! MC7xx: specialist actions and starting postures (§38–§62).

pub(crate) mod mc701_concealed_in_open;
pub(crate) mod mc702_overwatch_without_direct_fire;
pub(crate) mod mc703_overwatch_cannot_see_out;
pub(crate) mod mc704_observer_without_artillery;
pub(crate) mod mc705_invalid_hmg_zone;
pub(crate) mod mc706_engineering_by_non_engineer;
pub(crate) mod mc707_rotorcraft_without_refuelling;
pub(crate) mod mc708_ship_on_land;

use crate::prelude::*;

/// Where the element's posture was written, else its name.
pub(crate) fn posture_loc(e: &Element, p: Posture) -> Loc {
    e.postures
        .iter()
        .find(|(q, _)| *q == p)
        .map(|(_, l)| *l)
        .unwrap_or(e.name.loc)
}
