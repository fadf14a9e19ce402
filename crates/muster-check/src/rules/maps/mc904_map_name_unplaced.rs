//! MC904 map-name-unplaced: a feature's name or a unit's symbol found no room on a map.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC904,
    summary: "a name or unit symbol found no room on a printed map",
    explanation: "Every name on a sheet's map stands at its feature, or at the end of a short \
leader line, or as a number at the feature resolved under the map. Where even the number \
finds no free spot (features crowded on one point, a long name in a small window), the name \
is given only in the list under the map, and a unit symbol with no free spot near its \
elements likewise. This note names each such feature and the maps it happened on, so that \
nothing is left off a map silently: a shorter display name, or features set further apart, \
gives it room.",
    failing: r#"map {
  place p1 "The crossroads by the old mill" at (1000,1000)
  place p2 "The farm of the widow Leclerc" at (1000,1000)
  place p3 "The chapel of Saint Martin" at (1000,1000)
  place p4 "The orchard behind the chapel" at (1000,1000) //~ MC904
  place p5 "The well of the old village" at (1000,1000) //~ MC904
  place p6 "The barn with the red roof" at (1000,1000) //~ MC904
  place p7 "The smithy of the Durand family" at (1000,1000) //~ MC904
  place p8 "The lane to the water meadows" at (1000,1000) //~ MC904
  place p9 "The stone cross at the corner" at (1000,1000) //~ MC904
  place p10 "The gate of the manor farm" at (1000,1000) //~ MC904
  place p11 "The pond by the manor farm" at (1000,1000) //~ MC904
  place p12 "The lime kiln beyond the pond" at (1000,1000) //~ MC904
}
"#,
    fixed: r#"map {
  place p1 "The crossroads by the old mill" at (1000,1000)
  place p2 "The farm of the widow Leclerc" at (400,400)
  place p3 "The chapel of Saint Martin" at (1600,1600)
}
"#,
};

/// Reported by `muster build` as it draws the maps (`muster-render`).
pub(crate) const CHECK: Option<CheckFn> = None;
