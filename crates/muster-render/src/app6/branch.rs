//! Which APP-6 branch icon a unit is drawn with, from what its elements are:
//! the anti-tank battery gets the anti-tank icon because its guns are AT guns,
//! not because it is called `atk`.

use muster_rules::vocab::{
    AircraftRole, ArtilleryWeapon, Branch, FootType, ShipRole, Specialism, VehicleRole, WeaponKind,
};

use crate::json::forces::{Element, ElementKind, Unit};

/// The branches in the table's order: a tie between branches goes to the one
/// listed first, the more specific before plain infantry.
fn branches() -> impl Iterator<Item = Branch> {
    super::ICONS.iter().map(|i| i.branch)
}

fn index(b: Branch) -> usize {
    branches().position(|x| x == b).unwrap_or(0)
}

/// The branches of guns and their crews: a battery takes one of these when it has any.
const GUNS: &[Branch] = &[
    Branch::Artillery,
    Branch::AntiTank,
    Branch::AntiAircraft,
    Branch::Mortar,
];

/// What one element contributes to its unit's icon; `None` for command figures
/// and transport, which say nothing about what the unit is (a command tank is
/// still a tank).
pub fn element_branch(e: &Element) -> Option<Branch> {
    let has = |w: WeaponKind| e.weapons.iter().any(|x| x.kind.0 == w);
    Some(match e.kind.as_ref()? {
        ElementKind::Foot { ty, specialism } => match (ty.0, specialism.map(|s| s.0)) {
            (FootType::Command, _) => return None,
            (_, Some(Specialism::Engineers | Specialism::Flamethrower)) => Branch::Engineer,
            (_, Some(Specialism::AntiTank)) => Branch::AntiTank,
            (_, Some(Specialism::Foo)) => Branch::Artillery,
            (_, Some(Specialism::Signals)) => Branch::Signals,
            (_, Some(Specialism::Recce)) => Branch::Recce,
            (FootType::Cavalry, _) => Branch::Recce,
            (FootType::HeavySupport, _) if has(WeaponKind::Mortar) => Branch::Mortar,
            (FootType::HeavySupport, _) if has(WeaponKind::Hmg) => Branch::MachineGun,
            _ => Branch::Infantry,
        },
        ElementKind::Vehicle { role, .. } => match role.0 {
            VehicleRole::Tank
            | VehicleRole::CommandTank
            | VehicleRole::AssaultGun
            | VehicleRole::Train
            | VehicleRole::Other => Branch::Armour,
            VehicleRole::TankDestroyer => Branch::AntiTank,
            VehicleRole::SpGun => Branch::Artillery,
            VehicleRole::ArmouredCar | VehicleRole::ScoutCar | VehicleRole::Motorcycle => {
                Branch::Recce
            }
            VehicleRole::HalfTrack | VehicleRole::Carrier => Branch::Mechanised,
            VehicleRole::Jeep | VehicleRole::Lorry | VehicleRole::Limber => return None,
        },
        ElementKind::Artillery { weapon, .. } => match weapon.0 {
            ArtilleryWeapon::AtGun => Branch::AntiTank,
            ArtilleryWeapon::AaGun => Branch::AntiAircraft,
            ArtilleryWeapon::Mortar => Branch::Mortar,
            ArtilleryWeapon::Gun
            | ArtilleryWeapon::Howitzer
            | ArtilleryWeapon::InfantryGun
            | ArtilleryWeapon::Rocket => Branch::Artillery,
        },
        ElementKind::Aircraft { role } => match role.0 {
            AircraftRole::Helicopter | AircraftRole::Autogyro => Branch::RotaryWing,
            _ => Branch::Air,
        },
        // a landing craft is transport: it says nothing of what the unit is
        ElementKind::Ship { role } => match role.0 {
            ShipRole::LandingCraft => return None,
            _ => Branch::Naval,
        },
    })
}

/// What transport says of a unit with nothing else: armed jeeps and
/// motorcycles are recce.
fn fallback_branch(e: &Element) -> Option<Branch> {
    match e.kind.as_ref()? {
        ElementKind::Vehicle { role, .. } => match role.0 {
            VehicleRole::Jeep | VehicleRole::Motorcycle => Some(Branch::Recce),
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
/// the branch listed first in [`super::ICONS`]. A branch the writer declares wins:
/// it is there because the table holds too little of the unit to tell.
pub fn unit_branch(u: &Unit) -> Branch {
    if let Some(b) = u.branch {
        return b.0;
    }
    let formation = matches!(
        u.echelon.0,
        muster_rules::vocab::Echelon::Division | muster_rules::vocab::Echelon::Brigade
    );
    if formation && u.units.iter().any(|c| unit_branch(c) == Branch::Armour) {
        return Branch::Armour;
    }
    let mut counts = [0usize; super::ICONS.len()];
    count(u, element_branch, &mut counts);
    if counts.iter().all(|c| *c == 0) {
        count(u, fallback_branch, &mut counts);
    }
    let (inf, mech) = (index(Branch::Infantry), index(Branch::Mechanised));
    if counts[mech] > 0 && counts[inf] > 0 {
        counts[mech] += counts[inf];
        counts[inf] = 0;
    }
    let battery = matches!(u.echelon.0, muster_rules::vocab::Echelon::Battery);
    if battery && GUNS.iter().any(|g| counts[index(*g)] > 0) {
        for (i, b) in branches().enumerate() {
            if !GUNS.contains(&b) {
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
        .map(index)
        .filter(|i| top > 0 && counts[*i] == top);
    let n = counts.len();
    match commander.or_else(|| {
        (0..n)
            .filter(|i| counts[*i] > 0)
            .max_by_key(|i| (counts[*i], n - i))
    }) {
        Some(i) => branches().nth(i).unwrap_or(Branch::Infantry),
        None => Branch::Headquarters,
    }
}

fn count(u: &Unit, f: fn(&Element) -> Option<Branch>, counts: &mut [usize]) {
    for b in u.elements.iter().filter_map(f) {
        if let Some(c) = counts.get_mut(index(b)) {
            *c += 1;
        }
    }
    for c in &u.units {
        count(c, f, counts);
    }
}
