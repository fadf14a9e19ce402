//! MC2xx: how units and elements are organised (§10–§20).

pub(crate) mod mc201_group_without_command;
pub(crate) mod mc202_commander_in_support_element;
pub(crate) mod mc203_armed_command_element;
pub(crate) mod mc204_mp44_without_german_nation;
pub(crate) mod mc205_figure_count_out_of_range;
pub(crate) mod mc206_weapon_unfit_for_element;
pub(crate) mod mc207_heavy_weapon_misclassified;
pub(crate) mod mc208_mixed_aircraft_group;
pub(crate) mod mc209_flight_not_two_models;
pub(crate) mod mc210_needless_aircraft_command;
pub(crate) mod mc211_invalid_carrier;
pub(crate) mod mc212_template_echelon_differs;
pub(crate) mod mc214_game_strength_above_stated;
pub(crate) mod mc215_game_strength_below_stated;
pub(crate) mod mc216_template_of_another_nation;
pub(crate) mod mc218_model_count_unclear;
mod strength;
