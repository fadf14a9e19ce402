//! MC6xx: the scenario as a game: sides, turns, timings, victory, house rules (§7, §21–§24).

include!(concat!(env!("OUT_DIR"), "/rules_scenario.rs"));

use crate::prelude::*;

/// Where to point when the scenario has no header: the first side, else the file start.
pub(crate) fn header_or_start(cx: &Context) -> Option<Loc> {
    if let Some(h) = &cx.model.header {
        return Some(h.title.loc);
    }
    cx.model.sides.first().map(|s| s.loc)
}
