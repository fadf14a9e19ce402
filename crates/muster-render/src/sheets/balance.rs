//! The umpire's balance page: per objective of the victory conditions, a small
//! chart of each side's strength within reach turn by turn (arrivals marked,
//! the doctrinal ratio drawn over the defender), and its table. Built from the
//! `balance` of the scenario JSON, which only the umpire's view carries: the
//! page counts the enemy, so no side's sheet shows it.

use serde::Serialize;
use std::fmt::Write as _;

use crate::balance::{pieces, ratio, verdict};
use crate::json::balance::{Balance, Objective};
use crate::json::ScenarioJson;

/// The chart's drawing area, in its own units (the SVG scales to the column).
const W: f64 = 600.0;
const H: f64 = 170.0;
/// Margins: left for the strength axis, bottom for the turns.
const LEFT: f64 = 54.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 48.0;

/// How each side is drawn, in side order: ink and dash pattern, so the chart
/// reads in black and white.
const STROKES: [(&str, &str); 4] = [
    ("#111", ""),
    ("#666", "8 4"),
    ("#111", "2 3"),
    ("#666", "12 3 2 3"),
];

/// The page: the assumptions, then one chart and table per objective.
#[derive(Debug, Clone, Serialize)]
pub struct BalanceView {
    /// The assumptions measured with, in one sentence.
    pub assumed: String,
    pub objectives: Vec<ObjectiveView>,
    /// Per side, the stated strength beside the game's, in words.
    pub historical: Vec<String>,
}

/// One objective.
#[derive(Debug, Clone, Serialize)]
pub struct ObjectiveView {
    pub id: String,
    pub name: String,
    /// `by turn 12`, or empty.
    pub by_turn: String,
    /// Who attacks and how the ratio comes out, in words; empty when open.
    pub verdict: String,
    /// The chart, an SVG element.
    pub svg: String,
    /// The key's words for the faint dotted line (`3 × the defender: the
    /// doctrinal ratio`), empty when the chart leaves it out.
    pub doctrine: String,
    /// Whether the chart marks any arrival (the key shows the triangle).
    pub marks_arrivals: bool,
    /// How each side is drawn, for the key: side name, ink, dash.
    pub key: Vec<KeyEntry>,
    /// The side names heading the table's columns.
    pub sides: Vec<String>,
    /// The turns where something changes, and the first and last.
    pub rows: Vec<Row>,
}

/// One side in the chart's key.
#[derive(Debug, Clone, Serialize)]
pub struct KeyEntry {
    pub side: String,
    pub ink: String,
    pub dash: String,
}

/// One turn of an objective's table.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub turn: u32,
    /// Per side: the weight and the pieces (`12 (8f 1A)`).
    pub cells: Vec<String>,
    pub ratio: String,
    pub arrivals: String,
}

/// The balance page of the umpire's view; `None` on a side's view (which has
/// no balance) or when no victory condition names a place.
pub fn balance_view(s: &ScenarioJson) -> Option<BalanceView> {
    let b = s.balance.as_ref()?;
    if b.objectives.is_empty() {
        return None;
    }
    let side_name = |id: &str| {
        s.side(id)
            .and_then(|x| x.display.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let st = &b.settings;
    let assumed = format!(
        "Assumed rates, metres a minute on clear ground: foot {}, wheeled {}, half-tracked {}, tracked {}; rough going keeps {} of it, difficult {}. Within {} m counts as at the objective; doctrine {}; an armoured vehicle, gun or aircraft model counts {} figures. The reference has no movement table: these are the pack's assumptions (docs/balance.md).",
        st.foot, st.wheeled, st.half_tracked, st.tracked, st.rough, st.difficult, st.radius, ratio(st.ratio), st.model_weight
    );
    let objectives = b
        .objectives
        .iter()
        .map(|o| objective_view(s, b, o, &side_name))
        .collect();
    let historical = b
        .historical
        .iter()
        .map(|h| {
            let parts: Vec<String> = [
                ("men", h.stated.men, h.game.men),
                ("vehicles", h.stated.vehicles, h.game.vehicles),
                ("guns", h.stated.guns, h.game.guns),
            ]
            .iter()
            .filter(|(_, a, g)| *a > 0 || *g > 0)
            .map(|(w, a, g)| format!("{w} {a} stated, {g} in the game"))
            .collect();
            format!("{}: {}", side_name(&h.side), parts.join("; "))
        })
        .collect();
    Some(BalanceView {
        assumed,
        objectives,
        historical,
    })
}

fn objective_view(
    s: &ScenarioJson,
    b: &Balance,
    o: &Objective,
    side_name: &dyn Fn(&str) -> String,
) -> ObjectiveView {
    let turns = b.turns as usize;
    let verdict = match (&o.attacker, &o.defender) {
        (Some(a), Some(d)) => format!(
            "{} attacks, {} defends: {}.",
            side_name(a),
            side_name(d),
            verdict(&o.verdict, b.settings.ratio)
        ),
        _ => String::new(),
    };
    let key = o
        .sides
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (ink, dash) = STROKES[i % STROKES.len()];
            KeyEntry {
                side: side_name(&t.side),
                ink: ink.into(),
                dash: dash.into(),
            }
        })
        .collect();
    let mut rows = Vec::new();
    for t in 0..turns {
        let turn = t as u32 + 1;
        let arrivals: Vec<String> = o
            .arrivals
            .iter()
            .filter(|a| a.turn == turn)
            .map(|a| unit_name(s, &a.unit))
            .collect();
        let changed = t == 0
            || t + 1 == turns
            || !arrivals.is_empty()
            || o.sides
                .iter()
                .any(|x| x.weights.get(t) != x.weights.get(t - 1));
        if !changed {
            continue;
        }
        rows.push(Row {
            turn,
            cells: o
                .sides
                .iter()
                .map(|x| match (x.weights.get(t), x.turns.get(t)) {
                    (Some(w), Some(p)) if *w > 0.0 => format!("{} ({})", number(*w), pieces(p)),
                    _ => "–".into(),
                })
                .collect(),
            ratio: match o.ratios.get(t) {
                Some(Some(r)) => ratio(*r),
                _ => "–".into(),
            },
            arrivals: arrivals.join(", "),
        });
    }
    let (svg, doctrine_drawn) = chart(s, b, o, side_name);
    let doctrine = match (&o.defender, doctrine_drawn) {
        (Some(d), true) => format!(
            "{} × {}: the doctrinal ratio",
            number(b.settings.ratio),
            side_name(d)
        ),
        _ => String::new(),
    };
    ObjectiveView {
        id: o.id.clone(),
        name: o.display.clone().unwrap_or_else(|| o.id.clone()),
        by_turn: o.by_turn.map_or(String::new(), |t| format!("by turn {t}")),
        verdict,
        svg,
        doctrine,
        marks_arrivals: o.arrivals.iter().any(|a| a.turn >= 1 && a.turn <= b.turns),
        key,
        sides: o.sides.iter().map(|x| side_name(&x.side)).collect(),
        rows,
    }
}

/// An arriving unit by the name its arrival gives it.
fn unit_name(s: &ScenarioJson, id: &str) -> String {
    s.arrivals
        .iter()
        .find(|a| a.unit.id == id)
        .and_then(|a| a.unit.display.clone())
        .unwrap_or_else(|| id.to_string())
}

/// The clock time each turn starts at (`00:16`), one a turn; empty without a
/// start time.
fn turn_clocks(s: &ScenarioJson, turns: u32) -> Vec<String> {
    let Some(start) = s.header.start.as_deref().and_then(|c| {
        let (h, m) = c.split_once(':')?;
        Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)
    }) else {
        return Vec::new();
    };
    let len = s.header.turn_minutes.round().max(1.0) as u32;
    (0..turns)
        .map(|t| crate::json::common::clock((start + t * len) % 1440))
        .collect()
}

/// A weight as people read it: `12`, `12.5`.
fn number(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// Text for SVG: `&`, `<`, `>` and quotes escaped.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Round tops for the strength axis, times a power of ten, with the number of
/// grid steps each divides into evenly.
const TOPS: [(f64, u32); 8] = [
    (1.0, 5),
    (2.0, 4),
    (3.0, 3),
    (4.0, 4),
    (5.0, 5),
    (6.0, 6),
    (8.0, 4),
    (10.0, 5),
];

/// A round top for the strength axis just above the largest value, and its
/// grid steps: 60 in six, 80 in four, 100 in five.
fn nice_top(max: f64) -> (f64, u32) {
    if max <= 0.0 {
        return (10.0, 5);
    }
    let p = 10f64.powf(max.log10().floor());
    TOPS.iter()
        .map(|(m, n)| (m * p, *n))
        .find(|(v, _)| *v >= max)
        .unwrap_or((10.0 * p, 5))
}

/// The chart of one objective: each side's strength within reach as a step
/// line over the turns, a triangle under the line where an arrival adds to it,
/// the deadline and the doctrinal ratio over the defender drawn faintly (where
/// it fits beside the forces: the second value says whether it was drawn).
fn chart(
    s: &ScenarioJson,
    b: &Balance,
    o: &Objective,
    side_name: &dyn Fn(&str) -> String,
) -> (String, bool) {
    let turns = b.turns.max(1) as f64;
    let max = o
        .sides
        .iter()
        .flat_map(|x| x.weights.iter().copied())
        .fold(0.0_f64, f64::max);
    let defender = o
        .defender
        .as_ref()
        .and_then(|d| o.sides.iter().find(|x| &x.side == d));
    let threshold: Vec<f64> = defender
        .map(|d| d.weights.iter().map(|w| w * b.settings.ratio).collect())
        .unwrap_or_default();
    // The scale is the forces'; the doctrinal line is drawn where it falls
    // within it (clipped to the plot), so a defender far beyond the attacker's
    // reach does not squash both forces into the foot of the chart.
    let (top_value, grid) = nice_top(max);
    let show_threshold =
        o.attacker.is_some() && threshold.iter().any(|t| *t > 0.0 && *t <= top_value);
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    // turn t (1-based) spans [x(t-1), x(t)]
    let x = |t: f64| LEFT + pw * t / turns;
    let y = |v: f64| TOP + ph * (1.0 - v / top_value);
    let mut svg = String::new();
    let label = format!(
        "Strength within reach of {} by turn",
        esc(o.display.as_deref().unwrap_or(&o.id))
    );
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="balance-chart" viewBox="0 0 {W} {H}" role="img" aria-label="{label}" font-family="sans-serif" font-size="13">"##
    );
    axes(&mut svg, s, b.turns, (top_value, grid), &x, &y);
    // the deadline
    if let Some(by) = o.by_turn.filter(|t| *t <= b.turns) {
        let xx = x(f64::from(by));
        let _ = write!(
            svg,
            r##"<line x1="{xx:.1}" y1="{TOP}" x2="{xx:.1}" y2="{:.1}" stroke="#999" stroke-width="1" stroke-dasharray="1 2"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">by turn {by}</text>"##,
            y(0.0),
            xx - 3.0,
            TOP + 10.0
        );
    }
    // the doctrinal ratio over the defender
    if show_threshold {
        let d = steps(&threshold, &x, &y);
        let clip: String = format!("balance-clip-{}", o.id)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let _ = write!(
            svg,
            r##"<clipPath id="{clip}"><rect x="{LEFT}" y="{TOP}" width="{pw:.1}" height="{ph:.1}"/></clipPath><path d="{d}" fill="none" stroke="#888" stroke-width="1.5" stroke-dasharray="1 3" clip-path="url(#{clip})"><title>{} times the defender</title></path>"##,
            number(b.settings.ratio)
        );
    }
    series(&mut svg, s, b.turns, o, side_name, &x, &y);
    svg.push_str("</svg>");
    (svg, show_threshold)
}

/// The chart's grid and strength figures, the turns and their clock times
/// under them, and both axes with their names.
fn axes(
    svg: &mut String,
    s: &ScenarioJson,
    game_turns: u32,
    (top_value, grid): (f64, u32),
    x: &dyn Fn(f64) -> f64,
    y: &dyn Fn(f64) -> f64,
) {
    let turns = game_turns.max(1) as f64;
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    // axes and grid
    for i in 0..=grid {
        let v = top_value * f64::from(i) / f64::from(grid);
        let yy = y(v);
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ccc" stroke-width="0.6"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            W - RIGHT,
            LEFT - 4.0,
            yy + 4.0,
            number(v)
        );
    }
    // turn numbers under the turns, and the clock time each starts at
    let clocks = turn_clocks(s, game_turns);
    let step = ((turns / 12.0).ceil() as u32).max(1);
    let mut t = 1;
    while t <= game_turns.max(1) {
        let xx = (x(f64::from(t) - 1.0) + x(f64::from(t))) / 2.0;
        let _ = write!(
            svg,
            r##"<text x="{xx:.1}" y="{:.1}" text-anchor="middle">{t}</text>"##,
            H - BOTTOM + 14.0
        );
        if let Some(c) = clocks.get(t as usize - 1) {
            let _ = write!(
                svg,
                r##"<text x="{xx:.1}" y="{:.1}" text-anchor="middle" fill="#444">{c}</text>"##,
                H - BOTTOM + 28.0
            );
        }
        t += step;
    }
    let axis = if clocks.is_empty() {
        "turn"
    } else {
        "turn (clock time at its start)"
    };
    let _ = write!(
        svg,
        r##"<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#111" stroke-width="1"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.1}" stroke="#111" stroke-width="1"/><text x="{:.1}" y="{:.1}" text-anchor="middle">{axis}</text><text transform="translate(12 {:.1}) rotate(-90)" text-anchor="middle">strength</text>"##,
        y(0.0),
        W - RIGHT,
        y(0.0),
        y(0.0),
        LEFT + pw / 2.0,
        H - 4.0,
        TOP + ph / 2.0
    );
}

/// Each side's step line, and a triangle under it at each turn an arrival of
/// that side adds to it.
fn series(
    svg: &mut String,
    s: &ScenarioJson,
    game_turns: u32,
    o: &Objective,
    side_name: &dyn Fn(&str) -> String,
    x: &dyn Fn(f64) -> f64,
    y: &dyn Fn(f64) -> f64,
) {
    for (i, side) in o.sides.iter().enumerate() {
        let (ink, dash) = STROKES[i % STROKES.len()];
        let d = steps(&side.weights, &x, &y);
        let dash_attr = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = write!(
            svg,
            r##"<path d="{d}" fill="none" stroke="{ink}" stroke-width="2"{dash_attr}><title>{}</title></path>"##,
            esc(&side_name(&side.side))
        );
        // arrivals of this side: a triangle under its line at the turn
        let mut marked: Vec<u32> = o
            .arrivals
            .iter()
            .filter(|a| a.side == side.side && a.turn >= 1 && a.turn <= game_turns)
            .map(|a| a.turn)
            .collect();
        marked.sort_unstable();
        marked.dedup();
        for turn in marked {
            let units: Vec<String> = o
                .arrivals
                .iter()
                .filter(|a| a.side == side.side && a.turn == turn)
                .map(|a| unit_name(s, &a.unit))
                .collect();
            let w = side.weights.get(turn as usize - 1).copied().unwrap_or(0.0);
            let cx = x(f64::from(turn) - 1.0);
            let cy = y(w);
            let _ = write!(
                svg,
                r##"<path d="M{:.1},{:.1} l5,9 h-10 z" fill="{ink}"><title>turn {turn}: {} arrive</title></path>"##,
                cx,
                cy + 2.0,
                esc(&units.join(", "))
            );
        }
    }
}

/// A step line through one value a turn.
fn steps(values: &[f64], x: &dyn Fn(f64) -> f64, y: &dyn Fn(f64) -> f64) -> String {
    let mut d = String::new();
    for (i, v) in values.iter().enumerate() {
        let (x0, x1, yy) = (x(i as f64), x(i as f64 + 1.0), y(*v));
        let _ = if i == 0 {
            write!(d, "M{x0:.1},{yy:.1}H{x1:.1}")
        } else {
            write!(d, "V{yy:.1}H{x1:.1}")
        };
    }
    d
}

#[cfg(test)]
mod tests {
    use super::nice_top;

    #[test]
    fn the_strength_axis_tops_out_at_a_round_number_above_the_largest() {
        assert_eq!(nice_top(0.0), (10.0, 5));
        assert_eq!(nice_top(7.0), (8.0, 4));
        assert_eq!(nice_top(12.0), (20.0, 4));
        assert_eq!(nice_top(48.0), (50.0, 5));
        assert_eq!(nice_top(54.0), (60.0, 6));
        assert_eq!(nice_top(81.0), (100.0, 5));
    }
}
