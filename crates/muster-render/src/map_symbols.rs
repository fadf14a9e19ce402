//! The map symbols that depend only on the map's size unit `em`: expanded once per
//! map in Rust instead of evaluating dozens of `{{ e * n }}` expressions per unit and
//! element in the template. The snippets are the template's own markup, so the page
//! is byte for byte what the template would write.

use serde::Serialize;

/// Expanded symbol markup (numbers and fixed markup only, never user text).
#[derive(Debug, Clone, Serialize)]
pub struct Symbols {
    pub defs: String,
    pub el_tick_a: String,
    pub el_tick_b: String,
    pub el_hostile: String,
    pub el_friendly: String,
    pub unit_hostile: String,
    pub unit_friendly: String,
    pub unit_highlight: String,
    pub branch_infantry: String,
    pub branch_armour: String,
    pub branch_artillery: String,
    pub branch_air: String,
    pub branch_other: String,
    pub unit_echelon: String,
    pub unit_label: String,
}

impl Symbols {
    /// Every snippet expanded for a size unit `e`.
    pub fn new(e: f64) -> Symbols {
        Symbols {
            defs: expand(DEFS, e),
            el_tick_a: expand(EL_TICK_A, e),
            el_tick_b: expand(EL_TICK_B, e),
            el_hostile: expand(EL_HOSTILE, e),
            el_friendly: expand(EL_FRIENDLY, e),
            unit_hostile: expand(UNIT_HOSTILE, e),
            unit_friendly: expand(UNIT_FRIENDLY, e),
            unit_highlight: expand(UNIT_HIGHLIGHT, e),
            branch_infantry: expand(BRANCH_INFANTRY, e),
            branch_armour: expand(BRANCH_ARMOUR, e),
            branch_artillery: expand(BRANCH_ARTILLERY, e),
            branch_air: expand(BRANCH_AIR, e),
            branch_other: expand(BRANCH_OTHER, e),
            unit_echelon: expand(UNIT_ECHELON, e),
            unit_label: expand(UNIT_LABEL, e),
        }
    }
}

const DEFS: &str = r##"<defs>
  <pattern id="p-open" patternUnits="userSpaceOnUse" width="{{ e * 2 }}" height="{{ e * 2 }}"><rect width="{{ e * 2 }}" height="{{ e * 2 }}" fill="#fbfbf4"/></pattern>
  <pattern id="p-firm" patternUnits="userSpaceOnUse" width="{{ e * 2 }}" height="{{ e * 2 }}"><rect width="{{ e * 2 }}" height="{{ e * 2 }}" fill="#f6f3e6"/><circle cx="{{ e }}" cy="{{ e }}" r="{{ e * 0.06 }}" fill="#666"/></pattern>
  <pattern id="p-brush" patternUnits="userSpaceOnUse" width="{{ e }}" height="{{ e }}"><rect width="{{ e }}" height="{{ e }}" fill="#e4eed2"/><circle cx="{{ e * 0.25 }}" cy="{{ e * 0.25 }}" r="{{ e * 0.1 }}" fill="#3c5a1e"/><circle cx="{{ e * 0.75 }}" cy="{{ e * 0.75 }}" r="{{ e * 0.1 }}" fill="#3c5a1e"/></pattern>
  <pattern id="p-open-woods" patternUnits="userSpaceOnUse" width="{{ e * 1.4 }}" height="{{ e * 1.4 }}"><rect width="{{ e * 1.4 }}" height="{{ e * 1.4 }}" fill="#d7e8c4"/><circle cx="{{ e * 0.7 }}" cy="{{ e * 0.7 }}" r="{{ e * 0.4 }}" fill="none" stroke="#2d4a16" stroke-width="{{ e * 0.08 }}"/></pattern>
  <pattern id="p-dense-woods" patternUnits="userSpaceOnUse" width="{{ e * 0.9 }}" height="{{ e * 0.9 }}"><rect width="{{ e * 0.9 }}" height="{{ e * 0.9 }}" fill="#a9cc8c"/><circle cx="{{ e * 0.45 }}" cy="{{ e * 0.45 }}" r="{{ e * 0.32 }}" fill="#5d8a3a" stroke="#1d3209" stroke-width="{{ e * 0.08 }}"/></pattern>
  <pattern id="p-rocky" patternUnits="userSpaceOnUse" width="{{ e * 1.2 }}" height="{{ e * 1.2 }}"><rect width="{{ e * 1.2 }}" height="{{ e * 1.2 }}" fill="#e2e0da"/><path d="M{{ e * 0.3 }} {{ e * 0.9 }} L{{ e * 0.6 }} {{ e * 0.35 }} L{{ e * 0.9 }} {{ e * 0.9 }} Z" fill="none" stroke="#333" stroke-width="{{ e * 0.08 }}"/></pattern>
  <pattern id="p-ruins" patternUnits="userSpaceOnUse" width="{{ e * 1.2 }}" height="{{ e * 1.2 }}"><rect width="{{ e * 1.2 }}" height="{{ e * 1.2 }}" fill="#d9d4cc"/><path d="M{{ e * 0.2 }} {{ e * 0.6 }} H{{ e * 0.5 }} M{{ e * 0.7 }} {{ e * 0.6 }} H{{ e }} M{{ e * 0.6 }} {{ e * 0.2 }} V{{ e * 0.45 }} M{{ e * 0.6 }} {{ e * 0.75 }} V{{ e }}" stroke="#222" stroke-width="{{ e * 0.12 }}"/></pattern>
  <pattern id="p-buildings" patternUnits="userSpaceOnUse" width="{{ e * 0.6 }}" height="{{ e * 0.6 }}"><rect width="{{ e * 0.6 }}" height="{{ e * 0.6 }}" fill="#cfc7bf"/><path d="M0 0 L{{ e * 0.6 }} {{ e * 0.6 }} M{{ e * 0.6 }} 0 L0 {{ e * 0.6 }}" stroke="#333" stroke-width="{{ e * 0.07 }}"/></pattern>
  <pattern id="p-soft" patternUnits="userSpaceOnUse" width="{{ e * 1.2 }}" height="{{ e * 0.8 }}"><rect width="{{ e * 1.2 }}" height="{{ e * 0.8 }}" fill="#efe4c8"/><path d="M{{ e * 0.2 }} {{ e * 0.4 }} H{{ e * 0.8 }}" stroke="#6b5a2e" stroke-width="{{ e * 0.08 }}"/></pattern>
  <pattern id="p-swamp" patternUnits="userSpaceOnUse" width="{{ e * 1.4 }}" height="{{ e * 1.0 }}"><rect width="{{ e * 1.4 }}" height="{{ e }}" fill="#d3e6de"/><path d="M{{ e * 0.2 }} {{ e * 0.7 }} H{{ e * 1.0 }} M{{ e * 0.6 }} {{ e * 0.7 }} V{{ e * 0.3 }} M{{ e * 0.4 }} {{ e * 0.7 }} L{{ e * 0.3 }} {{ e * 0.4 }} M{{ e * 0.8 }} {{ e * 0.7 }} L{{ e * 0.9 }} {{ e * 0.4 }}" stroke="#1f4d3d" stroke-width="{{ e * 0.07 }}" fill="none"/></pattern>
  <pattern id="p-ridge" patternUnits="userSpaceOnUse" width="{{ e * 1.5 }}" height="{{ e * 1.5 }}" patternTransform="rotate(45)"><rect width="{{ e * 1.5 }}" height="{{ e * 1.5 }}" fill="#f1e6d2"/><path d="M0 0 V{{ e * 1.5 }}" stroke="#7a5a2a" stroke-width="{{ e * 0.12 }}"/></pattern>
  <pattern id="p-gentle-slope" patternUnits="userSpaceOnUse" width="{{ e * 2 }}" height="{{ e * 2 }}" patternTransform="rotate(-45)"><rect width="{{ e * 2 }}" height="{{ e * 2 }}" fill="#f5eddc"/><path d="M0 0 V{{ e * 2 }}" stroke="#7a5a2a" stroke-width="{{ e * 0.08 }}"/></pattern>
  <pattern id="p-steep-slope" patternUnits="userSpaceOnUse" width="{{ e * 0.7 }}" height="{{ e * 0.7 }}" patternTransform="rotate(-45)"><rect width="{{ e * 0.7 }}" height="{{ e * 0.7 }}" fill="#ecdcbc"/><path d="M0 0 V{{ e * 0.7 }}" stroke="#5a3d14" stroke-width="{{ e * 0.12 }}"/></pattern>
  <pattern id="p-cliffs" patternUnits="userSpaceOnUse" width="{{ e * 0.8 }}" height="{{ e * 0.8 }}"><rect width="{{ e * 0.8 }}" height="{{ e * 0.8 }}" fill="#d8c8a8"/><path d="M0 {{ e * 0.8 }} L{{ e * 0.4 }} 0 L{{ e * 0.8 }} {{ e * 0.8 }}" fill="none" stroke="#222" stroke-width="{{ e * 0.12 }}"/></pattern>
  <pattern id="p-water" patternUnits="userSpaceOnUse" width="{{ e * 1.6 }}" height="{{ e * 0.8 }}"><rect width="{{ e * 1.6 }}" height="{{ e * 0.8 }}" fill="#bcd8f0"/><path d="M0 {{ e * 0.4 }} Q{{ e * 0.4 }} {{ e * 0.1 }} {{ e * 0.8 }} {{ e * 0.4 }} T{{ e * 1.6 }} {{ e * 0.4 }}" fill="none" stroke="#1f4f86" stroke-width="{{ e * 0.07 }}"/></pattern>
  <pattern id="p-lake" patternUnits="userSpaceOnUse" width="{{ e * 1.6 }}" height="{{ e * 0.8 }}"><rect width="{{ e * 1.6 }}" height="{{ e * 0.8 }}" fill="#a9cdec"/><path d="M0 {{ e * 0.4 }} H{{ e * 1.6 }}" stroke="#1f4f86" stroke-width="{{ e * 0.06 }}"/></pattern>
  <pattern id="p-fortification" patternUnits="userSpaceOnUse" width="{{ e * 1.2 }}" height="{{ e * 1.2 }}"><rect width="{{ e * 1.2 }}" height="{{ e * 1.2 }}" fill="#e6e0d6"/><path d="M0 {{ e * 0.8 }} L{{ e * 0.3 }} {{ e * 0.4 }} L{{ e * 0.6 }} {{ e * 0.8 }} L{{ e * 0.9 }} {{ e * 0.4 }} L{{ e * 1.2 }} {{ e * 0.8 }}" fill="none" stroke="#111" stroke-width="{{ e * 0.1 }}"/></pattern>
  <pattern id="p-minefield" patternUnits="userSpaceOnUse" width="{{ e * 1.2 }}" height="{{ e * 1.2 }}"><rect width="{{ e * 1.2 }}" height="{{ e * 1.2 }}" fill="#f3dcdc"/><path d="M{{ e * 0.3 }} {{ e * 0.3 }} L{{ e * 0.9 }} {{ e * 0.9 }} M{{ e * 0.9 }} {{ e * 0.3 }} L{{ e * 0.3 }} {{ e * 0.9 }}" stroke="#600" stroke-width="{{ e * 0.1 }}"/></pattern>
</defs>"##;
const EL_TICK_A: &str = r##"<path d="M0 0 L0 {{ e * -0.7 }}" transform="rotate("##;
const EL_TICK_B: &str = r##")" stroke="#111" stroke-width="{{ e * 0.1 }}"/>"##;
const EL_HOSTILE: &str = r##"<path d="M0 {{ e * -0.3 }} L{{ e * 0.3 }} 0 L0 {{ e * 0.3 }} L{{ e * -0.3 }} 0 Z" fill="#b22" stroke="#111" stroke-width="{{ e * 0.05 }}"/>"##;
const EL_FRIENDLY: &str = r##"<rect x="{{ e * -0.25 }}" y="{{ e * -0.25 }}" width="{{ e * 0.5 }}" height="{{ e * 0.5 }}" fill="#1f4f9a" stroke="#111" stroke-width="{{ e * 0.05 }}"/>"##;
const UNIT_HOSTILE: &str = r##"<path d="M0 {{ e * -1.1 }} L{{ e * 1.3 }} 0 L0 {{ e * 1.1 }} L{{ e * -1.3 }} 0 Z" fill="#f6c8c8" stroke="#111" stroke-width="{{ e * 0.12 }}"/>"##;
const UNIT_FRIENDLY: &str = r##"<rect x="{{ e * -1.2 }}" y="{{ e * -0.8 }}" width="{{ e * 2.4 }}" height="{{ e * 1.6 }}" fill="#c8dcf6" stroke="#111" stroke-width="{{ e * 0.12 }}"/>"##;
const UNIT_HIGHLIGHT: &str = r##"<rect x="{{ e * -1.45 }}" y="{{ e * -1.05 }}" width="{{ e * 2.9 }}" height="{{ e * 2.1 }}" fill="none" stroke="#111" stroke-width="{{ e * 0.1 }}" stroke-dasharray="{{ e * 0.25 }} {{ e * 0.15 }}"/>"##;
const BRANCH_INFANTRY: &str = r##"<path d="M{{ e * -0.7 }} {{ e * -0.45 }} L{{ e * 0.7 }} {{ e * 0.45 }} M{{ e * 0.7 }} {{ e * -0.45 }} L{{ e * -0.7 }} {{ e * 0.45 }}" stroke="#111" stroke-width="{{ e * 0.1 }}"/>"##;
const BRANCH_ARMOUR: &str = r##"<ellipse rx="{{ e * 0.75 }}" ry="{{ e * 0.4 }}" fill="none" stroke="#111" stroke-width="{{ e * 0.1 }}"/>"##;
const BRANCH_ARTILLERY: &str = r##"<circle r="{{ e * 0.28 }}" fill="#111"/>"##;
const BRANCH_AIR: &str = r##"<path d="M{{ e * -0.7 }} 0 H{{ e * 0.7 }} M0 {{ e * -0.4 }} V{{ e * 0.4 }}" stroke="#111" stroke-width="{{ e * 0.12 }}"/>"##;
const BRANCH_OTHER: &str =
    r##"<text text-anchor="middle" dy="{{ e * 0.35 }}" font-weight="bold">?</text>"##;
const UNIT_ECHELON: &str = r##"<text y="{{ e * -1.2 }}" text-anchor="middle" font-size="{{ e * 0.7 }}" font-weight="bold">"##;
const UNIT_LABEL: &str = r##"<text y="{{ e * 1.9 }}" text-anchor="middle" font-size="{{ e * 0.75 }}" paint-order="stroke" stroke="#fff" stroke-width="{{ e * 0.2 }}""##;

/// Replaces each `{{ e }}` and `{{ e * n }}` with its value, formatted as tera
/// formats a float (Rust's shortest `Display`), so the output cannot drift.
fn expand(snippet: &str, e: f64) -> String {
    let mut out = String::with_capacity(snippet.len() + 64);
    let mut rest = snippet;
    while let Some(start) = rest.find("{{ ") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let Some(end) = after.find(" }}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let expr = &after[..end];
        let value = match expr.strip_prefix("e * ") {
            None if expr == "e" => Some(e),
            Some(n) => n.parse::<f64>().ok().map(|n| e * n),
            None => None,
        };
        match value {
            Some(v) => out.push_str(&v.to_string()),
            None => out.push_str(&rest[start..start + 3 + end + 3]),
        }
        rest = &after[end + 3..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_expression_is_expanded() {
        let s = Symbols::new(12.5);
        let all = serde_json::to_string(&s).unwrap();
        assert!(!all.contains("{{"), "{all}");
        assert_eq!(
            expand("a{{ e }}b{{ e * 2 }}c{{ e * -0.7 }}", 10.0),
            "a10b20c-7"
        );
    }
}
