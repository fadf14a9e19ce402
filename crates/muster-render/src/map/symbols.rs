//! The map's symbols, each defined once in the SVG's `<defs>` and drawn with
//! `<use>`: unit frames, the APP-6 branch icons (see `branch.rs`), element
//! marks and order arrowheads, in em units (the template scales them by the
//! map's `em`). Area fills are drawn per area (`hatch.rs`).

use serde::Serialize;

/// The `<defs>` of a page's maps (fixed markup only, never user text): the
/// symbols every map shares, written once by the page's first map.
#[derive(Debug, Clone, Serialize)]
pub struct Symbols {
    pub defs: String,
}

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols::new()
    }
}

impl Symbols {
    pub fn new() -> Symbols {
        let mut defs = String::from("<defs>");
        defs.push_str(SYMBOLS);
        defs.push_str(&crate::app6::modifier::symbols());
        defs.push_str("</defs>");
        Symbols { defs }
    }
}

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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_branch_has_its_symbol() {
        let s = Symbols::new();
        for b in crate::app6::ICONS.iter().map(|i| i.branch) {
            assert!(s.defs.contains(&format!("<symbol id=\"b-{b}\"")), "{b}");
        }
    }
}
