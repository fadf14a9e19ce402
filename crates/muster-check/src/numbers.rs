//! The numbers a rule's summary and explanation quote, formatted from
//! `muster-rules` (or from the check that uses them), so `muster explain` and
//! `docs/rules.md` always say what the checks measure. A rule writes
//! `{{voice}}`; [`fill`] puts in `100 m`.

use muster_rules::foot::Frontage;
use muster_rules::frontage::{self, FrontageMm};
use muster_rules::scale::{self, GROUND_SCALE_M_PER_MM};
use muster_rules::vocab::{FootType, ShipRole};
use muster_rules::{command, hmg, latency, troops, visibility};
use muster_syntax::wording::{metres, number_word};

/// `50 mm`, `25–30 mm`: a base frontage on the table.
fn mm(f: FrontageMm) -> String {
    if f.min == f.max {
        format!("{} mm", f.min)
    } else {
        format!("{}–{} mm", f.min, f.max)
    }
}

/// `100 m`, `50–60 m`: the ground a base covers at §1's scale.
fn ground(f: FrontageMm) -> String {
    let (lo, hi) = frontage::frontage_m(f, GROUND_SCALE_M_PER_MM);
    if lo == hi {
        metres(lo)
    } else {
        format!("{}–{}", lo, metres(hi))
    }
}

/// The ground a base of the class covers at §1's scale.
fn base_ground(f: Frontage) -> String {
    metres(scale::ground_m(
        f64::from(frontage::base_mm(f)),
        GROUND_SCALE_M_PER_MM,
    ))
}

/// The fewest and most figures any foot element has (§2, §18).
fn figures_per_element() -> (u32, u32) {
    let ranges = FootType::ALL
        .iter()
        .map(|t| muster_rules::foot::figure_range(*t));
    let lo = ranges.clone().map(|r| r.0).min().unwrap_or(0);
    let hi = ranges.map(|r| r.1).max().unwrap_or(0);
    (lo, hi)
}

/// `three to five`: an inclusive range in words, as the rulebook writes it.
fn range_words((lo, hi): (u32, u32)) -> String {
    format!("{} to {}", number_word(lo), number_word(hi))
}

/// The vehicle base range (§4).
fn vehicle() -> FrontageMm {
    FrontageMm {
        min: frontage::VEHICLE_BASE_MM.0,
        max: frontage::VEHICLE_BASE_MM.1,
        paragraph: frontage::PARAGRAPH,
    }
}

/// The narrowest river a craft of the role uses.
fn river(role: ShipRole) -> String {
    troops::river_width_needed_m(role).map_or_else(|| "none".into(), metres)
}

/// The text a placeholder stands for; `None` for a name no rule may use.
fn number(name: &str) -> Option<String> {
    use crate::rules::{battlefield::mc509_elements_stacked as mc509, orders};
    Some(match name {
        "voice" => metres(command::VOICE_M),
        "short-radio" => metres(command::SHORT_RADIO_M),
        "long-radio" => metres(command::LONG_RADIO_M),
        "hot" => metres(command::HOT_RADIUS_M),
        "runner-cold" => metres(latency::RUNNER_COLD_M),
        "runner-hot" => metres(latency::RUNNER_HOT_M),
        "woods-depth" => metres(visibility::WOODS_DEPTH_M),
        "edge" => metres(visibility::EDGE_M),
        "hmg-range" => metres(hmg::MAX_RANGE_M),
        "hmg-spread" => format!("{}°", hmg::MAX_SPREAD_DEG),
        "infantry-mortar" => format!("{} mm", troops::MAX_INFANTRY_MORTAR_MM),
        "full-base" => format!("{} mm", frontage::base_mm(Frontage::Full)),
        "reduced-base" => format!("{} mm", frontage::base_mm(Frontage::Reduced)),
        "vehicle-base" => mm(vehicle()),
        "full-base-ground" => base_ground(Frontage::Full),
        "reduced-base-ground" => base_ground(Frontage::Reduced),
        "vehicle-base-ground" => ground(vehicle()),
        "ground-scale" => metres(GROUND_SCALE_M_PER_MM),
        "aboard" => metres(frontage::aboard_m(GROUND_SCALE_M_PER_MM)),
        "crossing-tolerance" => metres(muster_rules::terrain::CROSSING_TOLERANCE_M),
        "gunboat-river" => river(ShipRole::Gunboat),
        "landing-craft-river" => river(ShipRole::LandingCraft),
        "stacked" => format!("{} mm", mc509::STACKED_MM),
        "stacked-ground" => metres(scale::ground_m(mc509::STACKED_MM, GROUND_SCALE_M_PER_MM)),
        "men-per-figure" => number_word(scale::MEN_PER_FIGURE),
        "per-model" => range_words(scale::VEHICLES_PER_MODEL),
        "figures-per-element" => range_words(figures_per_element()),
        "arrival-tolerance" => {
            metres(orders::mc410_arrival_contradicts_placement::MAX_FROM_ENTRY_M)
        }
        _ => return None,
    })
}

/// `text` with each `{{name}}` replaced by the number it names; an unknown name
/// is left as written (the registry test finds it).
pub(crate) fn fill(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else {
            break;
        };
        let name = &rest[start + 2..start + 2 + len];
        out.push_str(&rest[..start]);
        match number(name) {
            Some(n) => out.push_str(&n),
            None => out.push_str(&rest[start..start + 2 + len + 2]),
        }
        rest = &rest[start + 2 + len + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_take_the_rulebook_numbers() {
        assert_eq!(
            fill("voice {{voice}}, radio {{long-radio}}"),
            "voice 100 m, radio 3,000 m"
        );
        assert_eq!(fill("{{full-base}}, {{vehicle-base}}"), "50 mm, 25–30 mm");
        assert_eq!(fill("{{vehicle-base-ground}}"), "50–60 m");
        assert_eq!(
            fill("{{men-per-figure}} men, {{per-model}}"),
            "ten men, three to five"
        );
        assert_eq!(fill("{{figures-per-element}}"), "two to six");
        assert_eq!(fill("{{hmg-spread}} {{infantry-mortar}}"), "45° 82 mm");
        assert_eq!(fill("{{nothing}} {"), "{{nothing}} {");
    }
}
