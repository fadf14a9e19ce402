//! The balance report: for every objective a victory condition names, each
//! side's strength within reach of it turn by turn, and the attacker-to-defender
//! ratio there. A derived fact of the model and its analysis (arrivals, order
//! latency §66 §78, hot or cold start §24); the outputs and the checks read it.
//!
//! Reach is the straight way at the pack's `[balance]` rate for the element's
//! mover, slowed by the worst going it crosses; an element starts moving in the
//! turn it can act on an order from the top of its side (the latency table) or
//! in the turn it arrives. Each element is measured once against each objective,
//! so the work grows with elements times objectives.

mod settings;

pub use settings::BalanceSettings;

use crate::analysis::Analysis;
use crate::model::*;
use muster_rules::terrain::{mover_of, MoveGrade, Mover};
use muster_rules::troops::Troop;
use muster_rules::vocab::FootType;
use serde::Serialize;

/// What an element puts into a fight, by class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, schemars::JsonSchema)]
pub struct Strength {
    /// Figures with rifles, sub-machine guns or an LMG section.
    pub small_arms: u32,
    /// Figures of support weapon and specialist teams.
    pub support: u32,
    /// Models of armoured, enclosed vehicles.
    pub afv_enclosed: u32,
    /// Models of armoured, open-topped vehicles.
    pub afv_open: u32,
    /// Models of soft-skinned vehicles.
    pub soft: u32,
    /// Models of guns.
    pub guns: u32,
    /// Models of aircraft.
    pub aircraft: u32,
}

impl Strength {
    /// One element's pieces by class (command figures carry no weapons and
    /// ships fight no battle on land: neither counts).
    pub fn of(e: &Element) -> Strength {
        let p = crate::strength::pieces(e);
        let mut s = Strength::default();
        match &e.kind {
            Some(Troop::Foot { ty, .. }) => match ty {
                FootType::Command => {}
                FootType::LightSupport | FootType::HeavySupport | FootType::Specialist => {
                    s.support = p.figures
                }
                _ => s.small_arms = p.figures,
            },
            Some(Troop::Vehicle(v)) => match (v.armoured, v.open_topped) {
                (true, false) => s.afv_enclosed = p.models,
                (true, true) => s.afv_open = p.models,
                (false, _) => s.soft = p.models,
            },
            Some(Troop::Artillery { .. }) => s.guns = p.models,
            Some(Troop::Aircraft { .. }) => s.aircraft = p.models,
            Some(Troop::Ship { .. }) | None => {}
        }
        s
    }

    /// The one number a ratio compares: figures, soft vehicles as one figure,
    /// armoured vehicles, guns and aircraft at the pack's model weight.
    pub fn weight(&self, s: &BalanceSettings) -> f64 {
        let heavy = self.afv_enclosed + self.afv_open + self.guns + self.aircraft;
        f64::from(self.small_arms + self.support + self.soft) + f64::from(heavy) * s.model_weight
    }

    fn add(&mut self, o: &Strength) {
        self.small_arms = self.small_arms.saturating_add(o.small_arms);
        self.support = self.support.saturating_add(o.support);
        self.afv_enclosed = self.afv_enclosed.saturating_add(o.afv_enclosed);
        self.afv_open = self.afv_open.saturating_add(o.afv_open);
        self.soft = self.soft.saturating_add(o.soft);
        self.guns = self.guns.saturating_add(o.guns);
        self.aircraft = self.aircraft.saturating_add(o.aircraft);
    }

    /// Nothing at all.
    pub fn is_empty(&self) -> bool {
        *self == Strength::default()
    }
}

/// One element reaching one objective.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reach {
    pub element: ElementId,
    pub side: SideId,
    /// The first turn it is within the objective's radius.
    pub turn: u32,
    /// The arrival that brings it on, when it is not on the table at the start.
    pub arrival: Option<usize>,
}

/// One side's strength at an objective, turn by turn (index 0 is turn 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideTurns {
    pub side: SideId,
    pub turns: Vec<Strength>,
}

/// What the ratio at an objective comes to over the game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Verdict {
    /// The attacker has nothing within reach in any turn.
    NeverReaches,
    /// The attacker has the doctrinal ratio in turn 1.
    AtOnce,
    /// The attacker first has the doctrinal ratio in this turn.
    Reaches {
        /// The first turn with the doctrinal ratio.
        turn: u32,
    },
    /// The attacker reaches the objective but never with the ratio; its best.
    Short {
        /// The best ratio it has in any turn.
        best: f64,
    },
    /// No attacker and defender to compare (not two sides, or nobody near).
    Open,
}

/// A place, area or crossing a victory condition names, and who can reach it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Objective {
    pub target: Target,
    /// Its id as written.
    pub name: String,
    pub at: Pos,
    /// The victories (indices into `Model::victories`) whose conditions name it.
    pub victories: Vec<usize>,
    /// The earliest `by turn N` of those conditions, if any.
    pub by: Option<u32>,
    /// Every element that reaches it within the game, by turn then model order.
    pub reach: Vec<Reach>,
    /// Each side's strength within reach, per turn, sides in model order.
    pub sides: Vec<SideTurns>,
    /// The side whose orders do not attack the objective when only the other's
    /// do; else the side with more strength there in turn 1 (the first side in
    /// model order when equal). The other of two sides attacks.
    pub defender: Option<SideId>,
    pub attacker: Option<SideId>,
    /// Attacker : defender weight per turn; `None` where the defender has nothing.
    pub ratios: Vec<Option<f64>>,
    pub verdict: Verdict,
    /// Arrivals (indices into `Model::arrivals`) that bring on an element that
    /// reaches it, with their turn.
    pub arrivals: Vec<(usize, u32)>,
}

/// A side's game strength beside the strength the scenario states for the
/// units that carry a `historical-strength`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Historical {
    pub side: SideId,
    /// The units with a stated strength.
    pub units: Vec<UnitId>,
    pub stated: crate::strength::Estimate,
    pub game: crate::strength::Estimate,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Balance {
    pub settings: BalanceSettings,
    /// Turns in the game (the report covers 1..=turns).
    pub turns: u32,
    pub objectives: Vec<Objective>,
    pub historical: Vec<Historical>,
}

/// Where and when an element comes into play.
#[derive(Debug, Clone, Copy)]
struct Start {
    at: StartAt,
    /// The turn it is first on the table.
    present: u32,
    /// The first turn it can move.
    moves: u32,
    arrival: Option<usize>,
}

#[derive(Debug, Clone, Copy)]
enum StartAt {
    Point(Pos),
    /// A table edge with no point given: it enters where the edge is nearest.
    Edge(muster_rules::vocab::Edge),
}

/// The balance report of a resolved and analysed scenario, measured with the
/// model's `[balance]` settings.
pub fn report(model: &Model, analysis: &Analysis) -> Balance {
    let settings = model.balance;
    let turns = model.header.as_ref().and_then(|h| h.turns).unwrap_or(0);
    let starts = starts(model, analysis);
    let mut objectives = objectives(model);
    for o in &mut objectives {
        measure(model, &settings, turns, &starts, o);
    }
    Balance {
        settings,
        turns,
        objectives,
        historical: historical(model),
    }
}

/// The objectives in the order the victories first name them.
fn objectives(model: &Model) -> Vec<Objective> {
    let mut out: Vec<Objective> = Vec::new();
    for (vi, v) in model.victories.iter().enumerate() {
        for c in &v.conditions {
            let (target, by) = match c {
                Condition::Holds { target, by, .. } => (target, *by),
                Condition::Exits { at, .. } => (at, None),
                _ => continue,
            };
            let Some(t) = target.target else { continue };
            let Some(at) = position(model, t) else {
                continue;
            };
            let o = match out.iter_mut().position(|o| o.target == t) {
                Some(i) => &mut out[i],
                None => {
                    out.push(Objective {
                        target: t,
                        name: target.name.id.clone(),
                        at,
                        victories: Vec::new(),
                        by: None,
                        reach: Vec::new(),
                        sides: Vec::new(),
                        defender: None,
                        attacker: None,
                        ratios: Vec::new(),
                        verdict: Verdict::Open,
                        arrivals: Vec::new(),
                    });
                    let last = out.len() - 1;
                    &mut out[last]
                }
            };
            if !o.victories.contains(&vi) {
                o.victories.push(vi);
            }
            o.by = match (o.by, by) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    out
}

/// Where an objective stands: a place's point (or the middle of its stretch of
/// edge), a crossing, the middle of an area's outline.
fn position(model: &Model, t: Target) -> Option<Pos> {
    match t {
        Target::Place(i) => {
            let p = model.places.get(i.0)?;
            match (&p.stretch, p.at) {
                (Some(s), _) => Some(crate::geometry::lerp(s.from, s.to, 0.5)),
                (None, PlaceAt::Point(q)) => Some(q),
                (None, PlaceAt::Edge(_)) => None,
            }
        }
        Target::Crossing(i) => Some(model.crossings.get(i.0)?.at),
        Target::Area(i) => crate::geometry::mean_point(&model.areas.get(i.0)?.outline),
        Target::Element(i) => model.elements.get(i.0)?.pos,
        _ => None,
    }
}

/// Each element's start, same index as `Model::elements`; `None` for an element
/// that never comes on.
fn starts(model: &Model, analysis: &Analysis) -> Vec<Option<Start>> {
    // the arrival of each unit, by the turn it falls in
    let mut arrival_of: Vec<Option<(usize, u32)>> = vec![None; model.units.len()];
    for (k, a) in model.arrivals.iter().enumerate() {
        let (Some(Target::Unit(u)), Some(turn)) = (a.unit.target, turn_of(model, a.when)) else {
            continue;
        };
        if let Some(slot) = arrival_of.get_mut(u.0) {
            slot.get_or_insert((k, turn));
        }
    }
    // the turn each unit can act on an order from the top of its side
    let mut acts: Vec<u32> = vec![1; model.units.len()];
    let mut links: Vec<Option<u32>> = vec![None; model.units.len()];
    for r in &analysis.latency {
        let hot = analysis.situations.get(r.unit.0).is_some_and(|s| s.hot);
        if links[r.unit.0].is_none_or(|l| r.links > l) {
            links[r.unit.0] = Some(r.links);
            acts[r.unit.0] = if hot { r.hot_turn } else { r.cold_turn };
        }
    }
    model
        .elements
        .iter()
        .map(|e| {
            // the nearest arrival of the element's unit or a unit above it
            let mut at = Some(e.unit);
            let mut arrival = None;
            for _ in 0..model.units.len() {
                let Some(u) = at else { break };
                if let Some(a) = arrival_of.get(u.0).copied().flatten() {
                    arrival = Some(a);
                    break;
                }
                at = model.units.get(u.0).and_then(|u| u.parent);
            }
            match arrival {
                Some((k, turn)) => {
                    let a = &model.arrivals[k];
                    let place = match a.at.target {
                        Some(Target::Place(p)) => model.places.get(p.0),
                        _ => None,
                    };
                    let at = match (e.pos, place) {
                        (Some(p), _) => StartAt::Point(p),
                        (None, Some(pl)) => match (&pl.stretch, pl.at) {
                            (Some(s), _) => {
                                StartAt::Point(crate::geometry::lerp(s.from, s.to, 0.5))
                            }
                            (None, PlaceAt::Point(q)) => StartAt::Point(q),
                            (None, PlaceAt::Edge(edge)) => StartAt::Edge(edge),
                        },
                        (None, None) => return None,
                    };
                    let turn = turn.max(1);
                    Some(Start {
                        at,
                        present: turn,
                        moves: turn,
                        arrival: Some(k),
                    })
                }
                None => Some(Start {
                    at: StartAt::Point(e.pos?),
                    present: 1,
                    moves: acts.get(e.unit.0).copied().unwrap_or(1),
                    arrival: None,
                }),
            }
        })
        .collect()
}

/// The turn a moment falls in, counting the first turn as 1.
fn turn_of(model: &Model, when: When) -> Option<u32> {
    match when {
        When::Turn(n, _) => Some(n),
        When::Clock(m, _) => {
            let h = model.header.as_ref()?;
            let t = muster_rules::scale::turn_of_clock(h.start_minutes?, m, h.turn_minutes);
            u32::try_from(t).ok()
        }
    }
}

/// The mover an element moves as: its own, or that of the vehicle it rides;
/// and whether it comes afloat: carried by a boat or landing craft, which has
/// no mover on land, it crosses water in the craft and goes on at its own pace.
fn mover(model: &Model, e: &Element) -> Option<(Mover, bool)> {
    let carrier = [&e.embussed_in, &e.riding_on]
        .into_iter()
        .flatten()
        .find_map(|r| match r.target {
            Some(Target::Element(v)) => model.elements.get(v.0)?.kind.as_ref(),
            _ => None,
        });
    match carrier {
        Some(Troop::Ship { .. }) => e.kind.as_ref().and_then(mover_of).map(|m| (m, true)),
        Some(c) => mover_of(c).map(|m| (m, false)),
        None => e.kind.as_ref().and_then(mover_of).map(|m| (m, false)),
    }
}

/// Whether a map item is open water a craft carries its passengers over.
fn is_water(f: crate::ground::Feature<'_>) -> bool {
    match f {
        crate::ground::Feature::Area(a) => {
            matches!(
                a.kind,
                muster_rules::vocab::TerrainKind::Water | muster_rules::vocab::TerrainKind::Lake
            )
        }
        crate::ground::Feature::Line(l) => matches!(l.kind, muster_rules::vocab::LineKind::River),
    }
}

/// The first turn `e` is within the radius of `goal`, if it is within the game.
fn reach_turn(
    model: &Model,
    s: &BalanceSettings,
    turns: u32,
    e: &Element,
    start: &Start,
    goal: Pos,
) -> Option<u32> {
    let from = match start.at {
        StartAt::Point(p) => p,
        StartAt::Edge(edge) => {
            let (w, d) = model.header.as_ref()?.table?;
            use muster_rules::vocab::Edge;
            match edge {
                Edge::West => Pos { x: 0.0, y: goal.y },
                Edge::East => Pos { x: w, y: goal.y },
                Edge::South => Pos { x: goal.x, y: 0.0 },
                Edge::North => Pos { x: goal.x, y: d },
            }
        }
    };
    crate::work::geometry();
    let distance = from.distance(goal);
    let turn = if distance <= s.radius {
        start.present
    } else if matches!(e.kind, Some(Troop::Aircraft { .. })) {
        // an aircraft is over any point of the table in the turn it flies
        start.moves
    } else {
        let (mover, afloat) = mover(model, e)?;
        let (distance, share) = way(model, s, mover, afloat, from, goal)?;
        let rate = match mover {
            Mover::Foot => s.foot,
            Mover::Wheeled => s.wheeled,
            Mover::HalfTracked => s.half_tracked,
            Mover::Tracked | Mover::Vehicles => s.tracked,
        };
        let minutes = model.header.as_ref().map_or(0.0, |h| h.turn_minutes);
        let per_turn = rate * minutes;
        if per_turn <= 0.0 {
            return None;
        }
        // the going slows the whole way: a share of the rate is a longer way
        let moves = ((distance / share - s.radius) / per_turn).ceil();
        if moves > f64::from(turns) {
            return None;
        }
        start.moves.saturating_add(moves as u32).saturating_sub(1)
    };
    (turn <= turns).then_some(turn.max(start.present))
}

/// The worst going on the straight way from `a` to `b` for `mover`, or the
/// first item that blocks it (impassable, and no crossing over it on the way).
fn going<'m>(
    model: &'m Model,
    mover: Mover,
    afloat: bool,
    a: Pos,
    b: Pos,
) -> Result<MoveGrade, crate::ground::Feature<'m>> {
    let mut worst = MoveGrade::Clear;
    for (g, f) in crate::ground::along(model, a, b, mover) {
        if afloat && is_water(f) {
            // the craft carries it over
            continue;
        }
        if g == MoveGrade::Impassable {
            if !crate::ground::crossed_between(model, f, a, b) {
                return Err(f);
            }
        } else {
            worst = worst.max(g);
        }
    }
    Ok(worst)
}

/// The share of the clear-ground rate a grade keeps; `None` for impassable.
fn share(s: &BalanceSettings, g: MoveGrade) -> Option<f64> {
    match g {
        MoveGrade::Clear => Some(1.0),
        MoveGrade::Rough => Some(s.rough),
        MoveGrade::Difficult => Some(s.difficult),
        MoveGrade::Impassable => None,
    }
}

/// The way from `a` to `b`: its length and the share of the rate its worst
/// going keeps. Straight, or, where water or the like blocks it, by whichever
/// crossing over the blocking item is quickest (one detour, not a route search).
fn way(
    model: &Model,
    s: &BalanceSettings,
    mover: Mover,
    afloat: bool,
    a: Pos,
    b: Pos,
) -> Option<(f64, f64)> {
    let blocked = match going(model, mover, afloat, a, b) {
        Ok(g) => return Some((a.distance(b), share(s, g)?)),
        Err(f) => f,
    };
    crate::ground::crossings_over(model, blocked)
        .filter_map(|c| {
            let g = going(model, mover, afloat, a, c.at)
                .ok()?
                .max(going(model, mover, afloat, c.at, b).ok()?);
            Some((a.distance(c.at) + c.at.distance(b), share(s, g)?))
        })
        .min_by(|x, y| (x.0 / x.1).total_cmp(&(y.0 / y.1)))
}

/// Fills an objective's reach, strengths, ratios and verdict.
fn measure(
    model: &Model,
    s: &BalanceSettings,
    turns: u32,
    starts: &[Option<Start>],
    o: &mut Objective,
) {
    let n = turns as usize;
    let mut added: Vec<Vec<Strength>> = vec![vec![Strength::default(); n]; model.sides.len()];
    for (i, e) in model.elements.iter().enumerate() {
        let Some(Some(start)) = starts.get(i) else {
            continue;
        };
        let Some(turn) = reach_turn(model, s, turns, e, start, o.at) else {
            continue;
        };
        o.reach.push(Reach {
            element: ElementId(i),
            side: e.side,
            turn,
            arrival: start.arrival,
        });
        if let Some(k) = start.arrival {
            if !o.arrivals.iter().any(|(a, _)| *a == k) {
                o.arrivals.push((k, start.present));
            }
        }
        if let Some(slot) = added
            .get_mut(e.side.0)
            .and_then(|v| v.get_mut(turn as usize - 1))
        {
            slot.add(&Strength::of(e));
        }
    }
    o.reach.sort_by_key(|r| (r.turn, r.element));
    o.arrivals.sort_by_key(|&(k, t)| (t, k));
    o.sides = added
        .into_iter()
        .enumerate()
        .map(|(side, mut turns)| {
            for t in 1..turns.len() {
                let before = turns[t - 1];
                turns[t].add(&before);
            }
            SideTurns {
                side: SideId(side),
                turns,
            }
        })
        .collect();
    if o.sides.len() != 2 || n == 0 {
        return;
    }
    let w = |side: usize, t: usize| o.sides[side].turns[t].weight(s);
    // The side whose orders attack the objective, and not hold it, attacks
    // it; where both or neither do, the side with less strength in turn 1.
    let (d, a) = match (attacks(model, 0, o.target), attacks(model, 1, o.target)) {
        (true, false) => (1, 0),
        (false, true) => (0, 1),
        _ if w(1, 0) > w(0, 0) => (1, 0),
        _ => (0, 1),
    };
    o.defender = Some(SideId(d));
    o.attacker = Some(SideId(a));
    o.ratios = (0..n)
        .map(|t| (w(d, t) > 0.0).then(|| w(a, t) / w(d, t)))
        .collect();
    let meets = |t: usize| w(a, t) > 0.0 && o.ratios[t].is_none_or(|r| r >= s.ratio);
    o.verdict = if (0..n).all(|t| w(a, t) == 0.0) {
        Verdict::NeverReaches
    } else if meets(0) {
        Verdict::AtOnce
    } else if let Some(t) = (0..n).find(|&t| meets(t)) {
        Verdict::Reaches { turn: t as u32 + 1 }
    } else {
        let best = o.ratios.iter().flatten().fold(0.0f64, |m, r| m.max(*r));
        Verdict::Short { best }
    };
}

/// Whether `side`'s orders attack `target` and none of them holds it: the
/// garrison that counter-attacks its own position still defends it.
fn attacks(model: &Model, side: usize, target: Target) -> bool {
    use crate::model::Objective as Aim;
    use muster_rules::vocab::Stance;
    let aims = |want: Stance, stance: &Option<(Stance, Loc)>, objective: &Option<Aim>| {
        matches!(stance, Some((s, _)) if *s == want)
            && matches!(objective, Some(Aim::Ref(r)) if r.target == Some(target))
    };
    let any = |want: Stance| {
        model.orders.iter().filter(|o| o.side.0 == side).any(|o| {
            aims(want, &o.stance, &o.objective)
                || o.phases.iter().any(|p| aims(want, &p.stance, &p.objective))
        })
    };
    any(Stance::Attack) && !any(Stance::Defend)
}

/// Per side, the units with a stated strength: what the scenario states beside
/// what the game's pieces stand for (the figures MC214 and MC215 compare, summed).
/// Only the outermost stated unit of each branch counts, since it includes the units inside it.
fn historical(model: &Model) -> Vec<Historical> {
    let mut out: Vec<Historical> = Vec::new();
    for (i, u) in model.units.iter().enumerate() {
        let Some(h) = &u.historical_strength else {
            continue;
        };
        // a unit inside one that states its strength is counted in that statement
        let mut up = u.parent;
        let mut counted_above = false;
        while let Some(p) = up {
            let Some(parent) = model.units.get(p.0) else {
                break;
            };
            counted_above |= parent.historical_strength.is_some();
            up = parent.parent;
        }
        if counted_above {
            continue;
        }
        let game = crate::strength::unit(model, UnitId(i));
        let stated = crate::strength::Estimate {
            men: h.men.unwrap_or(0),
            vehicles: h.vehicles.unwrap_or(0),
            guns: h.guns.unwrap_or(0),
            aircraft: 0,
        };
        // the game's figure counts only where the scenario states one
        let game = crate::strength::Estimate {
            men: if h.men.is_some() { game.men } else { 0 },
            vehicles: if h.vehicles.is_some() {
                game.vehicles
            } else {
                0
            },
            guns: if h.guns.is_some() { game.guns } else { 0 },
            aircraft: 0,
        };
        match out.iter_mut().find(|x| x.side == u.side) {
            Some(x) => {
                x.units.push(UnitId(i));
                x.stated = x.stated + stated;
                x.game = x.game + game;
            }
            None => out.push(Historical {
                side: u.side,
                units: vec![UnitId(i)],
                stated,
                game,
            }),
        }
    }
    out.sort_by_key(|h| h.side);
    out
}
