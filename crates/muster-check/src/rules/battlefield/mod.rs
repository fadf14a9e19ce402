//! MC5xx: the battlefield and where elements stand on it (§94–§122).

pub(crate) mod mc501_invalid_terrain_shape;
pub(crate) mod mc502_overlapping_main_terrain;
pub(crate) mod mc503_vehicle_in_dense_woods;
pub(crate) mod mc504_wheels_in_rocky_ground;
pub(crate) mod mc505_vehicle_in_forbidden_structure;
pub(crate) mod mc506_element_in_impassable_terrain;
pub(crate) mod mc507_impossible_structure;
pub(crate) mod mc508_outside_table;
pub(crate) mod mc509_elements_stacked;
pub(crate) mod mc510_terrain_kind_shadows_built_in;
pub(crate) mod mc511_exit_not_at_table_edge;

use crate::prelude::*;

/// The placed elements with their positions.
pub(crate) fn placed<'a>(cx: &Context<'a>) -> impl Iterator<Item = (&'a Element, Pos)> {
    cx.model.elements.iter().filter_map(|e| Some((e, e.pos?)))
}

/// The location to point at for an element's position.
pub(crate) fn pos_loc(e: &Element) -> Loc {
    e.pos_loc.unwrap_or(e.name.loc)
}
