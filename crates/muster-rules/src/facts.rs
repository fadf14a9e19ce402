//! The fixed numbers the reference gives, as one table for docs and `muster
//! explain`, plus the movement figures no check needs yet (§34, §36, §116).

/// Normal infantry movement per move, open ground (§34).
pub const INFANTRY_MOVE_M: f64 = 100.0;
/// Cost of a vehicle turning more than 45 degrees (§36).
pub const VEHICLE_TURN_COST_M: f64 = 50.0;
/// A generic built-up area, metres (§116).
pub const BUILT_UP_AREA_M: (f64, f64) = (200.0, 100.0);

/// One fixed number: what it is, its value in words, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fact {
    pub what: &'static str,
    pub value: &'static str,
    pub paragraph: &'static str,
}

/// Every fixed number, in reference order.
pub const FACTS: &[Fact] = &[
    Fact {
        what: "ground scale",
        value: "1 mm on the table is 2 m on the ground",
        paragraph: "§1",
    },
    Fact {
        what: "men per figure",
        value: "about 10",
        paragraph: "§3",
    },
    Fact {
        what: "vehicles or guns per model",
        value: "3 to 5",
        paragraph: "§3",
    },
    Fact {
        what: "standard infantry frontage",
        value: "50 mm (100 m)",
        paragraph: "§4",
    },
    Fact {
        what: "support, specialist and command frontage",
        value: "25 to 30 mm",
        paragraph: "§17",
    },
    Fact {
        what: "vehicle base",
        value: "25 to 30 mm",
        paragraph: "§4",
    },
    Fact {
        what: "average game turn",
        value: "10 minutes, two bounds",
        paragraph: "§7",
    },
    Fact {
        what: "aircraft per model",
        value: "3 to 5",
        paragraph: "§20",
    },
    Fact {
        what: "models per flight",
        value: "2",
        paragraph: "§20",
    },
    Fact {
        what: "hot situation radius",
        value: "500 m from a visible enemy",
        paragraph: "§24",
    },
    Fact {
        what: "infantry move",
        value: "up to 100 m",
        paragraph: "§34",
    },
    Fact {
        what: "vehicle turn over 45 degrees",
        value: "costs 50 m",
        paragraph: "§36",
    },
    Fact {
        what: "prepared HMG zone",
        value: "to 1,000 m, at most 45 degrees wide",
        paragraph: "§57",
    },
    Fact {
        what: "relay delay",
        value: "one extra turn per relay",
        paragraph: "§66",
    },
    Fact {
        what: "alternative methods",
        value: "1,000 m a bound cold, 500 m hot; half off open ground or roads, or in poor weather",
        paragraph: "§76",
    },
    Fact {
        what: "wire to the command element one step up",
        value: "unlimited",
        paragraph: "§88",
    },
    Fact {
        what: "long-range radio, command or recce element",
        value: "3,000 m",
        paragraph: "§88",
    },
    Fact {
        what: "any other radio",
        value: "300 m",
        paragraph: "§88",
    },
    Fact {
        what: "command element without radio or telephone",
        value: "100 m, or unlimited by alternative methods",
        paragraph: "§88",
    },
    Fact {
        what: "any other element (voice)",
        value: "100 m",
        paragraph: "§88",
    },
    Fact {
        what: "seeing out of brush (foot) or open woods",
        value: "no further than 100 m inside",
        paragraph: "§109",
    },
    Fact {
        what: "seeing out of dense woods or buildings",
        value: "only at the edge (taken as 50 m)",
        paragraph: "§113",
    },
    Fact {
        what: "generic built-up area",
        value: "about 200 m by 100 m",
        paragraph: "§116",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{command, hmg, latency, scale, visibility};

    #[test]
    fn facts_agree_with_the_constants() {
        assert_eq!(scale::GROUND_SCALE_M_PER_MM, 2.0);
        assert_eq!(command::LONG_RADIO_M, 3000.0);
        assert_eq!(command::SHORT_RADIO_M, 300.0);
        assert_eq!(command::VOICE_M, 100.0);
        assert_eq!(command::HOT_RADIUS_M, 500.0);
        assert_eq!(hmg::MAX_RANGE_M, 1000.0);
        assert_eq!(hmg::MAX_SPREAD_DEG, 45.0);
        assert_eq!(latency::RUNNER_COLD_M, 1000.0);
        assert_eq!(latency::RUNNER_HOT_M, 500.0);
        assert_eq!(visibility::WOODS_DEPTH_M, 100.0);
        assert_eq!(INFANTRY_MOVE_M, 100.0);
        assert_eq!(VEHICLE_TURN_COST_M, 50.0);
        assert_eq!(BUILT_UP_AREA_M, (200.0, 100.0));
        assert!(FACTS.iter().all(|f| f.paragraph.starts_with('§')));
        assert!(FACTS
            .iter()
            .all(|f| crate::paragraphs::title_of(f.paragraph).is_some()));
    }
}
