//! The APP-6 (D) mobility modifiers a unit's symbol carries (`modifier
//! airborne`): one table from the language's keyword to the mark drawn in
//! the lower part of the frame, which the map's symbols, its legend and any
//! other reader of APP-6 (symbol codes) take from here.

use muster_rules::vocab::Modifier;

/// A modifier as APP-6 (D) draws it: its keyword, its name in the standard,
/// and its mark as an SVG path in the friendly frame's units (the frame is
/// 2.4 by 1.6 around its centre, y down), stroked like a branch icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct App6Modifier {
    pub modifier: Modifier,
    pub name: &'static str,
    pub path: &'static str,
    /// Whether the mark is filled (the mountain's peak) or only stroked.
    pub filled: bool,
    /// Digits 19–20 of a land unit's symbol code: its sector 2 modifier.
    pub sector2: &'static str,
}

/// Every modifier of the language, in its order.
pub const MODIFIERS: [App6Modifier; 3] = [
    // An arc open upward at the foot of the frame: the canopy of the
    // parachute, for parachute and glider troops alike.
    App6Modifier {
        modifier: Modifier::Airborne,
        name: "airborne",
        path: "M-0.5 0.38 Q0 0.86 0.5 0.38",
        filled: false,
        sector2: "01",
    },
    // A solid peak standing on the frame's foot.
    App6Modifier {
        modifier: Modifier::Mountain,
        name: "mountain",
        path: "M-0.3 0.8 L0 0.3 L0.3 0.8 Z",
        filled: true,
        sector2: "27",
    },
    // A short upright bar rising from the frame's foot.
    App6Modifier {
        modifier: Modifier::Motorised,
        name: "motorized",
        path: "M0 0.3 V0.8",
        filled: false,
        // Wheeled, where the branch has no motorised subtype of its own (see
        // `Icon::motorised`).
        sector2: "51",
    },
];

/// The table's row for a modifier.
pub fn app6(m: Modifier) -> Option<&'static App6Modifier> {
    MODIFIERS.iter().find(|x| x.modifier == m)
}

/// The `<symbol>` of every modifier (`#m-airborne`), for the map's `<defs>`.
pub(crate) fn symbols() -> String {
    MODIFIERS
        .iter()
        .map(|m| {
            let fill = if m.filled { "#111" } else { "none" };
            format!(
                "<symbol id=\"m-{}\" overflow=\"visible\"><path d=\"{}\" stroke=\"#111\" stroke-width=\"0.1\" fill=\"{fill}\"/></symbol>",
                m.modifier.keyword(),
                m.path
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modifier_of_the_language_has_one_mark() {
        for m in Modifier::ALL {
            assert_eq!(
                MODIFIERS.iter().filter(|x| x.modifier == *m).count(),
                1,
                "{m}"
            );
        }
        assert!(symbols().contains("<symbol id=\"m-airborne\""));
    }
}
