//! Sane ranges for every number a scenario writes (MC004–MC006).
//!
//! A value outside its range is refused before any check sees it, so no check's
//! work or output grows with an absurd number. The language reference's table of
//! numeric limits is generated from [`LIMITS`], so the two cannot drift apart.
use muster_codes::Code;

/// The unit a limit is stated in, for messages and the docs table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Metres,
    Minutes,
    Millimetres,
    Degrees,
    /// A whole number (figures, models, turns).
    Count,
    /// A calendar year.
    Year,
    /// Metres of ground per table millimetre.
    MetresPerMillimetre,
}

impl Unit {
    /// The suffix written after a number in messages (`300 m`), or nothing.
    pub fn suffix(self) -> &'static str {
        match self {
            Unit::Metres => " m",
            Unit::Minutes => " min",
            Unit::Millimetres => " mm",
            Unit::Degrees => "°",
            Unit::Count | Unit::Year => "",
            Unit::MetresPerMillimetre => " m per mm",
        }
    }

    /// The unit's name in the docs table.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Metres => "metres",
            Unit::Minutes => "minutes",
            Unit::Millimetres => "millimetres",
            Unit::Degrees => "degrees",
            Unit::Count => "count",
            Unit::Year => "year",
            Unit::MetresPerMillimetre => "metres per table mm",
        }
    }
}

/// One numeric setting's allowed range, inclusive at both ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    /// What is limited, as a scenario writer names it (`turns`, `line width`).
    pub what: &'static str,
    /// How it is written, for the docs table.
    pub written: &'static str,
    pub min: f64,
    pub max: f64,
    pub unit: Unit,
    /// The diagnostic code reported outside the range.
    pub code: Code,
    /// The rulebook paragraph that gives or motivates the range, if any.
    pub paragraph: Option<&'static str>,
    /// Why the range is what it is, in a few words.
    pub why: &'static str,
}

impl Limit {
    /// Whether `v` lies within the range (NaN never does).
    pub fn allows(&self, v: f64) -> bool {
        v >= self.min && v <= self.max
    }

    /// The range for a message: `from 1 to 300`, `from 0 m to 2000 m`.
    pub fn range_text(&self) -> String {
        let s = self.unit.suffix();
        format!("from {}{s} to {}{s}", number(self.min), number(self.max))
    }
}

/// A number without a needless `.0`.
pub fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Number out of range.
pub const NUMBER_CODE: Code = Code::MC004;
/// Coordinate far off the table.
pub const COORDINATE_CODE: Code = Code::MC005;
/// Table size or ground scale out of range.
pub const TABLE_CODE: Code = Code::MC006;

/// How far beyond the table's edges a point may lie: room for off-table places
/// and arrival points, far short of anything that could only be a typo.
pub const COORDINATE_MARGIN: Limit = Limit {
    what: "coordinate",
    written: "`(1200,800)`",
    min: -5000.0,
    max: 5000.0,
    unit: Unit::Metres,
    code: COORDINATE_CODE,
    paragraph: None,
    why: "within 5 km of the table's edges (of the largest table when none is given)",
};

/// Each side of the table.
pub const TABLE_SIDE: Limit = Limit {
    what: "table width or depth",
    written: "`table 2400m by 1600m`",
    min: 50.0,
    max: 20_000.0,
    unit: Unit::Metres,
    code: TABLE_CODE,
    paragraph: Some("§1"),
    why: "at 1 mm to 2 m, 20 km of ground is a 10 m table",
};

/// The ground scale.
pub const GROUND_SCALE: Limit = Limit {
    what: "ground scale",
    written: "`ground-scale 2m`",
    min: 0.1,
    max: 100.0,
    unit: Unit::MetresPerMillimetre,
    code: TABLE_CODE,
    paragraph: Some("§1"),
    why: "§1 sets 2 m of ground per table millimetre",
};

/// The number of turns of the game.
pub const TURNS: Limit = Limit {
    what: "turns",
    written: "`turns 18`",
    min: 1.0,
    max: 300.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§7"),
    why: "two days of 10-minute turns; the turn track prints one row per turn",
};

/// A turn number in an order, an arrival, an event or a victory condition.
pub const TURN_NUMBER: Limit = Limit {
    what: "turn number",
    written: "`turn 4`, `by turn 6`",
    min: 1.0,
    max: TURNS.max,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§7"),
    why: "no later than the last turn a game may have",
};

/// Minutes per turn.
pub const TURN_LENGTH: Limit = Limit {
    what: "turn length",
    written: "`turn-length 10min`",
    min: 1.0,
    max: 120.0,
    unit: Unit::Minutes,
    code: NUMBER_CODE,
    paragraph: Some("§7"),
    why: "§7: a turn is a few minutes to a quarter of an hour, 10 on average; operational games stretch it to two hours at most",
};

/// Figures on one element's base.
pub const FIGURES: Limit = Limit {
    what: "figures",
    written: "`figures 6`",
    min: 1.0,
    max: 12.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§2"),
    why: "§2: an element has 2 to 6 figures; MC205 checks each type's own count",
};

/// Models in one element.
pub const MODELS: Limit = Limit {
    what: "models",
    written: "`models 2`",
    min: 1.0,
    max: 10.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§2, §20"),
    why: "§2: a vehicle element is one model; §20: a flight is two aircraft models",
};

/// Real vehicles, guns or aircraft one model stands for (`represents`, or the
/// counts of a `mix`).
pub const REPRESENTS: Limit = Limit {
    what: "what one model represents",
    written: "`represents 1`",
    min: 1.0,
    max: 5.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§3"),
    why: "§3: a model is three to five real ones; one lets a famous single tank be itself",
};

/// The width of a road, river or obstacle line.
pub const LINE_WIDTH: Limit = Limit {
    what: "line width",
    written: "`road d514 width 8m`",
    min: 0.0,
    max: 2000.0,
    unit: Unit::Metres,
    code: NUMBER_CODE,
    paragraph: None,
    why: "the widest river a table shows",
};

/// How far a bridge or ford reaches.
pub const CROSSING_LENGTH: Limit = Limit {
    what: "crossing length",
    written: "`bridge … length 80m`",
    min: 0.0,
    max: 2000.0,
    unit: Unit::Metres,
    code: NUMBER_CODE,
    paragraph: None,
    why: "no longer than the widest river",
};

/// The size of a `rect` or the radius of a `circle` area.
pub const AREA_SIZE: Limit = Limit {
    what: "area size or radius",
    written: "`size 200m by 100m`, `radius 150m`",
    min: 0.0,
    max: TABLE_SIDE.max,
    unit: Unit::Metres,
    code: NUMBER_CODE,
    paragraph: None,
    why: "no larger than the largest table",
};

/// The range of a prepared HMG zone (the one weapon range a scenario writes).
pub const WEAPON_RANGE: Limit = Limit {
    what: "weapon range",
    written: "`hmg-zone … range 1500m`",
    min: 0.0,
    max: 10_000.0,
    unit: Unit::Metres,
    code: NUMBER_CODE,
    paragraph: Some("§57"),
    why: "beyond any direct-fire weapon; radios are `short` or `long`, ranged by §88",
};

/// A gun's or weapon's calibre.
pub const CALIBRE: Limit = Limit {
    what: "calibre",
    written: "`81mm`, `25pdr`",
    min: 5.0,
    max: 1000.0,
    unit: Unit::Millimetres,
    code: NUMBER_CODE,
    paragraph: None,
    why: "from rifle bullets to the largest railway guns",
};

/// A bearing or an angle.
pub const BEARING: Limit = Limit {
    what: "bearing or angle",
    written: "`facing 90`, `bearing 270`",
    min: 0.0,
    max: 360.0,
    unit: Unit::Degrees,
    code: Code::MC002,
    paragraph: None,
    why: "a full circle; outside it the literal is malformed",
};

/// The year of a start date or of a template's `dated`.
pub const YEAR: Limit = Limit {
    what: "year",
    written: "`start 1944-06-06`, `dated 1943-1945`",
    min: 1900.0,
    max: 1999.0,
    unit: Unit::Year,
    code: NUMBER_CODE,
    paragraph: None,
    why: "the rules model the Second World War; the range leaves room either side",
};

/// Men, vehicles or guns in a unit's stated historical strength.
pub const HISTORICAL_COUNT: Limit = Limit {
    what: "historical strength",
    written: "`historical-strength men 181 \"source\"`",
    min: 0.0,
    max: 1_000_000.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: Some("§3"),
    why: "a scenario's largest formation is an army of some hundreds of thousands",
};

/// The points a victory level is worth.
pub const VICTORY_POINTS: Limit = Limit {
    what: "victory points",
    written: "`points 10`",
    min: 0.0,
    max: 10_000.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: None,
    why: "points grade results against each other; a few dozen is usual",
};

/// The losses a victory condition asks a side to cause.
pub const LOSSES: Limit = Limit {
    what: "losses",
    written: "`destroys 10 models of british`",
    min: 1.0,
    max: 100_000.0,
    unit: Unit::Count,
    code: NUMBER_CODE,
    paragraph: None,
    why: "a side fields some hundreds of figures and models; more can never be lost",
};

/// The latitude of a georeference, north or south of the equator.
pub const LATITUDE: Limit = Limit {
    what: "latitude",
    written: "`georeference 49.2410N 0.2720W`",
    min: 0.0,
    max: 85.0,
    unit: Unit::Degrees,
    code: NUMBER_CODE,
    paragraph: None,
    why: "a latitude is 0 to 90 degrees north or south; near a pole table north turns with every \
          metre, and no battlefield of the war lies beyond 85",
};

/// The longitude of a georeference, east or west of Greenwich.
pub const LONGITUDE: Limit = Limit {
    what: "longitude",
    written: "`georeference 49.2410N 0.2720W`",
    min: 0.0,
    max: 180.0,
    unit: Unit::Degrees,
    code: NUMBER_CODE,
    paragraph: None,
    why: "a longitude is 0 to 180 degrees east or west of Greenwich",
};

/// Every limit, in the order the docs table lists them.
pub const LIMITS: &[Limit] = &[
    COORDINATE_MARGIN,
    TABLE_SIDE,
    GROUND_SCALE,
    TURNS,
    TURN_NUMBER,
    TURN_LENGTH,
    FIGURES,
    MODELS,
    REPRESENTS,
    LINE_WIDTH,
    CROSSING_LENGTH,
    AREA_SIZE,
    WEAPON_RANGE,
    CALIBRE,
    BEARING,
    YEAR,
    HISTORICAL_COUNT,
    VICTORY_POINTS,
    LOSSES,
    LATITUDE,
    LONGITUDE,
];

/// The table of numeric limits for `docs/language.md` (Markdown).
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| number | written | allowed | unit | rulebook | outside it | why |\n|---|---|---|---|---|---|---|\n",
    );
    for l in LIMITS {
        let allowed = if l.code == COORDINATE_CODE {
            format!("{} to table + {}", number(l.min), number(l.max))
        } else {
            format!("{} to {}", number(l.min), number(l.max))
        };
        s.push_str(&format!(
            "| {} | {} | {allowed} | {} | {} | {} | {} |\n",
            l.what,
            l.written,
            l.unit.name(),
            l.paragraph.unwrap_or("—"),
            l.code,
            l.why
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_a_real_range() {
        for l in LIMITS {
            assert!(
                l.min.is_finite() && l.max.is_finite() && l.min < l.max,
                "{}",
                l.what
            );
            assert!(l.allows(l.min) && l.allows(l.max) && !l.allows(f64::NAN));
        }
    }

    #[test]
    fn the_rulebook_scales_lie_inside_their_limits() {
        assert!(GROUND_SCALE.allows(crate::scale::GROUND_SCALE_M_PER_MM));
        assert!(TURN_LENGTH.allows(crate::scale::TURN_MINUTES));
        assert!(MODELS.allows(f64::from(crate::scale::MODELS_PER_FLIGHT)));
    }

    #[test]
    fn range_text_names_the_unit() {
        assert_eq!(TURNS.range_text(), "from 1 to 300");
        assert_eq!(LINE_WIDTH.range_text(), "from 0 m to 2000 m");
    }
}
