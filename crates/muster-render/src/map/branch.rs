//! Which APP-6 branch icon a unit is drawn with, from what its elements are:
//! the anti-tank battery gets the anti-tank icon because its guns are AT guns,
//! not because it is called `atk`.

use muster_rules::vocab::{
    AircraftRole, ArtilleryWeapon, FootType, ShipRole, Specialism, VehicleRole, WeaponKind,
};

use crate::json::forces::{Element, ElementKind, Unit};

/// The branch icons the map defines, in the legend's order. Each is an SVG
/// `<symbol id="b-NAME">` in `symbols.rs`.
/// A tie between branches goes to the one listed first: the more specific
/// before plain infantry.
pub const BRANCHES: &[&str] = &[
    "armour",
    "mechanised",
    "recce",
    "artillery",
    "anti-tank",
    "anti-aircraft",
    "machine-gun",
    "mortar",
    "engineer",
    "signals",
    "air",
    "rotary-wing",
    "naval",
    "infantry",
    "headquarters",
];

/// The branches of guns and their crews: a battery takes one of these when it has any.
const GUNS: &[&str] = &["artillery", "anti-tank", "anti-aircraft", "mortar"];

/// What one element contributes to its unit's icon; `None` for command figures
/// and transport, which say nothing about what the unit is (a command tank is
/// still a tank).
pub fn element_branch(e: &Element) -> Option<&'static str> {
    let has = |w: WeaponKind| e.weapons.iter().any(|x| x.kind.0 == w);
    Some(match e.kind.as_ref()? {
        ElementKind::Foot { ty, specialism } => match (ty.0, specialism.map(|s| s.0)) {
            (FootType::Command, _) => return None,
            (_, Some(Specialism::Engineers | Specialism::Flamethrower)) => "engineer",
            (_, Some(Specialism::AntiTank)) => "anti-tank",
            (_, Some(Specialism::Foo)) => "artillery",
            (_, Some(Specialism::Signals)) => "signals",
            (_, Some(Specialism::Recce)) => "recce",
            (FootType::Cavalry, _) => "recce",
            (FootType::HeavySupport, _) if has(WeaponKind::Mortar) => "mortar",
            (FootType::HeavySupport, _) if has(WeaponKind::Hmg) => "machine-gun",
            _ => "infantry",
        },
        ElementKind::Vehicle { role, .. } => match role.0 {
            VehicleRole::Tank
            | VehicleRole::CommandTank
            | VehicleRole::AssaultGun
            | VehicleRole::Train
            | VehicleRole::Other => "armour",
            VehicleRole::TankDestroyer => "anti-tank",
            VehicleRole::SpGun => "artillery",
            VehicleRole::ArmouredCar | VehicleRole::ScoutCar | VehicleRole::Motorcycle => "recce",
            VehicleRole::HalfTrack | VehicleRole::Carrier => "mechanised",
            VehicleRole::Jeep | VehicleRole::Lorry | VehicleRole::Limber => return None,
        },
        ElementKind::Artillery { weapon, .. } => match weapon.0 {
            ArtilleryWeapon::AtGun => "anti-tank",
            ArtilleryWeapon::AaGun => "anti-aircraft",
            ArtilleryWeapon::Mortar => "mortar",
            ArtilleryWeapon::Gun
            | ArtilleryWeapon::Howitzer
            | ArtilleryWeapon::InfantryGun
            | ArtilleryWeapon::Rocket => "artillery",
        },
        ElementKind::Aircraft { role } => match role.0 {
            AircraftRole::Helicopter | AircraftRole::Autogyro => "rotary-wing",
            _ => "air",
        },
        // a landing craft is transport: it says nothing of what the unit is
        ElementKind::Ship { role } => match role.0 {
            ShipRole::LandingCraft => return None,
            _ => "naval",
        },
    })
}

/// What transport says of a unit with nothing else: armed jeeps and
/// motorcycles are recce.
fn fallback_branch(e: &Element) -> Option<&'static str> {
    match e.kind.as_ref()? {
        ElementKind::Vehicle { role, .. } => match role.0 {
            VehicleRole::Jeep | VehicleRole::Motorcycle => Some("recce"),
            _ => None,
        },
        _ => None,
    }
}

/// The icon of a unit: the most common branch among its elements and its
/// sub-units' (foot with carriers or half-tracks is mechanised; a battery takes
/// its guns' branch; a division or brigade with a tank unit in it is armoured);
/// with no fighting elements, what its transport implies; else a headquarters.
/// A tie goes to the branch of the element its commander stands with (a
/// platoon does not become sappers because two are attached to it), then to
/// the branch listed first in [`BRANCHES`]. A branch the writer declares wins:
/// it is there because the table holds too little of the unit to tell.
pub fn unit_branch(u: &Unit) -> &'static str {
    if let Some(b) = u.branch {
        return b.0.keyword();
    }
    let formation = matches!(
        u.echelon.0,
        muster_rules::vocab::Echelon::Division | muster_rules::vocab::Echelon::Brigade
    );
    if formation && u.units.iter().any(|c| unit_branch(c) == "armour") {
        return "armour";
    }
    let mut counts = [0usize; 15];
    count(u, element_branch, &mut counts);
    if counts.iter().all(|c| *c == 0) {
        count(u, fallback_branch, &mut counts);
    }
    let idx = |b: &str| BRANCHES.iter().position(|x| *x == b).unwrap_or(0);
    let (inf, mech) = (idx("infantry"), idx("mechanised"));
    if counts[mech] > 0 && counts[inf] > 0 {
        counts[mech] += counts[inf];
        counts[inf] = 0;
    }
    let battery = matches!(u.echelon.0, muster_rules::vocab::Echelon::Battery);
    if battery && GUNS.iter().any(|g| counts[idx(g)] > 0) {
        for (i, b) in BRANCHES.iter().enumerate() {
            if !GUNS.contains(b) {
                counts[i] = 0;
            }
        }
    }
    let top = counts.iter().copied().max().unwrap_or(0);
    let commander = u
        .elements
        .iter()
        .filter(|e| e.commander)
        .find_map(element_branch)
        .and_then(|b| BRANCHES.iter().position(|x| *x == b))
        .filter(|i| top > 0 && counts[*i] == top);
    match commander.or_else(|| {
        (0..BRANCHES.len())
            .filter(|i| counts[*i] > 0)
            .max_by_key(|i| (counts[*i], BRANCHES.len() - i))
    }) {
        Some(i) => BRANCHES.get(i).copied().unwrap_or("infantry"),
        None => "headquarters",
    }
}

fn count(u: &Unit, f: fn(&Element) -> Option<&'static str>, counts: &mut [usize; 15]) {
    for b in u.elements.iter().filter_map(f) {
        if let Some(i) = BRANCHES.iter().position(|x| *x == b) {
            counts[i] += 1;
        }
    }
    for c in &u.units {
        count(c, f, counts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_rules::vocab::Branch;

    /// The icons the map defines are the words a writer may declare, in order.
    #[test]
    fn the_icons_are_the_languages_branches() {
        let words: Vec<&str> = Branch::ALL.iter().map(|b| b.keyword()).collect();
        assert_eq!(BRANCHES, words.as_slice());
    }
}
