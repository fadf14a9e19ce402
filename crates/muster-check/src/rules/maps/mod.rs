//! MC904–MC906: what `muster build` could not draw on a sheet's map as it
//! should (a name with no room, an inset too small, marks left on top of each
//! other). The maps report them (`muster-render`); these files document them.

include!(concat!(env!("OUT_DIR"), "/rules_maps.rs"));
