//! Every rule, one file each, grouped like the codes: MC001–MC003 syntax, MC004–MC006
//! numeric limits, MC1xx names,
//! MC2xx organisation, MC3xx command, MC4xx orders, MC5xx battlefield, MC6xx
//! scenario, MC7xx actions, MC8xx fog of war, MC9xx the pack's collection.

use crate::registry::{CheckFn, Rule};
use muster_syntax::Code;

pub(crate) mod actions;
pub(crate) mod battlefield;
pub(crate) mod collection;
pub(crate) mod command;
pub(crate) mod fog;
pub(crate) mod limits;
pub(crate) mod names;
pub(crate) mod orders;
pub(crate) mod organisation;
pub(crate) mod scenario;
pub(crate) mod syntax;

/// Lists every rule module once: builds the rule table and the check table.
macro_rules! registry {
    ($($group:ident :: $module:ident),+ $(,)?) => {
        pub(crate) static RULES: &[Rule] = &[$($group::$module::RULE),+];
        static CHECKS: &[(Code, Option<CheckFn>)] = &[$(($group::$module::RULE.code, $group::$module::CHECK)),+];
    };
}

registry! {
    syntax::mc001_syntax_error,
    syntax::mc002_malformed_literal,
    syntax::mc003_input_refused,
    limits::mc004_number_out_of_range,
    limits::mc005_coordinate_far_off_table,
    limits::mc006_table_out_of_range,
    names::mc101_duplicate_name,
    names::mc102_undefined_reference,
    names::mc103_order_of_battle_not_a_tree,
    names::mc104_unresolvable_import,
    names::mc105_unused_definition,
    names::mc106_invalid_sides,
    names::mc109_invalid_pack_configuration,
    names::mc110_unknown_nation,
    names::mc111_ambiguous_name,
    names::mc115_output_folder_collision,
    names::mc116_unreadable_path,
    names::mc117_unsafe_output_folder,
    names::mc118_cannot_print_pdf,
    names::mc119_unsafe_template,
    names::mc120_refused_file,
    organisation::mc201_group_without_command,
    organisation::mc202_commander_in_support_element,
    organisation::mc203_armed_command_element,
    organisation::mc204_mp44_without_german_nation,
    organisation::mc205_figure_count_out_of_range,
    organisation::mc206_weapon_unfit_for_element,
    organisation::mc207_heavy_weapon_misclassified,
    organisation::mc208_mixed_aircraft_group,
    organisation::mc209_flight_not_two_models,
    organisation::mc210_needless_aircraft_command,
    organisation::mc211_invalid_carrier,
    organisation::mc212_template_echelon_differs,
    organisation::mc214_game_strength_above_stated,
    organisation::mc215_game_strength_below_stated,
    command::mc301_element_separated,
    command::mc302_long_radio_on_ordinary_element,
    command::mc303_radio_link_outside_chain,
    command::mc304_telephone_not_static,
    command::mc305_telephone_line_hindered,
    command::mc306_command_by_runner_only,
    command::mc307_signal_unusable,
    command::mc308_smoke_signal_unseen,
    command::mc309_net_member_without_radio,
    command::mc310_codeword_without_link,
    command::mc311_lamp_unseen,
    command::mc312_messenger_blocked,
    orders::mc401_order_without_stance,
    orders::mc402_attack_without_intensity,
    orders::mc403_order_objective_undefined,
    orders::mc404_invalid_support_target,
    orders::mc405_order_timing_out_of_range,
    orders::mc406_order_repeats_parent,
    orders::mc407_unit_without_orders,
    orders::mc408_order_due_before_arrival,
    orders::mc409_two_orders_for_one_unit,
    orders::mc410_arrival_contradicts_placement,
    orders::mc412_timing_cannot_be_met,
    orders::mc413_phase_before_previous,
    battlefield::mc501_invalid_terrain_shape,
    battlefield::mc502_overlapping_main_terrain,
    battlefield::mc503_vehicle_in_dense_woods,
    battlefield::mc504_wheels_in_rocky_ground,
    battlefield::mc505_vehicle_in_forbidden_structure,
    battlefield::mc506_element_in_impassable_terrain,
    battlefield::mc507_impossible_structure,
    battlefield::mc508_outside_table,
    battlefield::mc509_elements_stacked,
    battlefield::mc510_terrain_kind_shadows_built_in,
    battlefield::mc511_exit_not_at_table_edge,
    scenario::mc601_no_first_bound,
    scenario::mc602_no_end_of_game,
    scenario::mc603_timing_outside_game,
    scenario::mc604_may_begin_hot,
    scenario::mc605_victory_names_undefined,
    scenario::mc606_invalid_severity_override,
    scenario::mc607_victory_destroys_own_unit,
    scenario::mc609_condition_decided_too_late,
    scenario::mc610_condition_on_enemy_signal,
    scenario::mc611_template_out_of_date,
    scenario::mc613_victory_level_unreachable,
    scenario::mc614_victory_grouping_unstated,
    actions::mc701_concealed_in_open,
    actions::mc702_overwatch_without_direct_fire,
    actions::mc703_overwatch_cannot_see_out,
    actions::mc704_observer_without_artillery,
    actions::mc705_invalid_hmg_zone,
    actions::mc706_engineering_by_non_engineer,
    actions::mc707_rotorcraft_without_refuelling,
    actions::mc708_ship_on_land,
    fog::mc801_intel_on_unknown_unit,
    fog::mc802_enemy_named_without_intel,
    fog::mc803_invalid_player_assignment,
    fog::mc804_enemy_reference_without_intel,
    fog::mc805_secret_in_shared_text,
    fog::mc806_unknown_map_item_referenced,
    collection::mc901_not_enough_figures,
    collection::mc902_not_enough_models,
    collection::mc903_not_enough_terrain,
}

/// The check of a code, when this crate implements it.
pub(crate) fn check_of(code: Code) -> Option<CheckFn> {
    CHECKS
        .iter()
        .find(|(c, _)| *c == code)
        .and_then(|(_, f)| *f)
}

/// Every implemented check, in code order.
pub(crate) fn checks() -> impl Iterator<Item = CheckFn> {
    CHECKS.iter().filter_map(|(_, f)| *f)
}
