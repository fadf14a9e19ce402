//! The SVG map: everything a map template draws, as plain numbers and labels.
//! Paths are built here from numbers only; every label stays text for the
//! template to escape. A map is sized for print: its smallest text prints at
//! [`MIN_TEXT_MM`] on the page it is made for.
//!
//! `view` holds the data; `draw` builds it from the scenario JSON, `crop` and
//! `extract` cut it to a window, `place` and `placer` put its labels, `setup`
//! prints the whole table for the set-up sheet.

mod crop;
mod draw;
pub mod extract;
mod font;
pub mod grid;
mod hatch;
mod inset;
mod near;
pub mod orders;
mod place;
mod placer;
pub mod setup;
mod spread;
mod svg;
mod symbols;
mod view;

pub use draw::{extent, map_view, map_view_in, print_width_in};
pub use extract::{map_extract, EXTRACT};
pub use view::{
    echelon_mark, AreaMark, Callout, Echelon, KeyEntry, LabelBox, LabelLeader, LineMark, MapNote,
    MapView, Mark, ObjectiveMark, PrintBox, ScaleBar, ScenarioKind, UnitMark, Window, BRIEFING,
    MIN_TEXT_MM, SMALLEST_EM,
};
