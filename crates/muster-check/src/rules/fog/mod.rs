//! MC8xx: briefings and fog of war: what each side may be told.

pub(crate) mod mc801_intel_on_unknown_unit;
pub(crate) mod mc802_enemy_named_without_intel;
pub(crate) mod mc803_invalid_player_assignment;
pub(crate) mod mc804_enemy_reference_without_intel;
pub(crate) mod mc805_secret_in_shared_text;
pub(crate) mod mc806_unknown_map_item_referenced;

pub(crate) mod knowledge;
mod name_search;
