//! APP-6 (D) / MIL-STD-2525 D symbol identification codes (SIDCs): the one
//! table from a unit's branch, echelon and modifier to the code's digits. The
//! JSON writes the code and the map draws its icon, echelon mark and modifier
//! from the same rows, so the two cannot disagree.
//!
//! `branch` works out which branch a unit is from its elements; `modifier`
//! holds the mobility modifiers with their marks and sector codes.

pub mod branch;
pub mod modifier;

use muster_rules::vocab::{Branch, Echelon, Modifier};

use crate::json::forces::Unit;

/// The symbol set of land units, the one every branch but the naval uses.
pub const LAND_UNIT: &str = "10";

/// The code's version digits: MIL-STD-2525 D, which APP-6 (D) shares.
pub const VERSION: &str = "10";

/// A branch's icon as the standard codes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Icon {
    pub branch: Branch,
    /// Its name in the standard.
    pub standard: &'static str,
    /// Digits 5–6: the symbol set (`10` land unit, `30` sea surface).
    pub symbol_set: &'static str,
    /// Digits 11–16: entity, entity type and subtype.
    pub entity: &'static str,
    /// The subtype a motorised unit of this branch takes instead, where the
    /// standard has one (motorised infantry); otherwise the modifier's own
    /// sector code marks it.
    pub motorised: Option<&'static str>,
    /// Digits 17–18: the sector 1 modifier the branch always carries (`00`).
    pub sector1: &'static str,
}

const fn icon(branch: Branch, standard: &'static str, entity: &'static str) -> Icon {
    Icon {
        branch,
        standard,
        symbol_set: LAND_UNIT,
        entity,
        motorised: None,
        sector1: "00",
    }
}

const fn motorised(i: Icon, subtype: &'static str) -> Icon {
    Icon {
        motorised: Some(subtype),
        ..i
    }
}

/// Every branch of the language, in its order (a tie between branches goes to
/// the one listed first: the more specific before plain infantry).
pub const ICONS: [Icon; 15] = [
    icon(Branch::Armour, "armour", "120500"),
    icon(
        Branch::Mechanised,
        "infantry, armoured/mechanised/tracked",
        "121102",
    ),
    motorised(
        icon(Branch::Recce, "reconnaissance/cavalry/scout", "121300"),
        "121303",
    ),
    icon(Branch::Artillery, "field artillery", "130300"),
    motorised(
        icon(Branch::AntiTank, "anti-tank/anti-armour", "120400"),
        "120402",
    ),
    icon(Branch::AntiAircraft, "air defence", "130100"),
    // The standard has no machine-gun unit: infantry with the weapons sector
    // modifier (a `W` above the icon) is the heavy-weapons company.
    Icon {
        sector1: "85",
        ..icon(Branch::MachineGun, "infantry, weapons", "121100")
    },
    icon(Branch::Mortar, "mortar", "130800"),
    motorised(icon(Branch::Engineer, "engineer", "140700"), "140702"),
    icon(Branch::Signals, "signal", "111000"),
    icon(Branch::Air, "aviation, fixed wing", "120800"),
    icon(Branch::RotaryWing, "aviation, rotary wing", "120600"),
    // Warships are not land units: a sea-surface combatant, without echelon.
    Icon {
        symbol_set: "30",
        ..icon(Branch::Naval, "sea surface, military combatant", "120000")
    },
    motorised(icon(Branch::Infantry, "infantry", "121100"), "121104"),
    icon(Branch::Headquarters, "command and control", "110000"),
];

/// The row of a branch.
pub fn icon_of(b: Branch) -> &'static Icon {
    ICONS
        .iter()
        .find(|i| i.branch == b)
        .unwrap_or(&ICONS[ICONS.len() - 2])
}

/// An echelon as the standard codes and draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EchelonCode {
    pub echelon: Echelon,
    /// Digits 9–10 of a land unit's code.
    pub code: &'static str,
    /// The mark above the frame.
    pub mark: &'static str,
    /// Its name in the standard.
    pub standard: &'static str,
}

const fn echelon(
    echelon: Echelon,
    code: &'static str,
    mark: &'static str,
    standard: &'static str,
) -> EchelonCode {
    EchelonCode {
        echelon,
        code,
        mark,
        standard,
    }
}

/// Every echelon of the language (§9, §20), in its order.
pub const ECHELONS: [EchelonCode; 11] = [
    echelon(Echelon::Division, "21", "XX", "division"),
    echelon(Echelon::Brigade, "18", "X", "brigade"),
    echelon(Echelon::Regiment, "17", "III", "regiment/group"),
    echelon(Echelon::Battalion, "16", "II", "battalion/squadron"),
    echelon(Echelon::Company, "15", "I", "company/battery/troop"),
    echelon(Echelon::Platoon, "14", "•••", "platoon/detachment"),
    echelon(Echelon::Battery, "15", "I", "company/battery/troop"),
    // A squadron of tanks or cavalry is a company's size.
    echelon(Echelon::Squadron, "15", "I", "company/battery/troop"),
    // A troop of tanks or guns is a platoon's size.
    echelon(Echelon::Troop, "14", "•••", "platoon/detachment"),
    echelon(Echelon::Flight, "13", "••", "section"),
    echelon(Echelon::Group, "12", "•", "squad"),
];

/// The row of an echelon.
pub fn echelon_of(e: Echelon) -> &'static EchelonCode {
    ECHELONS
        .iter()
        .find(|x| x.echelon == e)
        .unwrap_or(&ECHELONS[ECHELONS.len() - 1])
}

/// Digit 4, the standard identity: how the view the code is written for sees
/// the unit. A side's own units are friends; in the umpire's view the first
/// side is the friend and every other side hostile, as the map draws them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    Friend,
    Hostile,
}

impl Identity {
    pub fn digit(self) -> char {
        match self {
            Identity::Friend => '3',
            Identity::Hostile => '6',
        }
    }

    /// The identity of the units of the side at `index` in the umpire's view.
    pub fn of_side(index: usize) -> Identity {
        if index == 0 {
            Identity::Friend
        } else {
            Identity::Hostile
        }
    }
}

/// What a unit's symbol shows: its icon, echelon and modifier rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol {
    pub icon: &'static Icon,
    pub echelon: &'static EchelonCode,
    pub modifier: Option<&'static modifier::App6Modifier>,
}

/// The symbol of a unit (its sub-units filled in): its branch from its
/// elements or as declared, its echelon, its modifier.
pub fn symbol(u: &Unit) -> Symbol {
    Symbol {
        icon: icon_of(branch::unit_branch(u)),
        echelon: echelon_of(u.echelon.0),
        modifier: u.modifier.as_ref().and_then(|m| modifier::app6(m.0)),
    }
}

impl Symbol {
    /// The 20-digit code: version, context (reality), identity, symbol set,
    /// status (present), no headquarters or task-force flag, echelon, entity,
    /// sector 1 and sector 2 modifiers.
    pub fn sidc(&self, identity: Identity) -> String {
        let land = self.icon.symbol_set == LAND_UNIT;
        let motorised = self.modifier.map(|m| m.modifier) == Some(Modifier::Motorised);
        let entity = match self.icon.motorised {
            Some(sub) if motorised => sub,
            _ => self.icon.entity,
        };
        let sector2 = match self.modifier {
            Some(_) if motorised && self.icon.motorised.is_some() => "00",
            Some(m) if land => m.sector2,
            _ => "00",
        };
        let echelon = if land { self.echelon.code } else { "00" };
        format!(
            "{VERSION}0{}{}00{echelon}{entity}{}{sector2}",
            identity.digit(),
            self.icon.symbol_set,
            self.icon.sector1
        )
    }
}

/// Gives every unit of a tree its code for `identity`.
pub fn set_sidcs(u: &mut Unit, identity: Identity) {
    for c in &mut u.units {
        set_sidcs(c, identity);
    }
    u.sidc = symbol(u).sidc(identity);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_branch_and_echelon_has_one_row() {
        for b in Branch::ALL {
            assert_eq!(ICONS.iter().filter(|i| i.branch == *b).count(), 1, "{b}");
        }
        let order: Vec<Branch> = ICONS.iter().map(|i| i.branch).collect();
        assert_eq!(order, Branch::ALL);
        for e in Echelon::ALL {
            assert_eq!(ECHELONS.iter().filter(|x| x.echelon == *e).count(), 1);
        }
    }

    #[test]
    fn a_code_has_twenty_digits_in_their_places() {
        let s = Symbol {
            icon: icon_of(Branch::Infantry),
            echelon: echelon_of(Echelon::Battalion),
            modifier: modifier::app6(Modifier::Airborne),
        };
        assert_eq!(s.sidc(Identity::Hostile), "10061000161211000001");
        let m = Symbol {
            modifier: modifier::app6(Modifier::Motorised),
            ..s
        };
        assert_eq!(m.sidc(Identity::Friend), "10031000161211040000");
        let ship = Symbol {
            icon: icon_of(Branch::Naval),
            ..s
        };
        assert_eq!(ship.sidc(Identity::Friend), "10033000001200000000");
    }
}
