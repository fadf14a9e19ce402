//! Outputs of a checked scenario: the scenario JSON (with its schema and the
//! per-side fog-of-war views) and the HTML briefings rendered from that JSON.
//!
//! Architecture invariant: briefings are rendered only from [`json::ScenarioJson`]
//! values, and side and player briefings only from a side's filtered JSON, so fog
//! of war is applied in exactly one place ([`json::for_side`]).

mod build;
pub mod cards;
pub mod draft;
mod error;
pub mod front;
pub mod index;
pub mod json;
mod labels;
pub mod map;
pub mod map_branch;
pub mod map_extract;
mod map_font;
pub mod map_grid;
mod map_labels;
pub mod map_orders;
mod map_symbols;
pub mod page;
pub mod player_sheet;
pub mod setup;
pub mod statements;
mod templates;
pub mod turn_track;
pub mod victory_view;
pub mod words;

pub use build::{build, folder_of, to_json, OutputFile, Sheet};
pub use error::RenderError;
pub use templates::{Paper, Templates};
