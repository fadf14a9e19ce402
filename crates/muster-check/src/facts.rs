//! Facts about elements and terrain that several checks share (§12, §18, §101).

use muster_model::model::{Element, Kind};
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

/// Figures the Foot Elements Table allows for a type (§18, §19).
pub fn figure_range(ty: FootType) -> (u32, u32) {
    match ty {
        FootType::Coherent => (6, 6),
        FootType::Integrated => (5, 5),
        FootType::Assault | FootType::AssaultMp44 | FootType::Bare => (4, 4),
        FootType::Cavalry => (3, 4),
        FootType::LightSupport
        | FootType::HeavySupport
        | FootType::Specialist
        | FootType::Command => (2, 3),
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
    }
}

/// The main terrain types, of which only one may apply at a point (§100, §101).
pub fn is_main_terrain(kind: TerrainKind) -> bool {
    matches!(
        kind,
        TerrainKind::Brush
            | TerrainKind::OpenWoods
            | TerrainKind::DenseWoods
            | TerrainKind::Rocky
            | TerrainKind::Ruins
            | TerrainKind::Buildings
    )
}

/// Terrain that hides an element from view (§50): anything but open ground.
pub fn gives_concealment(kind: TerrainKind) -> bool {
    is_main_terrain(kind) || kind == TerrainKind::Fortification
}

/// The strongest structure a vehicle may enter off a road (§59, §120); `None`: none.
pub fn vehicle_structure_limit(
    role: VehicleRole,
    drive: Drive,
    armoured: bool,
    open_topped: bool,
) -> Option<Strength> {
    if matches!(
        role,
        VehicleRole::Jeep | VehicleRole::ScoutCar | VehicleRole::ArmouredCar
    ) || (armoured && open_topped)
    {
        Some(Strength::Light)
    } else if armoured && !open_topped && drive == Drive::Tracked {
        Some(Strength::Medium)
    } else {
        None
    }
}

/// Whether a structure of this strength and height exists (Table of Structure Types).
pub fn structure_exists(strength: Strength, height: Height) -> bool {
    !(strength == Strength::VeryStrong && height != Height::Low)
}
