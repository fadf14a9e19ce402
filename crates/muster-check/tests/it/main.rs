//! The integration tests, one binary: each module is one area of behaviour.

mod cascade;
mod cases;
mod complexity;
mod crossings;
mod docs;
mod examples;
mod fog_spelling;
mod limits;
mod messenger_route;
mod overrides;
mod properties;
mod registry;
mod rulebook_numbers;
mod scenario_terrain;
mod snapshots;
mod wording;
