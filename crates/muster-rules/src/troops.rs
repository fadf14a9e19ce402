//! Troop classification (§12): what an element is for movement, fire and command.
//!
//! The model resolves each element to a [`Troop`]; the terrain, structure, command
//! and overwatch rules ask these functions rather than matching on roles themselves.

use crate::vocab::ShipRole;
use crate::vocab::{
    AircraftRole, ArtilleryWeapon, Drive, FootType, Specialism, VehicleRole, WeaponKind,
};
use serde::{Deserialize, Serialize};

/// Where the troop types are defined.
pub const PARAGRAPH: &str = "§12";

/// The largest mortar an infantry support element may carry; heavier ones are
/// artillery (§12).
pub const MAX_INFANTRY_MORTAR_MM: f64 = 82.0;

/// The narrowest river a craft of the role can use, in metres; `None` for ships
/// that keep to open water. The rulebook sets no widths (§95 makes water a
/// craft's only ground): these are muster's own, a river gunboat's or a landing
/// craft's beam with room to turn and pass.
pub fn river_width_needed_m(role: ShipRole) -> Option<f64> {
    match role {
        ShipRole::Gunboat => Some(20.0),
        ShipRole::LandingCraft => Some(10.0),
        ShipRole::Battleship | ShipRole::Cruiser | ShipRole::Destroyer => None,
    }
}

/// A vehicle's characteristics as far as the rules care (§12, §59).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VehicleSpec {
    pub role: VehicleRole,
    pub drive: Drive,
    /// Armoured fighting vehicle rather than soft-skinned (§12).
    pub armoured: bool,
    /// Open-topped rather than fully enclosed (§59).
    pub open_topped: bool,
}

/// What kind of element this is (§12, §18), mirroring the model's element kind.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Troop {
    Foot {
        ty: FootType,
        specialism: Option<Specialism>,
    },
    Vehicle(VehicleSpec),
    Artillery {
        weapon: ArtilleryWeapon,
        calibre_mm: Option<f64>,
    },
    Aircraft {
        role: AircraftRole,
    },
    /// Ships and landing craft: they move on water only.
    Ship {
        role: ShipRole,
    },
}

/// The main troop types of §12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TroopClass {
    /// Foot elements, cavalry included (cavalry count as bare infantry, §12).
    Foot,
    /// Wheeled, half-tracked or tracked conveyances, self-propelled guns included.
    Vehicle,
    /// Guns, howitzers, AT guns, rockets and mortars over 82 mm.
    Artillery,
    Aircraft,
    Ship,
}

/// Which §12 class a troop belongs to.
pub fn class(troop: &Troop) -> TroopClass {
    match troop {
        Troop::Foot { .. } => TroopClass::Foot,
        Troop::Vehicle(_) => TroopClass::Vehicle,
        Troop::Artillery { .. } => TroopClass::Artillery,
        Troop::Aircraft { .. } => TroopClass::Aircraft,
        Troop::Ship { .. } => TroopClass::Ship,
    }
}

/// Whether the element is a foot element for terrain purposes (§113: dense woods
/// admit foot only). Cavalry count as foot (§12: treated as bare infantry).
pub fn is_foot(troop: &Troop) -> bool {
    matches!(troop, Troop::Foot { .. })
}

/// Whether a mortar of this calibre must be artillery rather than infantry (§12).
pub fn mortar_is_artillery(calibre_mm: f64) -> bool {
    calibre_mm > MAX_INFANTRY_MORTAR_MM
}

/// Whether a weapon makes its bearer artillery, not infantry support (§12): a
/// gun, or a mortar over 82 mm.
pub fn is_artillery_weapon(weapon: WeaponKind, calibre_mm: Option<f64>) -> bool {
    weapon == WeaponKind::Gun
        || (weapon == WeaponKind::Mortar && calibre_mm.is_some_and(mortar_is_artillery))
}

/// Whether the troop is a command element by its type: a `command` foot element
/// (§18, not a combat element) or a command tank (§10: a vehicle marked as the
/// command element).
pub fn is_command_element(troop: &Troop) -> bool {
    matches!(
        troop,
        Troop::Foot {
            ty: FootType::Command,
            ..
        } | Troop::Vehicle(VehicleSpec {
            role: VehicleRole::CommandTank,
            ..
        })
    )
}

/// Whether the element counts as reconnaissance for long-range radio (§88):
/// recce specialists, armoured and scout cars, reconnaissance aircraft.
pub fn is_recce(troop: &Troop) -> bool {
    match troop {
        Troop::Foot { specialism, .. } => *specialism == Some(Specialism::Recce),
        Troop::Vehicle(v) => matches!(v.role, VehicleRole::ArmouredCar | VehicleRole::ScoutCar),
        Troop::Aircraft { role } => *role == AircraftRole::Reconnaissance,
        Troop::Artillery { .. } | Troop::Ship { .. } => false,
    }
}

/// Whether a vehicle role carries armament of its own without listing weapons.
fn role_is_armed(role: VehicleRole) -> bool {
    matches!(
        role,
        VehicleRole::Tank
            | VehicleRole::CommandTank
            | VehicleRole::ArmouredCar
            | VehicleRole::ScoutCar
            | VehicleRole::HalfTrack
            | VehicleRole::Carrier
            | VehicleRole::SpGun
            | VehicleRole::AssaultGun
            | VehicleRole::TankDestroyer
            | VehicleRole::Train
    )
}

/// Whether an artillery weapon fires only indirectly (no direct lay).
pub fn artillery_is_indirect_only(weapon: ArtilleryWeapon) -> bool {
    matches!(weapon, ArtilleryWeapon::Mortar | ArtilleryWeapon::Rocket)
}

/// Whether the element has direct fire, so may take overwatch (§38).
///
/// Not: command elements (§18: not combat elements); forward observers, signals
/// and medical teams unless weapons are listed (a specialism, not a combat role,
/// §18); indirect-only artillery (heavy mortars, rockets; guns and howitzers lay
/// directly too, §12, §52); vehicles with no armament (lorries, jeeps, limbers,
/// motorcycles) unless weapons are listed; aircraft (overwatch is a ground action).
pub fn has_direct_fire(troop: &Troop, weapons: &[WeaponKind]) -> bool {
    match troop {
        Troop::Foot {
            ty: FootType::Command,
            ..
        } => false,
        Troop::Foot {
            specialism: Some(Specialism::Foo | Specialism::Medical | Specialism::Signals),
            ..
        } => !weapons.is_empty(),
        Troop::Foot { .. } => true,
        Troop::Vehicle(v) => role_is_armed(v.role) || !weapons.is_empty(),
        Troop::Artillery { weapon, .. } => !artillery_is_indirect_only(*weapon),
        Troop::Aircraft { .. } => false,
        // naval guns fire indirectly from off the table; support craft engage
        // what they see, as armed vehicles do
        Troop::Ship { role } => *role == ShipRole::Gunboat,
    }
}

/// `yes` or `—` for a table cell.
fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "—"
    }
}

/// The per-type classifications for `docs/language.md` (Markdown): which element
/// kinds are vehicles, armed by their role, command elements or reconnaissance,
/// and which guns fire directly, as overwatch (MC702), long radios (MC302),
/// command (MC201) and the terrain checks (MC503, MC504) read them.
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| element | class | direct fire without weapons listed | command element | reconnaissance | river craft |\n|---|---|---|---|---|---|\n",
    );
    let mut row = |what: String, t: Troop| {
        let river = match t {
            Troop::Ship { role } => river_width_needed_m(role).map_or_else(
                || "—".to_string(),
                |w| format!("on rivers {w} m wide or more"),
            ),
            _ => "—".to_string(),
        };
        let class = match class(&t) {
            TroopClass::Foot => "foot",
            TroopClass::Vehicle => "vehicle",
            TroopClass::Artillery => "artillery",
            TroopClass::Aircraft => "aircraft",
            TroopClass::Ship => "ship",
        };
        s.push_str(&format!(
            "| {what} | {class} | {} | {} | {} | {river} |\n",
            yes(has_direct_fire(&t, &[])),
            yes(is_command_element(&t)),
            yes(is_recce(&t)),
        ));
    };
    for role in VehicleRole::ALL {
        row(
            format!("`vehicle {role}`"),
            Troop::Vehicle(VehicleSpec {
                role: *role,
                drive: Drive::Tracked,
                armoured: true,
                open_topped: false,
            }),
        );
    }
    for weapon in ArtilleryWeapon::ALL {
        row(
            format!("`artillery {weapon}`"),
            Troop::Artillery {
                weapon: *weapon,
                calibre_mm: None,
            },
        );
    }
    for role in AircraftRole::ALL {
        row(
            format!("`aircraft {role}`"),
            Troop::Aircraft { role: *role },
        );
    }
    for role in ShipRole::ALL {
        row(format!("`ship {role}`"), Troop::Ship { role: *role });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn foot(ty: FootType) -> Troop {
        Troop::Foot {
            ty,
            specialism: None,
        }
    }

    fn vehicle(role: VehicleRole, drive: Drive, armoured: bool) -> Troop {
        Troop::Vehicle(VehicleSpec {
            role,
            drive,
            armoured,
            open_topped: false,
        })
    }

    #[test]
    fn troops_fall_in_section_12_classes() {
        let lorry = vehicle(VehicleRole::Lorry, Drive::Wheeled, false);
        assert_eq!(class(&lorry), TroopClass::Vehicle);
    }

    #[test]
    fn mortars_over_82mm_are_artillery() {
        assert_eq!(MAX_INFANTRY_MORTAR_MM, 82.0);
        assert!(!mortar_is_artillery(81.0));
        assert!(!mortar_is_artillery(82.0));
        assert!(mortar_is_artillery(120.0));
    }

    #[test]
    fn direct_fire_for_overwatch() {
        assert!(!has_direct_fire(&foot(FootType::Command), &[]));
        assert!(has_direct_fire(&foot(FootType::Bare), &[]));
        let howitzer = Troop::Artillery {
            weapon: ArtilleryWeapon::Howitzer,
            calibre_mm: Some(105.0),
        };
        let mortar = Troop::Artillery {
            weapon: ArtilleryWeapon::Mortar,
            calibre_mm: Some(120.0),
        };
        assert!(has_direct_fire(&howitzer, &[]));
        assert!(!has_direct_fire(&mortar, &[]));
        let foo = Troop::Foot {
            ty: FootType::Specialist,
            specialism: Some(Specialism::Foo),
        };
        assert!(!has_direct_fire(&foo, &[]));
        assert!(has_direct_fire(&foo, &[WeaponKind::Lmg]));
        assert!(is_artillery_weapon(WeaponKind::Mortar, Some(120.0)));
        assert!(!is_artillery_weapon(WeaponKind::Mortar, Some(81.0)));
        let lorry = vehicle(VehicleRole::Lorry, Drive::Wheeled, false);
        assert!(!has_direct_fire(&lorry, &[]));
        assert!(has_direct_fire(&lorry, &[WeaponKind::Hmg]));
        assert!(has_direct_fire(
            &vehicle(VehicleRole::Tank, Drive::Tracked, true),
            &[]
        ));
    }

    #[test]
    fn recce_and_command() {
        let recce = Troop::Foot {
            ty: FootType::Specialist,
            specialism: Some(Specialism::Recce),
        };
        assert!(is_recce(&recce));
        assert!(is_recce(&vehicle(
            VehicleRole::ArmouredCar,
            Drive::Wheeled,
            true
        )));
        assert!(!is_recce(&vehicle(VehicleRole::Tank, Drive::Tracked, true)));
        assert!(is_command_element(&foot(FootType::Command)));
        assert!(is_command_element(&vehicle(
            VehicleRole::CommandTank,
            Drive::Tracked,
            true
        )));
        assert!(!is_command_element(&foot(FootType::Coherent)));
    }
}
