//! MC8xx: briefings and fog of war: what each side may be told.

pub(crate) mod mc801_intel_on_unknown_unit;
pub(crate) mod mc802_enemy_named_without_intel;
pub(crate) mod mc803_invalid_player_assignment;
