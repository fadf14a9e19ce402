//! MC5xx: the battlefield and where elements stand on it (§94–§122).

include!(concat!(env!("OUT_DIR"), "/rules_battlefield.rs"));

use crate::prelude::*;

/// The placed elements with their positions.
pub(crate) fn placed<'a>(cx: &Context<'a>) -> impl Iterator<Item = (&'a Element, Pos)> {
    cx.model.elements.iter().filter_map(|e| Some((e, e.pos?)))
}

/// The location to point at for an element's position.
pub(crate) fn pos_loc(e: &Element) -> Loc {
    e.pos_loc.unwrap_or(e.name.loc)
}
