//! Delivery times of alternative methods (§76): runners, despatch riders, pigeons
//! and dogs declared with `messenger A to B METHOD [via STOP…]` in `nets`, leg by leg.
//!
//! §76 gives one speed for them all: 1,000 m a bound cold, 500 m hot, in open
//! terrain and on roads, half that in other terrain or poor weather. A pigeon flies,
//! so only the weather slows it, and water or cliffs do not stop it.

use super::{Delivery, Leg, StartSituation};
use crate::ground;
use crate::model::{Messenger, Model, PlaceAt, Pos, Stop, Target, Waypoint};
use muster_rules::latency::{is_poor_weather, route_turns};
use muster_rules::terrain::{MoveGrade, Mover};
use muster_rules::vocab::MessengerMethod;

/// The delivery of every messenger link, same index as `Model::messengers`.
pub(crate) fn deliveries(model: &Model, situations: &[StartSituation]) -> Vec<Delivery> {
    model
        .messengers
        .iter()
        .map(|m| delivery(model, m, situations))
        .collect()
}

fn delivery(model: &Model, m: &Messenger, situations: &[StartSituation]) -> Delivery {
    let element = |r: &crate::model::Ref| match r.target {
        Some(Target::Element(e)) => Some(e),
        _ => None,
    };
    let poor_weather = model
        .header
        .as_ref()
        .is_some_and(|h| is_poor_weather(h.weather));
    let mut d = Delivery {
        distance_m: None,
        difficult_ground: false,
        poor_weather,
        hot: false,
        blocked_by: None,
        legs: Vec::new(),
        turns: None,
        turns_cold: None,
        turns_hot: None,
    };
    let (Some(a), Some(b)) = (element(&m.from), element(&m.to)) else {
        return d;
    };
    let (from, to) = (&model.elements[a.0], &model.elements[b.0]);
    d.hot = situations.iter().any(|s| s.unit == from.unit && s.hot);
    let (Some(p), Some(q)) = (from.pos, to.pos) else {
        return d;
    };
    d.legs = legs(model, m, p, q);
    d.difficult_ground = d.legs.iter().any(|l| l.difficult_ground);
    d.blocked_by = d.legs.iter().find_map(|l| l.blocked_by);
    d.distance_m = Some(d.legs.iter().map(|l| l.distance_m).sum());
    if d.blocked_by.is_none() {
        let legs: Vec<(f64, bool)> = d
            .legs
            .iter()
            .map(|l| (l.distance_m, l.difficult_ground))
            .collect();
        let turns = |hot| route_turns(&legs, hot, poor_weather);
        d.turns_cold = Some(turns(false));
        d.turns_hot = Some(turns(true));
        d.turns = Some(turns(d.hot));
    }
    d
}

/// Where a `via` stop stands: the point written, or the place or crossing named.
fn stop_position(model: &Model, w: &Waypoint) -> Option<Pos> {
    match &w.stop {
        Stop::Point(p) => Some(*p),
        Stop::Named(r) => match r.target? {
            Target::Place(i) => match model.places.get(i.0)?.at {
                PlaceAt::Point(p) => Some(p),
                _ => None,
            },
            Target::Crossing(i) => Some(model.crossings.get(i.0)?.at),
            _ => None,
        },
    }
}

/// The legs from `p` through each `via` stop that has a position to `q`, each
/// with the ground it crosses. A pigeon flies straight: one leg, never slowed
/// by the ground nor stopped.
fn legs(model: &Model, m: &Messenger, p: Pos, q: Pos) -> Vec<Leg> {
    let pigeon = m.method == MessengerMethod::Pigeon;
    let mut stops: Vec<(Option<usize>, Pos)> = vec![(None, p)];
    if !pigeon {
        stops.extend(
            m.via
                .iter()
                .enumerate()
                .filter_map(|(i, w)| Some((Some(i), stop_position(model, w)?))),
        );
    }
    stops.push((None, q));
    stops
        .windows(2)
        .map(|w| {
            let ((start, a), (end, b)) = (w[0], w[1]);
            let mut leg = Leg {
                start,
                end,
                from: a,
                to: b,
                distance_m: a.distance(b),
                difficult_ground: false,
                blocked_by: None,
            };
            if !pigeon {
                for (grade, f) in ground::along(model, a, b, Mover::Foot) {
                    if grade == MoveGrade::Impassable && !ground::crossed_between(model, f, a, b) {
                        leg.blocked_by.get_or_insert_with(|| f.target(model));
                    }
                    if grade != MoveGrade::Clear {
                        leg.difficult_ground = true;
                    }
                }
            }
            leg
        })
        .collect()
}
