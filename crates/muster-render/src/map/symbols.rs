//! The map's symbols, each defined once in the SVG's `<defs>` and drawn with
//! `<use>`: unit frames, the APP-6 branch icons (see `branch.rs`), element
//! marks and order arrowheads, in em units (the template scales them by the
//! map's `em`), plus the terrain fill patterns, whose tile sizes are expanded
//! for the map's `em` because a pattern tile cannot be scaled by its user.

use serde::Serialize;

/// The `<defs>` of one map (numbers and fixed markup only, never user text):
/// its fill patterns, sized for its em, and the symbols every map shares. A
/// page holds several maps (insets, tiles), so the template gives each map's
/// pattern ids its own prefix (`p-inset-1-woods`).
#[derive(Debug, Clone, Serialize)]
pub struct Symbols {
    pub defs: String,
    pub patterns: String,
}

impl Symbols {
    /// The patterns expanded for a size unit `e`, then every symbol.
    pub fn new(e: f64) -> Symbols {
        let patterns = format!("<defs>{}</defs>", expand(PATTERNS, e));
        let mut defs = String::from("<defs>");
        defs.push_str(SYMBOLS);
        defs.push_str("</defs>");
        Symbols { defs, patterns }
    }
}

const PATTERNS: &str = r##"
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
"##;

/// Symbols in em units around their own centre. Frames: friendly rectangle,
/// hostile diamond (APP-6); icons are drawn in the friendly frame's box and
/// scaled into the diamond by the template.
const SYMBOLS: &str = r##"
  <symbol id="f-friendly" overflow="visible"><rect x="-1.2" y="-0.8" width="2.4" height="1.6" fill="#c8dcf6" stroke="#111" stroke-width="0.12"/></symbol>
  <symbol id="f-hostile" overflow="visible"><path d="M0 -1.1 L1.3 0 L0 1.1 L-1.3 0 Z" fill="#f6c8c8" stroke="#111" stroke-width="0.12"/></symbol>
  <symbol id="f-report" overflow="visible"><path d="M0 -1.1 L1.3 0 L0 1.1 L-1.3 0 Z" fill="#fff" stroke="#111" stroke-width="0.12" stroke-dasharray="0.25 0.15"/><text text-anchor="middle" y="0.35" font-size="1" font-weight="bold">?</text></symbol>
  <clipPath id="c-hostile"><path d="M0 -1.04 L1.24 0 L0 1.04 L-1.24 0 Z"/></clipPath>
  <symbol id="f-highlight" overflow="visible"><rect x="-1.45" y="-1.05" width="2.9" height="2.1" fill="none" stroke="#111" stroke-width="0.1" stroke-dasharray="0.25 0.15"/></symbol>
  <symbol id="b-infantry" overflow="visible"><path d="M-1.2 -0.8 L1.2 0.8 M1.2 -0.8 L-1.2 0.8" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-armour" overflow="visible"><ellipse rx="0.85" ry="0.45" fill="none" stroke="#111" stroke-width="0.1"/></symbol>
  <symbol id="b-mechanised" overflow="visible"><path d="M-1.2 -0.8 L1.2 0.8 M1.2 -0.8 L-1.2 0.8" stroke="#111" stroke-width="0.1" fill="none"/><ellipse rx="0.85" ry="0.45" fill="none" stroke="#111" stroke-width="0.1"/></symbol>
  <symbol id="b-recce" overflow="visible"><path d="M-1.2 0.8 L1.2 -0.8" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-artillery" overflow="visible"><circle r="0.3" fill="#111"/></symbol>
  <symbol id="b-anti-tank" overflow="visible"><path d="M-1.2 0.8 L0 -0.8 L1.2 0.8" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-anti-aircraft" overflow="visible"><path d="M-1.2 0.8 Q0 -0.9 1.2 0.8" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-mortar" overflow="visible"><circle cy="0.45" r="0.18" fill="none" stroke="#111" stroke-width="0.1"/><path d="M0 0.27 V-0.6 M-0.22 -0.35 L0 -0.62 L0.22 -0.35" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-machine-gun" overflow="visible"><path d="M0 0.6 V-0.6 M-0.22 -0.35 L0 -0.62 L0.22 -0.35 M-0.3 0.6 H0.3" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-engineer" overflow="visible"><path d="M-0.6 0.3 V-0.25 H0.6 V0.3 M0 -0.25 V0.3" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-headquarters" overflow="visible"><path d="M-1.2 -0.8 V1.6" stroke="#111" stroke-width="0.12" fill="none"/><text text-anchor="middle" y="0.25" font-size="0.7" font-weight="bold">HQ</text></symbol>
  <symbol id="b-signals" overflow="visible"><path d="M-1.2 -0.8 L0.15 0.12 L-0.15 -0.12 L1.2 0.8" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-air" overflow="visible"><path d="M0 0 C-0.3 -0.4 -0.7 -0.4 -0.7 0 C-0.7 0.4 -0.3 0.4 0 0 C0.3 -0.4 0.7 -0.4 0.7 0 C0.7 0.4 0.3 0.4 0 0 Z" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-rotary-wing" overflow="visible"><path d="M-0.8 -0.4 L0.8 0.4 L0.8 -0.4 L-0.8 0.4 Z" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="b-naval" overflow="visible"><circle cy="-0.5" r="0.1" fill="none" stroke="#111" stroke-width="0.08"/><path d="M0 -0.4 V0.55 M-0.3 -0.2 H0.3 M-0.5 0.2 Q0 0.8 0.5 0.2" stroke="#111" stroke-width="0.1" fill="none"/></symbol>
  <symbol id="el-friendly" overflow="visible"><rect x="-0.25" y="-0.25" width="0.5" height="0.5" fill="#1f4f9a" stroke="#111" stroke-width="0.05"/></symbol>
  <symbol id="el-hostile" overflow="visible"><path d="M0 -0.3 L0.3 0 L0 0.3 L-0.3 0 Z" fill="#b22" stroke="#111" stroke-width="0.05"/></symbol>
  <symbol id="el-tick" overflow="visible"><path d="M0 0 L0 -0.7" stroke="#111" stroke-width="0.1"/></symbol>
  <marker id="m-arrow-f" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="#1f4f9a"/></marker>
  <marker id="m-arrow-h" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="#a01c1c"/></marker>
"##;

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
        assert!(!s.defs.contains("{{"), "{}", s.defs);
        for b in crate::map::branch::BRANCHES {
            assert!(s.defs.contains(&format!("<symbol id=\"b-{b}\"")), "{b}");
        }
        assert_eq!(
            expand("a{{ e }}b{{ e * 2 }}c{{ e * -0.7 }}", 10.0),
            "a10b20c-7"
        );
    }
}
