//! The Table of Structure Types (§117–§121) and which elements may enter which
//! structures (§59, §120).
//!
//! Examples are our own paraphrase of the table, for help lines and briefings.

use crate::troops::{Troop, VehicleSpec};
use crate::vocab::{Drive, Height, Strength, VehicleRole};

/// Typical structures of a strength and height (Table of Structure Types, §119);
/// `None` where the table has no such structure (very strong and normal or tall).
pub fn example(strength: Strength, height: Height) -> Option<&'static str> {
    use Height::{Low, Normal, Tall};
    use Strength::{Light, Medium, Strong, VeryStrong};
    match (strength, height) {
        (Light, Low) => Some("wooden sheds"),
        (Light, Normal) => Some("wooden houses"),
        (Light, Tall) => Some("cranes"),
        (Medium, Low) => Some("barns, field fortifications"),
        (Medium, Normal) => Some("brick town houses, warehouses"),
        (Medium, Tall) => Some("cooling towers, hotels"),
        (Strong, Low) => Some("stone cottages, pill-box complexes"),
        (Strong, Normal) => Some("thick-walled chateaux"),
        (Strong, Tall) => Some("churches with a tower or steeple"),
        (VeryStrong, Low) => Some("reinforced bunkers, Maginot Line works"),
        (VeryStrong, Normal | Tall) => None,
    }
}

/// Whether the table admits a structure of this strength and height (MC507).
pub fn exists(strength: Strength, height: Height) -> bool {
    example(strength, height).is_some()
}

/// The strongest structure a vehicle may enter by the §59 special action, if any:
/// jeeps, scout cars and armoured cars light ones, as do open-topped armoured
/// vehicles; fully enclosed, fully tracked armour light or medium. Anything §59
/// does not list (soft transport, enclosed half-tracks, enclosed wheeled armour
/// other than armoured cars) may enter none.
pub fn vehicle_max_strength(v: &VehicleSpec) -> Option<Strength> {
    if matches!(
        v.role,
        VehicleRole::Jeep | VehicleRole::ScoutCar | VehicleRole::ArmouredCar
    ) {
        return Some(Strength::Light);
    }
    if v.role == VehicleRole::Train || !v.armoured {
        return None;
    }
    if v.open_topped {
        Some(Strength::Light)
    } else if v.drive == Drive::Tracked {
        Some(Strength::Medium)
    } else {
        None
    }
}

/// Whether a vehicle may be inside a structure of `strength` (§59, §120).
///
/// On a road any vehicle may pass through a built-up area: §120 allows this even
/// for strong structures, so weaker ones follow.
pub fn vehicle_may_enter(v: &VehicleSpec, strength: Strength, on_road: bool) -> bool {
    if on_road {
        return true;
    }
    vehicle_max_strength(v).is_some_and(|max| strength <= max)
}

/// The strongest structure a troop may stand in off a road (§59, §120); `None`
/// when it may enter none: foot enter everything, artillery (man-handled) light
/// and medium structures, vehicles as [`vehicle_max_strength`] says.
pub fn max_strength(troop: &Troop) -> Option<Strength> {
    match troop {
        Troop::Foot { .. } => Some(Strength::VeryStrong),
        Troop::Vehicle(v) => vehicle_max_strength(v),
        Troop::Artillery { .. } => Some(Strength::Medium),
        Troop::Aircraft { .. } | Troop::Ship { .. } => None,
    }
}

/// Whether any element may be inside a structure of `strength` (§59, §120; MC505).
///
/// Off a road, up to [`max_strength`]; on a road anything but aircraft and ships
/// (§120), which are not placed in buildings.
pub fn may_enter(troop: &Troop, strength: Strength, on_road: bool) -> bool {
    match troop {
        Troop::Vehicle(v) => vehicle_may_enter(v, strength, on_road),
        Troop::Aircraft { .. } | Troop::Ship { .. } => false,
        _ => on_road || max_strength(troop).is_some_and(|max| strength <= max),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(role: VehicleRole, drive: Drive, armoured: bool, open_topped: bool) -> VehicleSpec {
        VehicleSpec {
            role,
            drive,
            armoured,
            open_topped,
        }
    }

    #[test]
    fn the_table_of_structure_types() {
        assert_eq!(example(Strength::Light, Height::Low), Some("wooden sheds"));
        assert_eq!(
            example(Strength::Strong, Height::Tall),
            Some("churches with a tower or steeple")
        );
        assert!(exists(Strength::VeryStrong, Height::Low));
        assert!(!exists(Strength::VeryStrong, Height::Normal));
        assert!(!exists(Strength::VeryStrong, Height::Tall));
        let count = Strength::ALL
            .iter()
            .flat_map(|s| Height::ALL.iter().map(move |h| (*s, *h)))
            .filter(|(s, h)| exists(*s, *h))
            .count();
        assert_eq!(count, 10);
    }

    #[test]
    fn vehicles_in_buildings() {
        let jeep = v(VehicleRole::Jeep, Drive::Wheeled, false, true);
        let lorry = v(VehicleRole::Lorry, Drive::Wheeled, false, false);
        let tank = v(VehicleRole::Tank, Drive::Tracked, true, false);
        let open_sp = v(VehicleRole::SpGun, Drive::Tracked, true, true);
        assert!(vehicle_may_enter(&jeep, Strength::Light, false));
        assert!(!vehicle_may_enter(&jeep, Strength::Medium, false));
        assert!(!vehicle_may_enter(&lorry, Strength::Light, false));
        assert!(vehicle_may_enter(&lorry, Strength::Medium, true));
        assert!(vehicle_may_enter(&tank, Strength::Medium, false));
        assert!(!vehicle_may_enter(&tank, Strength::Strong, false));
        assert!(vehicle_may_enter(&tank, Strength::Strong, true));
        assert!(vehicle_may_enter(&open_sp, Strength::Light, false));
        assert!(!vehicle_may_enter(&open_sp, Strength::Medium, false));
        // §59 lists no enclosed half-track and no enclosed wheeled armour but the
        // armoured car: they enter no structure off a road.
        let enclosed_ht = v(VehicleRole::HalfTrack, Drive::HalfTracked, true, false);
        let enclosed_wheels = v(VehicleRole::Other, Drive::Wheeled, true, false);
        let open_ht = v(VehicleRole::HalfTrack, Drive::HalfTracked, true, true);
        assert!(!vehicle_may_enter(&enclosed_ht, Strength::Light, false));
        assert!(!vehicle_may_enter(&enclosed_wheels, Strength::Light, false));
        assert!(vehicle_may_enter(&open_ht, Strength::Light, false));
        assert!(vehicle_may_enter(&enclosed_ht, Strength::Light, true));
        let foot = Troop::Foot {
            ty: crate::vocab::FootType::Bare,
            specialism: None,
        };
        assert!(may_enter(&foot, Strength::VeryStrong, false));
        let gun = Troop::Artillery {
            weapon: crate::vocab::ArtilleryWeapon::AtGun,
            calibre_mm: None,
        };
        assert!(!may_enter(&gun, Strength::Strong, false));
        assert!(may_enter(&gun, Strength::Medium, false));
    }
}
