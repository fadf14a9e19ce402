//! Delivery times of alternative methods (§76): runners, despatch riders, pigeons
//! and dogs declared with `messenger A to B METHOD` in `nets`.
//!
//! §76 gives one speed for them all: 1,000 m a bound cold, 500 m hot, in open
//! terrain and on roads, half that in other terrain or poor weather. A pigeon flies,
//! so only the weather slows it, and water or cliffs do not stop it.

use super::{Delivery, StartSituation};
use crate::ground;
use crate::model::{Messenger, Model, Target};
use muster_rules::latency::{is_poor_weather, runner_turns};
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
    // a pigeon flies: the ground neither slows nor stops it
    if m.method != MessengerMethod::Pigeon {
        for (grade, f) in ground::along(model, p, q, Mover::Foot) {
            if grade == MoveGrade::Impassable && !ground::bridged(model, f) {
                d.blocked_by.get_or_insert_with(|| f.target(model));
            }
            if grade != MoveGrade::Clear {
                d.difficult_ground = true;
            }
        }
    }
    let distance = p.distance(q);
    d.distance_m = Some(distance);
    if d.blocked_by.is_none() {
        let turns = |hot| runner_turns(distance, hot, d.difficult_ground, poor_weather);
        d.turns_cold = Some(turns(false));
        d.turns_hot = Some(turns(true));
        d.turns = Some(turns(d.hot));
    }
    d
}
