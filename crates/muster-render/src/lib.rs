//! Outputs of a checked scenario: the scenario JSON (with its schema and the
//! per-side fog-of-war views) and the HTML briefings rendered from that JSON.
//!
//! Architecture invariant: briefings are rendered only from [`json::ScenarioJson`]
//! values, and side and player briefings only from a side's filtered JSON, so fog
//! of war is applied in exactly one place ([`json::for_side`]).

pub mod app6;
pub mod balance;
mod build;
mod error;
pub mod geojson;
pub mod index;
pub mod json;
mod keyword;
pub mod map;
mod notes;
pub mod orbat_mapper;
mod paper;
pub mod sheets;
mod templates;
pub mod vet;
pub mod work;

pub use build::{build, build_noted, folder_of, to_json, Built, OutputFile, Sheet};
pub use error::RenderError;
pub use paper::Paper;
pub use templates::{Templates, SHEET_CSP};
