//! Command ranges (§88), radio classes (§69), radio netting (§70) and the hot
//! situation radius (§24).
//!
//! The model's command analysis (§87–§89) measures each link with these ranges.

use crate::vocab::RadioRange;
use serde::{Deserialize, Serialize};

/// Where command ranges are set.
pub const PARAGRAPH: &str = "§88";
/// Long-range radio reach (§69, §88), for command and recce elements only.
pub const LONG_RADIO_M: f64 = 3000.0;
/// Short-range radio reach (§69, §88).
pub const SHORT_RADIO_M: f64 = 300.0;
/// Word of mouth (§72, §88), and a command element's reach without radio or phone.
pub const VOICE_M: f64 = 100.0;
/// An enemy element within this distance may make a situation hot (§24).
pub const HOT_RADIUS_M: f64 = 500.0;
/// How long a position must have been held for its telephone lines to count as
/// laid and kept (§68: a day), in minutes.
pub const PREPARED_MIN_MINUTES: i64 = 24 * 60;

/// Minutes from the start of day 0 of [`day_number`] to a date and time.
pub fn minutes_of(year: i32, month: u8, day: u8, hour: u8, minute: u8) -> i64 {
    day_number(year, month, day) * 1440 + i64::from(hour) * 60 + i64::from(minute)
}

/// The date and time `(year, month, day, hour, minute)` of [`minutes_of`].
pub fn date_time_of(minutes: i64) -> (i64, i64, i64, i64, i64) {
    let (days, m) = (minutes.div_euclid(1440), minutes.rem_euclid(1440));
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    (y, mo, d, m / 60, m % 60)
}

/// Days from 1 January of year 0 to a date of the proleptic Gregorian calendar:
/// enough to subtract two dates.
pub fn day_number(year: i32, month: u8, day: u8) -> i64 {
    let (y, m) = if month <= 2 {
        (i64::from(year) - 1, i64::from(month) + 9)
    } else {
        (i64::from(year), i64::from(month) - 3)
    };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * m + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}

/// How a message travels over one link (§88, §76).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Means {
    /// Field telephone to the command element one step up: unlimited.
    Wire,
    /// Long-range radio on a command or recce element: 3,000 m.
    LongRadio,
    /// Any other radio: 300 m.
    ShortRadio,
    /// Word of mouth: 100 m.
    Voice,
    /// Runners and other alternative methods (§76): unlimited but slow.
    Runner,
}

impl Means {
    /// The means in a message: "beyond its voice range".
    pub fn words(self) -> &'static str {
        match self {
            Means::Wire => "telephone",
            Means::LongRadio => "long-range radio",
            Means::ShortRadio => "radio",
            Means::Voice => "voice",
            Means::Runner => "runner",
        }
    }
}

/// A command range with the paragraph that sets it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CommandRange {
    pub means: Means,
    /// Metres; `None` is unlimited.
    pub metres: Option<f64>,
    pub paragraph: &'static str,
}

impl CommandRange {
    /// Whether a link of `distance` metres is within this range.
    pub fn reaches(&self, distance: f64) -> bool {
        self.metres.is_none_or(|m| distance <= m)
    }
}

/// What an element has to communicate with, as far as §88 cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Equipment {
    /// A command element (§18) or one carrying its group's commander.
    pub command: bool,
    /// A reconnaissance element (see [`crate::troops::is_recce`]).
    pub recce: bool,
    pub radio: Option<RadioRange>,
    pub telephone: bool,
}

/// Whether a long-range radio counts only as short range because the element is
/// neither command nor recce (§88; MC302).
pub fn long_radio_downgraded(eq: Equipment) -> bool {
    eq.radio == Some(RadioRange::Long) && !eq.command && !eq.recce
}

/// The range of an element's best means towards one target (§88).
///
/// `wired_to_target`: a field telephone line runs to the target and the target is
/// the command element one step up, which is the only case wire is unlimited.
/// A command element without radio or phone reaches 100 m directly; beyond that it
/// falls back on alternative methods (see [`runner`]).
pub fn range_of(eq: Equipment, wired_to_target: bool) -> CommandRange {
    if wired_to_target && eq.telephone {
        return CommandRange {
            means: Means::Wire,
            metres: None,
            paragraph: "§88",
        };
    }
    match eq.radio {
        Some(RadioRange::Long) if eq.command || eq.recce => CommandRange {
            means: Means::LongRadio,
            metres: Some(LONG_RADIO_M),
            paragraph: "§88",
        },
        Some(_) => CommandRange {
            means: Means::ShortRadio,
            metres: Some(SHORT_RADIO_M),
            paragraph: "§88",
        },
        None => CommandRange {
            means: Means::Voice,
            metres: Some(VOICE_M),
            paragraph: "§88",
        },
    }
}

/// The unlimited, slow fallback open to command elements (§88, §90, §76).
pub fn runner() -> CommandRange {
    CommandRange {
        means: Means::Runner,
        metres: None,
        paragraph: "§76",
    }
}

/// How two units stand to one another in the order of battle, for netting (§70).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// The other unit is the immediate superior.
    Superior,
    /// The other unit is directly subordinate.
    Subordinate,
    /// Sister units under the same parent: their command elements share a net.
    Sister,
    /// One has orders to support the other: a direct link is usually set up.
    Supporting,
    /// The same commanded group (§65: always in touch within range).
    SameGroup,
    /// Anything else: cousins, units two steps apart, strangers.
    Unrelated,
}

/// Which relations a radio is normally netted to (§70), with a gloss for help lines.
pub const NETTING: &[(Relation, bool, &str)] = &[
    (Relation::Superior, true, "its immediate superior"),
    (Relation::Subordinate, true, "its subordinates"),
    (
        Relation::Sister,
        true,
        "other command elements within its parent unit",
    ),
    (
        Relation::Supporting,
        true,
        "a formation it supports or is supported by, usually",
    ),
    (Relation::SameGroup, true, "its own commanded group"),
    (Relation::Unrelated, false, "no one else"),
];

/// Whether a radio link between two units with this relation is normally netted (§70; MC303).
pub fn radio_netted(r: Relation) -> bool {
    NETTING.iter().any(|(rel, ok, _)| *rel == r && *ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_follow_section_88() {
        let cmd_long = Equipment {
            command: true,
            radio: Some(RadioRange::Long),
            ..Equipment::default()
        };
        assert_eq!(range_of(cmd_long, false).metres, Some(3000.0));
        assert_eq!(range_of(cmd_long, false).means, Means::LongRadio);
        let recce_long = Equipment {
            recce: true,
            radio: Some(RadioRange::Long),
            ..Equipment::default()
        };
        assert_eq!(range_of(recce_long, false).metres, Some(3000.0));
        // a long radio on anything else counts as short
        let rifle_long = Equipment {
            radio: Some(RadioRange::Long),
            ..Equipment::default()
        };
        assert_eq!(range_of(rifle_long, false).metres, Some(300.0));
        assert!(long_radio_downgraded(rifle_long));
        assert!(!long_radio_downgraded(cmd_long));
        let short = Equipment {
            radio: Some(RadioRange::Short),
            ..Equipment::default()
        };
        assert_eq!(range_of(short, false).means, Means::ShortRadio);
        // voice
        assert_eq!(range_of(Equipment::default(), false).metres, Some(100.0));
        let cmd = Equipment {
            command: true,
            ..Equipment::default()
        };
        assert_eq!(range_of(cmd, false).metres, Some(100.0));
        // wire to the superior is unlimited; a phone alone is not
        let phone = Equipment {
            telephone: true,
            ..Equipment::default()
        };
        assert_eq!(range_of(phone, true).metres, None);
        assert_eq!(range_of(phone, false).metres, Some(100.0));
        assert!(range_of(phone, true).reaches(10_000.0));
        assert!(runner().reaches(f64::MAX));
        assert_eq!(HOT_RADIUS_M, 500.0);
    }

    #[test]
    fn netting_follows_section_70() {
        assert!(radio_netted(Relation::Superior));
        assert!(radio_netted(Relation::Subordinate));
        assert!(radio_netted(Relation::Sister));
        assert!(radio_netted(Relation::Supporting));
        assert!(!radio_netted(Relation::Unrelated));
    }
}
