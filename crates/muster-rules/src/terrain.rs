//! The terrain table (§95–§121): movement, observation and cover grades for every
//! terrain kind, and which elements may stand where.
//!
//! Overlays (ground state, high ground, water, fortifications, minefields) modify
//! the main type beneath them; effects are cumulative (§100).

use crate::troops::{is_foot, Troop};
pub use crate::vocab::Mover;
use crate::vocab::{Drive, Strength, TerrainKind};
use serde::{Deserialize, Serialize};

/// Movement grades (§95).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveGrade {
    Clear,
    Rough,
    Difficult,
    Impassable,
}

/// Observation grades of terrain (§96; concealed and not visible are stances).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ObsGrade {
    Open,
    PartiallyObscuring,
    Obscuring,
}

/// Cover grades (§97); cover applies to foot and heavy weapons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoverGrade {
    None,
    Light,
    Good,
    Fortified,
}

impl MoveGrade {
    /// Every grade, easiest first.
    pub const ALL: &'static [MoveGrade] = &[
        MoveGrade::Clear,
        MoveGrade::Rough,
        MoveGrade::Difficult,
        MoveGrade::Impassable,
    ];

    /// The grade as a `terrain` item writes it.
    pub fn keyword(self) -> &'static str {
        match self {
            MoveGrade::Clear => "clear",
            MoveGrade::Rough => "rough",
            MoveGrade::Difficult => "difficult",
            MoveGrade::Impassable => "impassable",
        }
    }
}

impl ObsGrade {
    /// Every grade, most open first.
    pub const ALL: &'static [ObsGrade] = &[
        ObsGrade::Open,
        ObsGrade::PartiallyObscuring,
        ObsGrade::Obscuring,
    ];

    /// The grade as a `terrain` item writes it (`partial` for partially obscuring).
    pub fn keyword(self) -> &'static str {
        match self {
            ObsGrade::Open => "open",
            ObsGrade::PartiallyObscuring => "partial",
            ObsGrade::Obscuring => "obscuring",
        }
    }
}

impl CoverGrade {
    /// Every grade, least first.
    pub const ALL: &'static [CoverGrade] = &[
        CoverGrade::None,
        CoverGrade::Light,
        CoverGrade::Good,
        CoverGrade::Fortified,
    ];

    /// The grade as a `terrain` item writes it.
    pub fn keyword(self) -> &'static str {
        match self {
            CoverGrade::None => "none",
            CoverGrade::Light => "light",
            CoverGrade::Good => "good",
            CoverGrade::Fortified => "fortified",
        }
    }
}

/// The mover a troop is for a scenario terrain kind's movement grades (§95):
/// foot (and cavalry) as foot, vehicles by their drive, guns as wheeled (they are
/// towed or man-handled on wheels); aircraft and ships are not movers on the ground.
pub fn mover_of(troop: &Troop) -> Option<Mover> {
    match troop {
        Troop::Foot { .. } => Some(Mover::Foot),
        Troop::Vehicle(v) => Some(match v.drive {
            Drive::Wheeled => Mover::Wheeled,
            Drive::HalfTracked => Mover::HalfTracked,
            Drive::Tracked => Mover::Tracked,
        }),
        Troop::Artillery { .. } => Some(Mover::Wheeled),
        Troop::Aircraft { .. } | Troop::Ship { .. } => None,
    }
}

/// The grades of a scenario terrain kind (§98): movement per mover (foot,
/// wheeled, half-tracked, tracked), observation and cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grades {
    pub foot: MoveGrade,
    pub wheeled: MoveGrade,
    pub half_tracked: MoveGrade,
    pub tracked: MoveGrade,
    pub observation: ObsGrade,
    pub cover: CoverGrade,
}

impl Default for Grades {
    /// What a definition leaves out: clear going, open to view, no cover.
    fn default() -> Self {
        Grades {
            foot: MoveGrade::Clear,
            wheeled: MoveGrade::Clear,
            half_tracked: MoveGrade::Clear,
            tracked: MoveGrade::Clear,
            observation: ObsGrade::Open,
            cover: CoverGrade::None,
        }
    }
}

impl Grades {
    /// Sets a mover's grade; `vehicles` sets all three vehicle movers.
    pub fn set(&mut self, mover: Mover, grade: MoveGrade) {
        match mover {
            Mover::Foot => self.foot = grade,
            Mover::Wheeled => self.wheeled = grade,
            Mover::HalfTracked => self.half_tracked = grade,
            Mover::Tracked => self.tracked = grade,
            Mover::Vehicles => {
                self.wheeled = grade;
                self.half_tracked = grade;
                self.tracked = grade;
            }
        }
    }

    /// The grade for one mover; `vehicles` reads the worst of the three.
    pub fn movement(&self, mover: Mover) -> MoveGrade {
        match mover {
            Mover::Foot => self.foot,
            Mover::Wheeled => self.wheeled,
            Mover::HalfTracked => self.half_tracked,
            Mover::Tracked => self.tracked,
            Mover::Vehicles => self.wheeled.max(self.half_tracked).max(self.tracked),
        }
    }

    /// Whether `troop` may stand in it at all (§95): not where its grade is
    /// impassable. Aircraft fly over everything.
    pub fn allows(&self, troop: &Troop) -> bool {
        mover_of(troop).is_none_or(|m| self.movement(m) != MoveGrade::Impassable)
    }
}

/// Who is being observed or covered: some terrain treats foot differently from
/// vehicles, cavalry and artillery (§107, §113).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Who {
    /// Foot elements other than cavalry.
    Foot,
    /// Vehicles, cavalry and artillery.
    Other,
}

impl Who {
    /// Cavalry count with vehicles and artillery for observation (§107, §113).
    pub fn of(troop: &Troop) -> Who {
        match troop {
            Troop::Foot {
                ty: crate::vocab::FootType::Cavalry,
                ..
            } => Who::Other,
            Troop::Foot { .. } => Who::Foot,
            _ => Who::Other,
        }
    }
}

/// One row of the terrain table. `None` grades mean the kind has no grade of its
/// own: it modifies whatever main type lies beneath (§100).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TerrainRow {
    pub kind: TerrainKind,
    pub movement: Option<MoveGrade>,
    pub observation_foot: Option<ObsGrade>,
    pub observation_other: Option<ObsGrade>,
    pub cover_foot: Option<CoverGrade>,
    pub cover_other: Option<CoverGrade>,
    /// One of the main terrain types of §101, which must not overlap each other.
    pub main: bool,
    pub paragraph: &'static str,
}

/// The terrain table row for a kind (§101–§121).
///
/// Buildings' cover depends on strength (see [`cover`]); the row gives medium's.
pub fn row(kind: TerrainKind) -> TerrainRow {
    use CoverGrade as C;
    use MoveGrade as M;
    use ObsGrade as O;
    type Grades = (
        Option<MoveGrade>,
        Option<ObsGrade>,
        Option<ObsGrade>,
        Option<CoverGrade>,
        Option<CoverGrade>,
        &'static str,
    );
    let (movement, observation_foot, observation_other, cover_foot, cover_other, paragraph): Grades =
        match kind {
            TerrainKind::Open => (Some(M::Clear), Some(O::Open), Some(O::Open), Some(C::None), Some(C::None), "§105"),
            TerrainKind::Brush => (
                Some(M::Rough),
                Some(O::PartiallyObscuring),
                Some(O::Open),
                Some(C::Light),
                Some(C::Light),
                "§109",
            ),
            TerrainKind::OpenWoods => (
                Some(M::Rough),
                Some(O::PartiallyObscuring),
                Some(O::PartiallyObscuring),
                Some(C::Light),
                Some(C::None),
                "§111",
            ),
            TerrainKind::DenseWoods => (
                Some(M::Difficult),
                Some(O::Obscuring),
                Some(O::Obscuring),
                Some(C::Good),
                Some(C::Good),
                "§113",
            ),
            TerrainKind::Rocky | TerrainKind::Ruins => (
                Some(M::Difficult),
                Some(O::PartiallyObscuring),
                Some(O::Open),
                Some(C::Good),
                Some(C::Light),
                "§115",
            ),
            TerrainKind::Buildings => (
                Some(M::Difficult),
                Some(O::Obscuring),
                Some(O::Obscuring),
                Some(C::Good),
                Some(C::Good),
                "§116",
            ),
            TerrainKind::Firm => (None, None, None, None, None, "§105"),
            TerrainKind::Soft | TerrainKind::Swamp => (None, None, None, None, None, "§102"),
            TerrainKind::Ridge | TerrainKind::GentleSlope | TerrainKind::SteepSlope => {
                (None, None, None, None, None, "§104")
            }
            TerrainKind::Cliffs => (Some(M::Impassable), None, None, None, None, "§104"),
            TerrainKind::Water | TerrainKind::Lake => (Some(M::Impassable), None, None, None, None, "§103"),
            TerrainKind::Fortification => (None, None, None, Some(C::Fortified), Some(C::Fortified), "§97"),
            TerrainKind::Minefield => (None, None, None, None, None, "§100"),
        };
    TerrainRow {
        kind,
        movement,
        observation_foot,
        observation_other,
        cover_foot,
        cover_other,
        main: is_main(kind),
        paragraph,
    }
}

/// Every row, in the order of [`TerrainKind::ALL`].
pub fn table() -> Vec<TerrainRow> {
    TerrainKind::ALL.iter().map(|k| row(*k)).collect()
}

/// Whether the kind is a main terrain type (§101), so two of them overlapping
/// leave it ambiguous which applies (MC502). Rocky areas and ruins are one type.
pub fn is_main(kind: TerrainKind) -> bool {
    matches!(
        kind,
        TerrainKind::Open
            | TerrainKind::Brush
            | TerrainKind::OpenWoods
            | TerrainKind::DenseWoods
            | TerrainKind::Rocky
            | TerrainKind::Ruins
            | TerrainKind::Buildings
    )
}

/// The movement grade, `None` for overlays without one of their own.
pub fn movement_grade(kind: TerrainKind) -> Option<MoveGrade> {
    row(kind).movement
}

/// The observation grade as seen by `who`, `None` for overlays.
pub fn observation_grade(kind: TerrainKind, who: Who) -> Option<ObsGrade> {
    let r = row(kind);
    match who {
        Who::Foot => r.observation_foot,
        Who::Other => r.observation_other,
    }
}

/// Cover for `who` (§97, §109, §111, §113, §115, §117); buildings by strength:
/// light structures light cover, medium and strong good, very strong (bunkers)
/// fortified.
pub fn cover(kind: TerrainKind, strength: Option<Strength>, who: Who) -> Option<CoverGrade> {
    if kind == TerrainKind::Buildings {
        return Some(match strength {
            Some(Strength::Light) => CoverGrade::Light,
            Some(Strength::VeryStrong) => CoverGrade::Fortified,
            Some(Strength::Medium | Strength::Strong) | None => CoverGrade::Good,
        });
    }
    let r = row(kind);
    match who {
        Who::Foot => r.cover_foot,
        Who::Other => r.cover_other,
    }
}

/// Terrain that hides an element from view (§50): anything but open ground.
pub fn gives_concealment(kind: TerrainKind) -> bool {
    (is_main(kind) && kind != TerrainKind::Open) || kind == TerrainKind::Fortification
}

/// How far a crossing may stand off what it is over or what it carries before
/// MC515 reports it (§98): our allowance for a point written to the nearest few
/// metres, not a rulebook figure.
pub const CROSSING_TOLERANCE_M: f64 = 10.0;

/// Whether the kind is open water, where ships and landing craft move.
pub fn is_water(kind: TerrainKind) -> bool {
    matches!(kind, TerrainKind::Water | TerrainKind::Lake)
}

/// Whether no element may stand in the kind (§95, §103, §104): lakes, rivers and
/// canals as areas (bridges and fords excepted by the caller), cliffs.
pub fn impassable(kind: TerrainKind) -> bool {
    movement_grade(kind) == Some(MoveGrade::Impassable)
}

/// Whether an element may stand in dense woods (§113): foot anywhere; vehicles
/// and artillery only on a road or dug in at the edge by engineers.
pub fn dense_woods_allows(troop: &Troop, on_road: bool, dug_in_at_edge: bool) -> bool {
    match troop {
        Troop::Aircraft { .. } => true,
        t if is_foot(t) => true,
        _ => on_road || dug_in_at_edge,
    }
}

/// Whether an element may stand in a rocky area or ruins (§115): wheeled and
/// half-tracked vehicles only on a road; everyone else, slowly.
pub fn rocky_allows(troop: &Troop, on_road: bool) -> bool {
    match troop {
        Troop::Vehicle(v) => on_road || v.drive == Drive::Tracked,
        _ => true,
    }
}

/// Whether `troop` may stand in `kind` at all, for the kinds with access rules
/// (§95, §113, §115); buildings are decided by [`crate::structures`].
pub fn allows(kind: TerrainKind, troop: &Troop, on_road: bool, dug_in_at_edge: bool) -> bool {
    if matches!(troop, Troop::Aircraft { .. }) {
        return true;
    }
    // ships float: water is their ground, and land is not
    if matches!(troop, Troop::Ship { .. }) {
        return is_water(kind);
    }
    match kind {
        k if impassable(k) => false,
        TerrainKind::DenseWoods => dense_woods_allows(troop, on_road, dug_in_at_edge),
        TerrainKind::Rocky | TerrainKind::Ruins => rocky_allows(troop, on_road),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::troops::VehicleSpec;
    use crate::vocab::{FootType, VehicleRole};

    fn vehicle(drive: Drive) -> Troop {
        Troop::Vehicle(VehicleSpec {
            role: VehicleRole::Other,
            drive,
            armoured: true,
            open_topped: false,
        })
    }
    const FOOT: Troop = Troop::Foot {
        ty: FootType::Integrated,
        specialism: None,
    };

    #[test]
    fn grades_match_the_table() {
        use TerrainKind as T;
        assert_eq!(movement_grade(T::Open), Some(MoveGrade::Clear));
        assert_eq!(movement_grade(T::Brush), Some(MoveGrade::Rough));
        assert_eq!(movement_grade(T::OpenWoods), Some(MoveGrade::Rough));
        assert_eq!(movement_grade(T::DenseWoods), Some(MoveGrade::Difficult));
        assert_eq!(movement_grade(T::Rocky), Some(MoveGrade::Difficult));
        assert_eq!(movement_grade(T::Buildings), Some(MoveGrade::Difficult));
        assert_eq!(
            observation_grade(T::Brush, Who::Foot),
            Some(ObsGrade::PartiallyObscuring)
        );
        assert_eq!(
            observation_grade(T::Brush, Who::Other),
            Some(ObsGrade::Open)
        );
        assert_eq!(
            observation_grade(T::OpenWoods, Who::Other),
            Some(ObsGrade::PartiallyObscuring)
        );
        assert_eq!(
            observation_grade(T::DenseWoods, Who::Foot),
            Some(ObsGrade::Obscuring)
        );
        assert_eq!(
            observation_grade(T::Ruins, Who::Other),
            Some(ObsGrade::Open)
        );
        assert_eq!(
            observation_grade(T::Buildings, Who::Foot),
            Some(ObsGrade::Obscuring)
        );
        assert_eq!(cover(T::Open, None, Who::Foot), Some(CoverGrade::None));
        assert_eq!(
            cover(T::OpenWoods, None, Who::Other),
            Some(CoverGrade::None)
        );
        assert_eq!(cover(T::Rocky, None, Who::Foot), Some(CoverGrade::Good));
        assert_eq!(cover(T::Rocky, None, Who::Other), Some(CoverGrade::Light));
        assert_eq!(
            cover(T::Buildings, Some(Strength::Light), Who::Foot),
            Some(CoverGrade::Light)
        );
        assert_eq!(
            cover(T::Buildings, Some(Strength::Strong), Who::Foot),
            Some(CoverGrade::Good)
        );
        assert_eq!(
            cover(T::Fortification, None, Who::Foot),
            Some(CoverGrade::Fortified)
        );
        assert_eq!(table().len(), TerrainKind::ALL.len());
    }

    #[test]
    fn main_types_and_impassable() {
        use TerrainKind as T;
        let main: Vec<_> = TerrainKind::ALL
            .iter()
            .copied()
            .filter(|k| is_main(*k))
            .collect();
        assert_eq!(
            main,
            [
                T::Open,
                T::Brush,
                T::OpenWoods,
                T::DenseWoods,
                T::Rocky,
                T::Ruins,
                T::Buildings
            ]
        );
        assert!(impassable(T::Lake) && impassable(T::Water) && impassable(T::Cliffs));
        assert!(!impassable(T::Swamp));
        assert!(!allows(T::Lake, &FOOT, false, false));
    }

    #[test]
    fn scenario_terrain_grades_per_mover() {
        // climbable cliffs: difficult to foot, impassable to vehicles (§98)
        let mut cliffs = Grades::default();
        cliffs.set(Mover::Foot, MoveGrade::Difficult);
        cliffs.set(Mover::Vehicles, MoveGrade::Impassable);
        assert!(cliffs.allows(&FOOT));
        assert!(!cliffs.allows(&vehicle(Drive::Wheeled)));
        assert!(!cliffs.allows(&vehicle(Drive::Tracked)));
        cliffs.set(Mover::Tracked, MoveGrade::Difficult);
        assert!(cliffs.allows(&vehicle(Drive::Tracked)));
        assert_eq!(cliffs.movement(Mover::Vehicles), MoveGrade::Impassable);
        assert_eq!(ObsGrade::PartiallyObscuring.keyword(), "partial");
    }

    #[test]
    fn dense_woods_and_rocky_access() {
        use TerrainKind as T;
        assert!(allows(T::DenseWoods, &FOOT, false, false));
        assert!(!allows(
            T::DenseWoods,
            &vehicle(Drive::Tracked),
            false,
            false
        ));
        assert!(allows(T::DenseWoods, &vehicle(Drive::Tracked), true, false));
        assert!(allows(T::DenseWoods, &vehicle(Drive::Tracked), false, true));
        let gun = Troop::Artillery {
            weapon: crate::vocab::ArtilleryWeapon::AtGun,
            calibre_mm: Some(57.0),
        };
        assert!(!allows(T::DenseWoods, &gun, false, false));
        assert!(!allows(T::Rocky, &vehicle(Drive::Wheeled), false, false));
        assert!(!allows(
            T::Ruins,
            &vehicle(Drive::HalfTracked),
            false,
            false
        ));
        assert!(allows(T::Ruins, &vehicle(Drive::HalfTracked), true, false));
        assert!(allows(T::Rocky, &vehicle(Drive::Tracked), false, false));
        assert_eq!(
            Who::of(&Troop::Foot {
                ty: FootType::Cavalry,
                specialism: None
            }),
            Who::Other
        );
    }
}
