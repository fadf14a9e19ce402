//! Order latency (§66, §78, p.13) and the speed of alternative methods (§76).
//!
//! Briefings print, for each HQ and each unit below it, the turn in which that
//! unit can act on a new order issued in turn 1.

use crate::vocab::Weather;

/// Extra turns per relay through an intermediate command element (§66).
pub const RELAY_TURNS: u32 = 1;
/// Metres per bound for alternative methods in a cold situation, open or road (§76).
pub const RUNNER_COLD_M: f64 = 1000.0;
/// Metres per bound in a hot situation, open or road (§76).
pub const RUNNER_HOT_M: f64 = 500.0;

/// Whether the weather is poor for §76 (rain, fog, snow).
pub fn is_poor_weather(w: Weather) -> bool {
    !matches!(w, Weather::Clear)
}

/// The turn in which the elements of a unit can act on an order issued in turn 1.
///
/// `links` is the number of command steps the order crosses from the issuing
/// command element down to the acting unit's command element: 0 when a group's
/// own HQ orders its elements, 1 from battalion to company, 3 from division
/// through regiment and battalion to company. `runner_turns` is added when the
/// recipient is separated and reached by alternative methods (§76, §90).
///
/// Hot: each step takes a turn (§66), then a turn for the group's HQ to pass it to
/// its elements (communicate is a last action, §78), and they act the turn after.
/// Cold: the last step's turn is the acting turn, since elements receive with
/// their first action and act with their second (p.13).
pub fn act_turn(links: u32, hot: bool, runner_turns: u32) -> u32 {
    let relays = links.saturating_mul(RELAY_TURNS);
    let base = if hot {
        relays.saturating_add(2)
    } else {
        relays.max(1)
    };
    base.saturating_add(runner_turns)
}

/// Metres per bound alternative methods cover (§76): 1,000 cold, 500 hot, in open
/// terrain and on roads; half in other terrain or poor weather (halved once when
/// either applies: the reference names one reduction).
pub fn runner_speed_m(hot: bool, difficult_ground: bool, poor_weather: bool) -> f64 {
    let base = if hot { RUNNER_HOT_M } else { RUNNER_COLD_M };
    if difficult_ground || poor_weather {
        base / 2.0
    } else {
        base
    }
}

/// Turns for alternative methods to carry a message `distance_m` metres (§76):
/// one bound of its side per turn, at least one turn for any distance (p.15: a
/// separated element gets the order a turn late). Zero for no distance.
pub fn runner_turns(distance_m: f64, hot: bool, difficult_ground: bool, poor_weather: bool) -> u32 {
    route_turns(&[(distance_m, difficult_ground)], hot, poor_weather)
}

/// Turns for alternative methods to carry a message along a route of legs, each
/// `(metres, difficult ground)` at its own pace (§76): the bounds of every leg
/// added, then rounded up to whole turns, at least one. Zero for no distance.
pub fn route_turns(legs: &[(f64, bool)], hot: bool, poor_weather: bool) -> u32 {
    let bounds: f64 = legs
        .iter()
        .filter(|(d, _)| !d.is_nan() && *d > 0.0)
        .map(|&(d, difficult)| d / runner_speed_m(hot, difficult, poor_weather))
        .sum();
    if bounds.is_nan() || bounds <= 0.0 {
        return 0;
    }
    let turns = bounds.ceil();
    if turns >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        (turns as u32).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battalion_hq_to_an_engaged_company_acts_on_turn_3() {
        // p.13: turn 1 battalion to company HQ, turn 2 company HQ to elements, turn 3 act
        assert_eq!(act_turn(1, true, 0), 3);
    }

    #[test]
    fn from_division_through_regiment_takes_two_turns_more() {
        // division -> regiment -> battalion -> company
        assert_eq!(act_turn(3, true, 0), 5);
    }

    #[test]
    fn the_cold_company_acts_in_the_turn_of_the_last_link() {
        // p.13: division->regiment turn 1, regiment->battalion turn 2,
        // battalion->company turn 3, elements move with their second action in turn 3
        assert_eq!(act_turn(3, false, 0), 3);
        assert_eq!(act_turn(1, false, 0), 1);
        // a group's own HQ ordering its elements
        assert_eq!(act_turn(0, false, 0), 1);
        assert_eq!(act_turn(0, true, 0), 2);
    }

    #[test]
    fn a_separated_recipient_waits_for_the_runner() {
        // p.15: element C gets the order one turn late
        assert_eq!(runner_turns(150.0, false, false, false), 1);
        assert_eq!(act_turn(1, true, 1), 4);
    }

    #[test]
    fn runner_speeds_follow_section_76() {
        assert_eq!(runner_speed_m(false, false, false), 1000.0);
        assert_eq!(runner_speed_m(true, false, false), 500.0);
        assert_eq!(runner_speed_m(false, true, false), 500.0);
        assert_eq!(runner_speed_m(true, false, true), 250.0);
        assert_eq!(runner_turns(1000.0, false, false, false), 1);
        assert_eq!(runner_turns(1001.0, false, false, false), 2);
        assert_eq!(runner_turns(1200.0, true, false, false), 3);
        assert_eq!(runner_turns(1200.0, false, true, true), 3);
        assert_eq!(runner_turns(0.0, true, false, false), 0);
        assert_eq!(runner_turns(f64::INFINITY, true, false, false), u32::MAX);
        assert!(is_poor_weather(Weather::Fog));
        assert!(is_poor_weather(Weather::Rain));
        assert!(!is_poor_weather(Weather::Clear));
    }
}
