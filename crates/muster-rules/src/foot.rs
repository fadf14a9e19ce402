//! The Foot Elements Table (§18): figures, frontage, commander and weapons for
//! every foot element type.
//!
//! The organisation checks (MC202–MC206) read this table; help lines quote it.

use crate::troops::MAX_INFANTRY_MORTAR_MM;
use crate::vocab::{FootType, Specialism, WeaponKind};
use serde::{Deserialize, Serialize};

/// Where the table is.
pub const PARAGRAPH: &str = "§18";

/// The heaviest light mortar a light support element carries: the reference names
/// the 2-inch and 5 cm "or equivalent"; 60 mm admits the US and Japanese company
/// mortars that fill the same role.
pub const LIGHT_MORTAR_MAX_MM: f64 = 60.0;

/// Base frontage class (§18 table, §4, §17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frontage {
    /// A standard small-arms base, 50 mm.
    Full,
    /// Support, specialist and command bases, 25–30 mm.
    Reduced,
}

/// Whether an element type may, must or must not carry its group's commander (§18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CommanderRule {
    /// A small-arms element may include an officer figure.
    Optional,
    /// Support and specialist elements never carry the commander.
    Never,
    /// A command element is the commander (its figures show an officer).
    Always,
}

/// One row of the Foot Elements Table (§18), with §12's encumbrance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FootRow {
    pub ty: FootType,
    /// Figures on the base, inclusive; illustrative rather than binding (§19).
    pub figures: (u32, u32),
    pub frontage: Frontage,
    pub commander: CommanderRule,
    /// Command elements are not combat elements.
    pub combat: bool,
    /// Only German forces field it (assault MP44).
    pub german_only: bool,
    /// Always encumbered (§12); specialists depend on their kit.
    pub encumbered: bool,
    /// What it carries, in a few words, for help lines.
    pub carries: &'static str,
    pub paragraph: &'static str,
}

/// The table row for an element type.
pub fn row(ty: FootType) -> FootRow {
    use CommanderRule::{Always, Never, Optional};
    use Frontage::{Full, Reduced};
    let (figures, frontage, commander, carries) = match ty {
        FootType::Coherent => (
            (6, 6),
            Full,
            Optional,
            "rifles, an LMG and a hand-held AT weapon",
        ),
        FootType::Integrated => ((5, 5), Full, Optional, "rifles and an LMG"),
        FootType::Assault => ((4, 4), Full, Optional, "sub-machine guns"),
        FootType::AssaultMp44 => ((4, 4), Full, Optional, "MP44 assault rifles (German only)"),
        FootType::Bare => ((4, 4), Full, Optional, "rifles only"),
        FootType::Cavalry => ((3, 4), Full, Optional, "rifles, lances and the like"),
        FootType::LightSupport => (
            (2, 3),
            Reduced,
            Never,
            "one LMG, hand-held AT weapon or light mortar (2-inch, 5 cm or equivalent)",
        ),
        FootType::HeavySupport => (
            (2, 3),
            Reduced,
            Never,
            "an HMG or a medium mortar (3-inch, 8 cm, 81 mm, 82 mm)",
        ),
        FootType::Specialist => ((2, 3), Reduced, Never, "the kit of its specialism"),
        FootType::Command => ((2, 3), Reduced, Always, "no weapons: officer figures only"),
    };
    FootRow {
        ty,
        figures,
        frontage,
        commander,
        combat: ty != FootType::Command,
        german_only: ty == FootType::AssaultMp44,
        encumbered: ty == FootType::HeavySupport,
        carries,
        paragraph: PARAGRAPH,
    }
}

/// Every row, in the order of [`FootType::ALL`].
pub fn table() -> Vec<FootRow> {
    FootType::ALL.iter().map(|t| row(*t)).collect()
}

/// Inclusive range of figures the table shows for the type (§18, §19).
pub fn figure_range(ty: FootType) -> (u32, u32) {
    row(ty).figures
}

/// The figures an element of the type usually has when the author gives none
/// (§18): the full count for small-arms types, the smaller for the rest.
pub fn usual_figures(ty: FootType) -> u32 {
    match ty {
        FootType::Coherent => 6,
        FootType::Integrated => 5,
        FootType::Assault | FootType::AssaultMp44 | FootType::Bare => 4,
        FootType::Cavalry | FootType::HeavySupport => 3,
        FootType::LightSupport | FootType::Specialist | FootType::Command => 2,
    }
}

/// A base's frontage in millimetres (§4): the full size, or the smallest reduced one.
pub fn frontage_mm(ty: FootType) -> u32 {
    crate::frontage::base_mm(row(ty).frontage)
}

/// Whether a figure count lies within the table's range.
pub fn figures_fit(ty: FootType, figures: u32) -> bool {
    let (lo, hi) = figure_range(ty);
    (lo..=hi).contains(&figures)
}

/// Whether the type may carry its group's commander (§18): small-arms types
/// optionally, command elements always, support and specialists never.
pub fn may_carry_commander(ty: FootType) -> bool {
    row(ty).commander != CommanderRule::Never
}

/// Whether only German forces may field the type (§18: assault MP44).
pub fn german_only(ty: FootType) -> bool {
    row(ty).german_only
}

/// The type's base frontage class (§18).
pub fn frontage(ty: FootType) -> Frontage {
    row(ty).frontage
}

/// Whether a mortar calibre is light (light support) when known.
fn light_mortar(calibre_mm: Option<f64>) -> bool {
    calibre_mm.is_none_or(|c| c <= LIGHT_MORTAR_MAX_MM)
}

/// Whether a mortar calibre is medium (heavy support) when known.
fn medium_mortar(calibre_mm: Option<f64>) -> bool {
    calibre_mm.is_none_or(|c| c > LIGHT_MORTAR_MAX_MM && c <= MAX_INFANTRY_MORTAR_MM)
}

/// Weapons a specialism brings beyond personal arms (§18: engineers, flamethrowers,
/// AT teams, observers and so on).
fn specialism_allows(
    specialism: Option<Specialism>,
    weapon: WeaponKind,
    calibre_mm: Option<f64>,
) -> bool {
    match specialism {
        Some(Specialism::Engineers) => {
            matches!(weapon, WeaponKind::Demolitions | WeaponKind::Flamethrower)
        }
        Some(Specialism::Flamethrower) => weapon == WeaponKind::Flamethrower,
        Some(Specialism::AntiTank) => weapon == WeaponKind::HandAt,
        Some(Specialism::Recce) => weapon == WeaponKind::Lmg,
        Some(Specialism::Foo | Specialism::Sniper | Specialism::Medical | Specialism::Signals) => {
            false
        }
        // an unnamed specialism may carry anything man-portable short of artillery
        Some(Specialism::Other) | None => match weapon {
            WeaponKind::Gun => false,
            WeaponKind::Mortar => calibre_mm.is_none_or(|c| c <= MAX_INFANTRY_MORTAR_MM),
            _ => true,
        },
    }
}

/// Whether an element of type `ty` may carry `weapon` (§18; MC206).
///
/// `calibre_mm` matters for mortars (light up to [`LIGHT_MORTAR_MAX_MM`], medium up to
/// 82 mm, heavier is artillery, §12); an unknown calibre is given the benefit of the
/// doubt. `specialism` matters only for specialist elements. Rifles and SMGs count
/// as the crew's personal arms in support and specialist elements; command elements
/// carry nothing (MC203), and guns are never foot weapons (MC207).
pub fn allows_weapon(
    ty: FootType,
    weapon: WeaponKind,
    calibre_mm: Option<f64>,
    specialism: Option<Specialism>,
) -> bool {
    use WeaponKind as W;
    let personal = matches!(weapon, W::Rifles | W::Smg);
    match ty {
        FootType::Coherent => matches!(weapon, W::Rifles | W::Smg | W::Lmg | W::HandAt),
        FootType::Integrated => matches!(weapon, W::Rifles | W::Smg | W::Lmg),
        FootType::Assault => personal,
        FootType::AssaultMp44 => matches!(weapon, W::Mp44 | W::Rifles | W::Smg),
        FootType::Bare | FootType::Cavalry => weapon == W::Rifles,
        FootType::LightSupport => {
            personal
                || matches!(weapon, W::Lmg | W::HandAt)
                || (weapon == W::Mortar && light_mortar(calibre_mm))
        }
        FootType::HeavySupport => {
            personal || weapon == W::Hmg || (weapon == W::Mortar && medium_mortar(calibre_mm))
        }
        FootType::Specialist => personal || specialism_allows(specialism, weapon, calibre_mm),
        FootType::Command => false,
    }
}

/// `` `a`, `b` `` or `none`: keywords as a Markdown list.
fn keywords(words: &[&str]) -> String {
    if words.is_empty() {
        "none".into()
    } else {
        words
            .iter()
            .map(|w| format!("`{w}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The weapons a type may carry, as MC206 reads [`allows_weapon`]; a mortar with
/// its calibre band.
fn weapons_of(ty: FootType, specialism: Option<Specialism>) -> String {
    let mut words: Vec<String> = Vec::new();
    for w in WeaponKind::ALL {
        let fits = |c: f64| allows_weapon(ty, *w, Some(c), specialism);
        if *w != WeaponKind::Mortar {
            if allows_weapon(ty, *w, None, specialism) {
                words.push(format!("`{w}`"));
            }
        } else if fits(LIGHT_MORTAR_MAX_MM) && fits(MAX_INFANTRY_MORTAR_MM) {
            words.push(format!("`mortar` to {MAX_INFANTRY_MORTAR_MM} mm"));
        } else if fits(LIGHT_MORTAR_MAX_MM) {
            words.push(format!("`mortar` to {LIGHT_MORTAR_MAX_MM} mm"));
        } else if fits(MAX_INFANTRY_MORTAR_MM) {
            words.push(format!(
                "`mortar` over {LIGHT_MORTAR_MAX_MM} to {MAX_INFANTRY_MORTAR_MM} mm"
            ));
        }
    }
    if words.is_empty() {
        "none".into()
    } else {
        words.join(", ")
    }
}

/// The Foot Elements Table for `docs/language.md` (Markdown): what the
/// organisation checks (MC202–MC206) hold each foot element type to.
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| type | figures | base | commander | may carry | also |\n|---|---|---|---|---|---|\n",
    );
    for r in table() {
        let figures = if r.figures.0 == r.figures.1 {
            r.figures.0.to_string()
        } else {
            format!("{} to {}", r.figures.0, r.figures.1)
        };
        let base = match r.frontage {
            Frontage::Full => "full",
            Frontage::Reduced => "reduced",
        };
        let commander = match r.commander {
            CommanderRule::Optional => "may carry it",
            CommanderRule::Never => "never",
            CommanderRule::Always => "is the command element",
        };
        let weapons = if r.ty == FootType::Specialist {
            "`rifles`, `smg`, and its specialism's kit (below)".to_string()
        } else {
            weapons_of(r.ty, None)
        };
        let mut also = Vec::new();
        if r.german_only {
            also.push("German only");
        }
        if r.encumbered {
            also.push("encumbered");
        }
        if !r.combat {
            also.push("not a combat element");
        }
        s.push_str(&format!(
            "| `{}` | {figures} | {base} | {commander} | {weapons} | {} |\n",
            r.ty,
            if also.is_empty() {
                "—".to_string()
            } else {
                also.join(", ")
            }
        ));
    }
    s.push_str("\n| specialism | may carry besides `rifles` and `smg` |\n|---|---|\n");
    for sp in Specialism::ALL {
        let kit: Vec<&str> = WeaponKind::ALL
            .iter()
            .filter(|w| !matches!(w, WeaponKind::Rifles | WeaponKind::Smg))
            .filter(|w| specialism_allows(Some(*sp), **w, None))
            .map(|w| w.keyword())
            .collect();
        let kit = if *sp == Specialism::Other {
            weapons_of(FootType::Specialist, Some(*sp)).replace("`rifles`, `smg`, ", "")
        } else {
            keywords(&kit)
        };
        s.push_str(&format!("| `{sp}` | {kit} |\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_match_the_table() {
        assert_eq!(figure_range(FootType::Coherent), (6, 6));
        assert_eq!(figure_range(FootType::Integrated), (5, 5));
        assert_eq!(figure_range(FootType::Assault), (4, 4));
        assert_eq!(figure_range(FootType::AssaultMp44), (4, 4));
        assert_eq!(figure_range(FootType::Bare), (4, 4));
        assert_eq!(figure_range(FootType::Cavalry), (3, 4));
        for ty in [
            FootType::LightSupport,
            FootType::HeavySupport,
            FootType::Specialist,
            FootType::Command,
        ] {
            assert_eq!(figure_range(ty), (2, 3), "{ty}");
        }
        assert!(figures_fit(FootType::Cavalry, 3));
        assert!(!figures_fit(FootType::Coherent, 5));
        assert_eq!(table().len(), FootType::ALL.len());
    }

    #[test]
    fn commander_and_combat() {
        assert!(may_carry_commander(FootType::Coherent));
        assert!(may_carry_commander(FootType::Bare));
        assert!(may_carry_commander(FootType::Command));
        assert!(!may_carry_commander(FootType::LightSupport));
        assert!(!may_carry_commander(FootType::HeavySupport));
        assert!(!may_carry_commander(FootType::Specialist));
        assert!(german_only(FootType::AssaultMp44));
        assert!(!german_only(FootType::Assault));
        assert!(row(FootType::HeavySupport).encumbered);
        assert_eq!(frontage(FootType::Integrated), Frontage::Full);
        assert_eq!(frontage(FootType::Specialist), Frontage::Reduced);
    }

    #[test]
    fn weapons_fit_the_type() {
        use WeaponKind as W;
        assert!(allows_weapon(FootType::Coherent, W::HandAt, None, None));
        assert!(!allows_weapon(FootType::Integrated, W::HandAt, None, None));
        assert!(!allows_weapon(FootType::Bare, W::Lmg, None, None));
        assert!(!allows_weapon(FootType::Assault, W::Lmg, None, None));
        assert!(allows_weapon(FootType::AssaultMp44, W::Mp44, None, None));
        assert!(!allows_weapon(FootType::Assault, W::Mp44, None, None));
        // light support: LMG, hand-held AT, light mortar; no HMG
        assert!(allows_weapon(FootType::LightSupport, W::Lmg, None, None));
        assert!(allows_weapon(
            FootType::LightSupport,
            W::Mortar,
            Some(50.8),
            None
        ));
        assert!(!allows_weapon(
            FootType::LightSupport,
            W::Mortar,
            Some(81.0),
            None
        ));
        assert!(!allows_weapon(FootType::LightSupport, W::Hmg, None, None));
        // heavy support: HMG and 3"/8cm/81mm/82mm mortars
        assert!(allows_weapon(FootType::HeavySupport, W::Hmg, None, None));
        for c in [76.2, 80.0, 81.0, 82.0] {
            assert!(
                allows_weapon(FootType::HeavySupport, W::Mortar, Some(c), None),
                "{c}"
            );
        }
        assert!(!allows_weapon(
            FootType::HeavySupport,
            W::Mortar,
            Some(120.0),
            None
        ));
        assert!(!allows_weapon(
            FootType::HeavySupport,
            W::Mortar,
            Some(50.0),
            None
        ));
        assert!(!allows_weapon(FootType::HeavySupport, W::Lmg, None, None));
        // specialists by specialism
        let eng = Some(Specialism::Engineers);
        assert!(allows_weapon(
            FootType::Specialist,
            W::Demolitions,
            None,
            eng
        ));
        assert!(!allows_weapon(
            FootType::Specialist,
            W::Demolitions,
            None,
            Some(Specialism::Foo)
        ));
        assert!(allows_weapon(
            FootType::Specialist,
            W::HandAt,
            None,
            Some(Specialism::AntiTank)
        ));
        assert!(!allows_weapon(
            FootType::Specialist,
            W::Gun,
            Some(57.0),
            None
        ));
        // command elements carry nothing
        assert!(!allows_weapon(FootType::Command, W::Rifles, None, None));
    }
}
