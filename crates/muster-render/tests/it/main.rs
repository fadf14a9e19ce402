//! The integration tests, one binary: each module is one area of behaviour.

mod ajv;
mod app6;
mod balance_page;
mod browser;
mod cards;
mod complexity;
mod display_names;
mod every_field;
mod fog_references;
mod ids;
mod injection;
mod kind_styles;
mod leak;
mod map_table;
mod modifiers;
mod orbat_mapper;
mod player_sheet;
mod python_jsonschema;
mod schema;
mod setup_figures;
mod smoke;
mod snapshots;
mod statements;
mod support;
mod turn_track;
mod umpire_tables;
