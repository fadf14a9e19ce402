//! The balance report as terminal text (`muster balance`): one table per
//! objective, a turn a row, each side's pieces and the ratio, then the stated
//! strengths beside the game's. Built from the JSON, as every output is.

use crate::json::balance::{Balance, Strength, Verdict};
use std::fmt::Write;

/// Pieces in a few characters: `24f 4s 1A 2o 3v 2g 1a` (figures with small arms,
/// support figures, enclosed AFVs, open-topped AFVs, soft vehicles, guns,
/// aircraft), only the classes present; `-` for nothing.
pub fn pieces(s: &Strength) -> String {
    let parts: Vec<String> = [
        (s.small_arms, "f"),
        (s.support, "s"),
        (s.afv_enclosed, "A"),
        (s.afv_open, "o"),
        (s.soft, "v"),
        (s.guns, "g"),
        (s.aircraft, "a"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, k)| format!("{n}{k}"))
    .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

/// The ratio as people write it: `3.5 : 1`.
pub fn ratio(r: f64) -> String {
    let r = (r * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0} : 1")
    } else {
        format!("{r:.1} : 1")
    }
}

/// What the ratio at an objective comes to, in words.
pub fn verdict(v: &Verdict, doctrine: f64) -> String {
    let d = ratio(doctrine);
    match v {
        Verdict::NeverReaches => "the attacker never reaches it".into(),
        Verdict::AtOnce => format!("the attacker has {d} at once"),
        Verdict::Reaches { turn } => format!("the attacker first has {d} in turn {turn}"),
        Verdict::Short { best } => format!("the attacker never has {d} (best {})", ratio(*best)),
        Verdict::Open => "no two sides to compare".into(),
    }
}

/// The report of one scenario for the terminal.
pub fn text(title: &str, b: &Balance) -> String {
    let mut out = String::new();
    let s = &b.settings;
    let _ = writeln!(out, "{title}: balance over {} turns", b.turns);
    let _ = writeln!(
        out,
        "assumed: metres a minute foot {}, wheeled {}, half-tracked {}, tracked {}; rough going x{}, difficult x{}; within {} m; doctrine {}; a model counts {} figures",
        s.foot, s.wheeled, s.half_tracked, s.tracked, s.rough, s.difficult, s.radius, ratio(s.ratio), s.model_weight
    );
    let _ = writeln!(
        out,
        "pieces: f figures with small arms, s support figures, A armoured enclosed, o armoured open-topped, v soft vehicles, g guns, a aircraft"
    );
    if b.objectives.is_empty() {
        let _ = writeln!(
            out,
            "\nNo victory condition names a place, area or crossing."
        );
    }
    for o in &b.objectives {
        let name = o.display.as_deref().unwrap_or(&o.id);
        let by = o
            .by_turn
            .map_or(String::new(), |t| format!(", by turn {t}"));
        let _ = writeln!(out, "\n{name} (`{}`){by}", o.id);
        if let (Some(a), Some(d)) = (&o.attacker, &o.defender) {
            let _ = writeln!(
                out,
                "  {a} attacks, {d} defends: {}",
                verdict(&o.verdict, s.ratio)
            );
        }
        let width = 18;
        let _ = write!(out, "  turn");
        for side in &o.sides {
            let _ = write!(out, "  {:<width$}", side.side);
        }
        let _ = writeln!(out, "  ratio  arrivals");
        for t in 0..b.turns as usize {
            let _ = write!(out, "  {:>4}", t + 1);
            for side in &o.sides {
                let cell = side.turns.get(t).map(pieces).unwrap_or_default();
                let _ = write!(out, "  {cell:<width$}");
            }
            let r = match o.ratios.get(t) {
                Some(Some(r)) => ratio(*r),
                Some(None) => "-".into(),
                None => String::new(),
            };
            let arrivals: Vec<&str> = o
                .arrivals
                .iter()
                .filter(|a| a.turn as usize == t + 1)
                .map(|a| a.unit.as_str())
                .collect();
            let _ = writeln!(out, "  {r:<5}  {}", arrivals.join(", ")).map(|_| ());
        }
    }
    if !b.historical.is_empty() {
        let _ = writeln!(
            out,
            "\nStated strength beside the game's (units with a historical-strength)"
        );
        for h in &b.historical {
            let mut parts = Vec::new();
            for (what, stated, game) in [
                ("men", h.stated.men, h.game.men),
                ("vehicles", h.stated.vehicles, h.game.vehicles),
                ("guns", h.stated.guns, h.game.guns),
            ] {
                if stated > 0 || game > 0 {
                    parts.push(format!("{what} {stated} stated, {game} in the game"));
                }
            }
            let _ = writeln!(
                out,
                "  {}: {} ({})",
                h.side,
                parts.join("; "),
                h.units.join(", ")
            );
        }
    }
    // trailing spaces of padded cells say nothing
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}
