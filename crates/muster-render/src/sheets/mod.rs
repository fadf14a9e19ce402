//! The printed sheets around the maps: briefing pages, the player sheet,
//! command cards, the set-up sheet's lists, the turn track and victory
//! conditions laid out, each from the (possibly fog-filtered) scenario JSON.

pub mod balance;
pub mod cards;
pub mod draft;
pub mod front;
pub mod marks;
pub mod oob;
pub mod page;
pub mod player_sheet;
pub mod setup;
pub mod statements;
pub mod turn_track;
pub mod victory_view;
pub mod words;
