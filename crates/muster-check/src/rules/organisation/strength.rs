//! The comparison MC214 and MC215 share: the game's estimated strength of a unit
//! against the strength its scenario states for it (§3).

use crate::prelude::*;
use muster_model::strength;

/// One kind of count where game and history differ by more than a factor of two.
pub(crate) struct Gap {
    pub what: &'static str,
    pub game: u32,
    pub stated: u32,
}

/// Every unit with a stated strength, with the counts that are double or more
/// (`above`) or half or less (`!above`) the stated figure; a count of none stated
/// is never off.
pub(crate) fn gaps<'a>(
    cx: &Context<'a>,
    above: bool,
) -> Vec<(&'a Unit, &'a HistoricalStrength, Vec<Gap>)> {
    let mut out = Vec::new();
    for (i, u) in cx.model.units.iter().enumerate() {
        let Some(h) = &u.historical_strength else {
            continue;
        };
        let game = strength::unit(cx.model, UnitId(i));
        let gaps: Vec<Gap> = [
            ("men", game.men, h.men),
            ("vehicles", game.vehicles, h.vehicles),
            ("guns", game.guns, h.guns),
        ]
        .into_iter()
        .filter_map(|(what, game, stated)| {
            let stated = stated?;
            let (g, s) = (u64::from(game), u64::from(stated));
            let off = s > 0 && if above { g >= 2 * s } else { 2 * g <= s };
            off.then_some(Gap { what, game, stated })
        })
        .collect();
        if !gaps.is_empty() {
            out.push((u, h, gaps));
        }
    }
    out
}

/// `290 men against 120 stated`, joined.
pub(crate) fn words(gaps: &[Gap]) -> String {
    gaps.iter()
        .map(|g| format!("{} {} against {} stated", g.game, g.what, g.stated))
        .collect::<Vec<_>>()
        .join(", ")
}
