//! MC6xx: the scenario as a game: sides, turns, timings, victory, house rules (§7, §21–§24).

pub(crate) mod mc601_no_first_bound;
pub(crate) mod mc602_no_end_of_game;
pub(crate) mod mc603_timing_outside_game;
pub(crate) mod mc604_may_begin_hot;
pub(crate) mod mc605_victory_names_undefined;
pub(crate) mod mc606_invalid_severity_override;
pub(crate) mod mc609_condition_decided_too_late;
pub(crate) mod mc610_condition_on_enemy_signal;
pub(crate) mod mc611_template_out_of_date;
pub(crate) mod mc613_victory_level_unreachable;
pub(crate) mod mc614_victory_grouping_unstated;
pub(crate) mod mc618_prepared_too_late;

use crate::prelude::*;

/// Where to point when the scenario has no header: the first side, else the file start.
pub(crate) fn header_or_start(cx: &Context) -> Option<Loc> {
    if let Some(h) = &cx.model.header {
        return Some(h.title.loc);
    }
    cx.model.sides.first().map(|s| s.loc)
}
pub(crate) mod mc607_victory_destroys_own_unit;
