//! Base frontages by element kind (§4, §15–§17), in table millimetres and ground metres.
//!
//! Frontage sets how much ground a deployed element covers, e.g. a company in line.

use crate::foot::{self, Frontage};
use crate::scale::ground_m;
use crate::troops::Troop;
use crate::vocab::FootType;

/// Where the frontages are set.
pub const PARAGRAPH: &str = "§4";
/// A standard small-arms base (§4, §15): 50 mm, that is 100 m at §1's scale.
pub const FULL_FRONTAGE_MM: f64 = 50.0;
/// Support, specialist and command bases (§4, §16, §17), inclusive range.
pub const REDUCED_FRONTAGE_MM: (f64, f64) = (25.0, 30.0);
/// Vehicle bases, if used (§4), inclusive range.
pub const VEHICLE_BASE_MM: (f64, f64) = (25.0, 30.0);

/// The width of a base of the class in whole millimetres (§4): the full size, or
/// the smallest reduced one.
pub fn base_mm(f: Frontage) -> u32 {
    match f {
        Frontage::Full => FULL_FRONTAGE_MM as u32,
        Frontage::Reduced => REDUCED_FRONTAGE_MM.0 as u32,
    }
}

/// A frontage range in table millimetres with the paragraph that gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrontageMm {
    pub min: f64,
    pub max: f64,
    pub paragraph: &'static str,
}

/// The frontage of a foot element type (§4, §16, §17, §18).
pub fn foot_frontage_mm(ty: FootType) -> FrontageMm {
    match foot::frontage(ty) {
        Frontage::Full => FrontageMm {
            min: FULL_FRONTAGE_MM,
            max: FULL_FRONTAGE_MM,
            paragraph: "§4",
        },
        Frontage::Reduced => FrontageMm {
            min: REDUCED_FRONTAGE_MM.0,
            max: REDUCED_FRONTAGE_MM.1,
            paragraph: if ty == FootType::Command {
                "§16"
            } else {
                "§17"
            },
        },
    }
}

/// The frontage of any element kind; `None` where the reference gives none
/// (artillery and aircraft models).
pub fn frontage_mm(troop: &Troop) -> Option<FrontageMm> {
    match troop {
        Troop::Foot { ty, .. } => Some(foot_frontage_mm(*ty)),
        Troop::Vehicle(_) => Some(FrontageMm {
            min: VEHICLE_BASE_MM.0,
            max: VEHICLE_BASE_MM.1,
            paragraph: "§4",
        }),
        Troop::Artillery { .. } | Troop::Aircraft { .. } | Troop::Ship { .. } => None,
    }
}

/// Ground metres covered by a frontage at a scale (metres per mm): `(min, max)`.
pub fn frontage_m(f: FrontageMm, scale_m_per_mm: f64) -> (f64, f64) {
    (
        ground_m(f.min, scale_m_per_mm),
        ground_m(f.max, scale_m_per_mm),
    )
}

/// How far a passenger may stand from its carrier and still be aboard (§4, §14):
/// within the largest vehicle base, in ground metres at the scale.
pub fn aboard_m(scale_m_per_mm: f64) -> f64 {
    ground_m(VEHICLE_BASE_MM.1, scale_m_per_mm)
}

/// Ground metres a foot element occupies in line for deployment (§15): a full-size
/// base's nominal 50 mm even if the base is narrower, since gaps count as frontage;
/// reduced bases their largest size.
pub fn deployed_width_m(ty: FootType, scale_m_per_mm: f64) -> f64 {
    frontage_m(foot_frontage_mm(ty), scale_m_per_mm).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::troops::VehicleSpec;
    use crate::vocab::{Drive, VehicleRole};

    #[test]
    fn standard_infantry_covers_100_metres() {
        let f = foot_frontage_mm(FootType::Integrated);
        assert_eq!((f.min, f.max), (50.0, 50.0));
        assert_eq!(frontage_m(f, 2.0), (100.0, 100.0));
        assert_eq!(deployed_width_m(FootType::Coherent, 2.0), 100.0);
    }

    #[test]
    fn a_passenger_is_aboard_within_a_vehicle_base() {
        assert_eq!(aboard_m(2.0), 60.0);
        assert_eq!(aboard_m(1.0), 30.0);
    }

    #[test]
    fn reduced_bases_are_25_to_30mm() {
        for ty in [
            FootType::LightSupport,
            FootType::HeavySupport,
            FootType::Specialist,
            FootType::Command,
        ] {
            let f = foot_frontage_mm(ty);
            assert_eq!((f.min, f.max), (25.0, 30.0), "{ty}");
        }
        assert_eq!(foot_frontage_mm(FootType::Command).paragraph, "§16");
        assert_eq!(
            frontage_m(foot_frontage_mm(FootType::Specialist), 2.0),
            (50.0, 60.0)
        );
    }

    #[test]
    fn vehicles_and_others() {
        let tank = Troop::Vehicle(VehicleSpec {
            role: VehicleRole::Tank,
            drive: Drive::Tracked,
            armoured: true,
            open_topped: false,
        });
        assert_eq!(
            frontage_mm(&tank).map(|f| (f.min, f.max)),
            Some((25.0, 30.0))
        );
        let plane = Troop::Aircraft {
            role: crate::vocab::AircraftRole::Fighter,
        };
        assert!(frontage_mm(&plane).is_none());
    }
}
