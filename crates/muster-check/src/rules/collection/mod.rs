//! MC9xx: the pack's `collection.toml` against what a scenario puts on the table
//! (§2–§4): figures and bases, models, terrain pieces.

include!(concat!(env!("OUT_DIR"), "/rules_collection.rs"));

use crate::prelude::*;

/// Whether an element stands on the table at some point: off-table fire
/// support needs no model, but aircraft fly onto the table to attack.
pub(crate) fn on_table(e: &Element) -> bool {
    matches!(e.kind, Some(Troop::Aircraft { .. })) || !e.has_posture(Posture::OffTable)
}

/// `full` or `reduced` (§4, §16–§18), as `collection.toml` names the bases.
pub(crate) fn frontage(ty: FootType) -> &'static str {
    match muster_rules::foot::frontage(ty) {
        muster_rules::foot::Frontage::Full => "full",
        _ => "reduced",
    }
}

/// `need` against `have`: the words for a shortfall, if any.
pub(crate) fn short(what: &str, need: u32, have: u32) -> Option<String> {
    (need > have).then(|| {
        format!(
            "the scenario needs {need} {what} but the collection holds {have}: {} short",
            need - have
        )
    })
}
