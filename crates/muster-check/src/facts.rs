//! Facts about elements and terrain that several checks share (§12, §18, §101).

use muster_model::model::{Element, Kind, WeaponInfo};
use muster_rules::vocab::*;

/// The foot type, when the element is a foot element.
pub fn foot_type(e: &Element) -> Option<FootType> {
    match &e.kind {
        Some(Kind::Foot { ty, .. }) => Some(*ty),
        _ => None,
    }
}

pub fn specialism(e: &Element) -> Option<Specialism> {
    match &e.kind {
        Some(Kind::Foot { specialism, .. }) => *specialism,
        _ => None,
    }
}

pub fn is_vehicle(e: &Element) -> bool {
    matches!(e.kind, Some(Kind::Vehicle { .. }))
}

pub fn is_artillery(e: &Element) -> bool {
    matches!(e.kind, Some(Kind::Artillery { .. }))
}

pub fn is_aircraft(e: &Element) -> bool {
    matches!(e.kind, Some(Kind::Aircraft { .. }))
}

/// A command element: written `hq`, of the foot type `command`, or a command tank.
pub fn is_command_element(e: &Element) -> bool {
    e.is_hq
        || foot_type(e) == Some(FootType::Command)
        || matches!(
            e.kind,
            Some(Kind::Vehicle {
                role: VehicleRole::CommandTank,
                ..
            })
        )
}

/// Whether the element carries command (§10): a command element or the commander.
pub fn has_command_capability(e: &Element) -> bool {
    is_command_element(e) || e.commander.is_some()
}

/// A recce element (§88): recce specialists, armoured and scout cars, recce aircraft.
pub fn is_recce(e: &Element) -> bool {
    match &e.kind {
        Some(Kind::Foot { specialism, .. }) => *specialism == Some(Specialism::Recce),
        Some(Kind::Vehicle { role, .. }) => {
            matches!(role, VehicleRole::ArmouredCar | VehicleRole::ScoutCar)
        }
        Some(Kind::Aircraft { role }) => *role == AircraftRole::Reconnaissance,
        _ => false,
    }
}

/// Whether the element can fire directly at what it sees (§38, §40).
pub fn has_direct_fire(e: &Element) -> bool {
    match &e.kind {
        None => true,
        Some(Kind::Foot { ty, specialism }) => match ty {
            FootType::Command => false,
            FootType::Specialist => {
                !matches!(
                    specialism,
                    Some(Specialism::Foo | Specialism::Medical | Specialism::Signals)
                ) || !e.weapons.is_empty()
            }
            _ => true,
        },
        Some(Kind::Vehicle { role, .. }) => {
            !e.weapons.is_empty()
                || !matches!(
                    role,
                    VehicleRole::Jeep
                        | VehicleRole::Lorry
                        | VehicleRole::Limber
                        | VehicleRole::Motorcycle
                        | VehicleRole::Other
                )
        }
        Some(Kind::Artillery { weapon, .. }) => {
            matches!(
                weapon,
                ArtilleryWeapon::Gun
                    | ArtilleryWeapon::AtGun
                    | ArtilleryWeapon::InfantryGun
                    | ArtilleryWeapon::AaGun
            )
        }
        Some(Kind::Aircraft { .. }) => false,
        // support craft engage what they see; other ships fire from off the table
        Some(Kind::Ship { role }) => *role == ShipRole::Gunboat,
    }
}

/// A weapon that makes its bearer artillery, not infantry support (§12): a gun,
/// or a mortar over 82 mm.
pub fn is_artillery_weapon(w: &WeaponInfo) -> bool {
    w.kind == WeaponKind::Gun
        || (w.kind == WeaponKind::Mortar
            && w.calibre_mm
                .is_some_and(muster_rules::troops::mortar_is_artillery))
}

/// Terrain that hides an element from view (§50): anything but open ground.
pub fn gives_concealment(kind: TerrainKind) -> bool {
    (muster_rules::terrain::is_main(kind) && kind != TerrainKind::Open)
        || kind == TerrainKind::Fortification
}
