//! The integration tests, one binary: each module is one area of behaviour.

mod build;
mod check;
mod commands;
mod common;
mod confinement;
mod docs;
mod fmt;
mod geojson;
mod hardening;
mod layout;
mod lsp;
mod map_geometry;
mod map_notes;
mod new;
mod orbat_mapper_cli;
mod pack_coverage;
mod pack_on_the_map;
mod pdf;
mod printed;
mod serve;
mod setup_geometry;
mod slips;
mod studio_browser;
mod watch;
mod watch_browser;
mod watch_screen;
