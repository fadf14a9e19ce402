//! The umpire's JSON of a georeferenced scenario as an ORBAT Mapper scenario:
//! sides, one group per side, units nested as written with their symbol codes,
//! their equipment and men from their elements (the stated historical men where
//! a unit without sub-units states them), start positions in longitude and
//! latitude, arrivals as unit states and order phases as events.

use super::{
    Count, Event, Group, Named, Scenario, Side, State, Time, Unit, OFF_TABLE, TYPE, VERSION,
};
use crate::json::common::{Point, When};
use crate::json::forces::{self, Element};
use crate::json::plans::{Order, Timing};
use crate::json::ScenarioJson;
use muster_rules::scale::{format_clock, MINUTES_PER_DAY};
use muster_rules::vocab::Edge;

/// Table metres (east, north of the south-west corner) to `(longitude, latitude)`.
pub type Project<'a> = &'a dyn Fn(f64, f64) -> (f64, f64);

/// The name personnel are counted under.
pub const MEN: &str = "men";

/// The scenario `s` (the umpire's view) as ORBAT Mapper's scenario `id`.
pub fn export(s: &ScenarioJson, id: &str, project: Project) -> Scenario {
    let clock = Clock::of(s);
    let mut sides = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        let units = side
            .units
            .iter()
            .map(|u| unit(s, u, None, project, &clock))
            .collect();
        sides.push(Side {
            id: side.id.clone(),
            name: side.display.clone().unwrap_or_else(|| side.id.clone()),
            description: None,
            standard_identity: crate::app6::Identity::of_side(i).digit().to_string(),
            groups: vec![Group {
                id: format!("{}.forces", side.id),
                name: "Order of battle".to_string(),
                sub_units: units,
            }],
        });
    }
    let mut equipment: Vec<String> = Vec::new();
    let mut personnel: Vec<String> = Vec::new();
    for side in &sides {
        for g in &side.groups {
            g.sub_units
                .iter()
                .for_each(|u| names(u, &mut equipment, &mut personnel));
        }
    }
    Scenario {
        kind: TYPE.to_string(),
        id: id.to_string(),
        version: VERSION.to_string(),
        name: s.header.title.clone(),
        description: None,
        start_time: clock.at_minutes(0),
        symbology_standard: Some("app6d".to_string()),
        sides,
        events: s
            .orders
            .iter()
            .flat_map(|o| order_events(o, &clock))
            .collect(),
        layer_stack: Vec::new(),
        equipment: equipment.into_iter().map(|name| Named { name }).collect(),
        personnel: personnel.into_iter().map(|name| Named { name }).collect(),
    }
}

fn names(u: &Unit, equipment: &mut Vec<String>, personnel: &mut Vec<String>) {
    for e in &u.equipment {
        if !equipment.contains(&e.name) {
            equipment.push(e.name.clone());
        }
    }
    for p in &u.personnel {
        if !personnel.contains(&p.name) {
            personnel.push(p.name.clone());
        }
    }
    for c in &u.sub_units {
        names(c, equipment, personnel);
    }
}

fn lon_lat(p: &Point, project: Project) -> Vec<f64> {
    let (lon, lat) = project(p.x, p.y);
    vec![lon, lat]
}

/// Where a place lies: its point, the middle of its stretch of edge, or the
/// middle of its edge.
fn place_point(s: &ScenarioJson, p: &crate::json::map::Place) -> Option<Point> {
    if let Some(at) = &p.at {
        return Some(*at);
    }
    if let Some(st) = &p.stretch {
        return Some(Point {
            x: (st.from.x + st.to.x) / 2.0,
            y: (st.from.y + st.to.y) / 2.0,
        });
    }
    let t = s.header.table.as_ref()?;
    let (w, d) = (t.width_m, t.depth_m);
    let (x, y) = match p.edge.as_ref()?.0 {
        Edge::North => (w / 2.0, d),
        Edge::South => (w / 2.0, 0.0),
        Edge::East => (w, d / 2.0),
        Edge::West => (0.0, d / 2.0),
    };
    Some(Point { x, y })
}

/// A unit's arrival as a state: when and where it enters the table.
fn arrival(s: &ScenarioJson, u: &forces::Unit, project: Project, clock: &Clock) -> Option<State> {
    let a = s.arrivals.iter().find(|a| a.unit.id == u.id)?;
    let at = s.map.places.iter().find(|p| p.id == a.at.id)?;
    Some(State {
        id: a.id.clone(),
        t: clock.at(&a.when)?,
        location: place_point(s, at).map(|p| lon_lat(&p, project)),
        title: Some(format!(
            "Arrives at {}",
            at.display.clone().unwrap_or_else(|| at.id.clone())
        )),
        description: a.text.clone(),
    })
}

fn unit(
    s: &ScenarioJson,
    u: &forces::Unit,
    inherited: Option<&State>,
    project: Project,
    clock: &Clock,
) -> Unit {
    let own: Vec<&Point> = u
        .elements
        .iter()
        .filter_map(|e| e.position.as_ref())
        .collect();
    // A unit's own placed elements fix its position; one placed only through
    // its sub-units is where they are.
    let location = match (&u.centre, own.is_empty(), u.arrives_later) {
        (Some(c), false, false) => Some(lon_lat(c, project)),
        _ => None,
    };
    // a unit arriving later enters with its own arrival, or with its parent's
    let state: Vec<State> = arrival(s, u, project, clock)
        .or_else(|| inherited.filter(|_| u.arrives_later).cloned())
        .into_iter()
        .collect();
    let mut men: u32 = u.elements.iter().map(|e| e.strength.men).sum();
    if let Some(h) = u
        .historical_strength
        .as_ref()
        .filter(|_| u.units.is_empty())
    {
        men = h.men.unwrap_or(men);
    }
    let personnel = if men > 0 {
        vec![Count {
            name: MEN.to_string(),
            count: men,
        }]
    } else {
        Vec::new()
    };
    Unit {
        id: u.id.clone(),
        name: u.display.clone().unwrap_or_else(|| u.id.clone()),
        sidc: u.sidc.clone(),
        short_name: Some(u.id.clone()),
        description: u.historical_strength.as_ref().map(|h| {
            let mut parts = Vec::new();
            let mut say = |n: Option<u32>, what: &str| {
                if let Some(n) = n {
                    parts.push(format!("{n} {what}"));
                }
            };
            say(h.men, "men");
            say(h.vehicles, "vehicles");
            say(h.guns, "guns");
            format!("Historical strength: {} ({})", parts.join(", "), h.source)
        }),
        location,
        status: (!u.elements.is_empty() && own.is_empty() && !u.arrives_later)
            .then(|| OFF_TABLE.to_string()),
        sub_units: u
            .units
            .iter()
            .map(|c| unit(s, c, state.first(), project, clock))
            .collect(),
        state,
        equipment: equipment(&u.elements),
        personnel,
    }
}

/// The unit's vehicles, guns and aircraft by kind, in the order first written.
fn equipment(elements: &[Element]) -> Vec<Count> {
    let mut out: Vec<Count> = Vec::new();
    for e in elements {
        let st = &e.strength;
        let count = st.vehicles + st.guns + st.aircraft;
        if count == 0 {
            continue;
        }
        let name = if e.mix.is_empty() {
            e.description.clone()
        } else {
            e.mix
                .iter()
                .map(|m| m.what.clone())
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match out.iter_mut().find(|c| c.name == name) {
            Some(c) => c.count += count,
            None => out.push(Count { name, count }),
        }
    }
    out
}

/// Each phase of an order as an event at the turn it starts from.
fn order_events(o: &Order, clock: &Clock) -> Vec<Event> {
    let who = o.unit.display.clone().unwrap_or_else(|| o.unit.id.clone());
    let first = std::iter::once((o.timing.as_slice(), o.summary.split(" then ").next()));
    let rest = o.phases.iter().zip(o.summary.split(" then ").skip(1));
    first
        .chain(rest.map(|(p, words)| (p.timing.as_slice(), Some(words))))
        .enumerate()
        .filter_map(|(n, (timing, words))| {
            let turn = timing.iter().find_map(|t| match t {
                Timing::Immediately => Some(1),
                Timing::After { turn } => Some(*turn),
                _ => None,
            });
            let turn = turn.unwrap_or(1);
            Some(Event {
                id: Some(format!("{}.{}.phase-{}", o.side, o.unit.id, n + 1)),
                title: format!("{who}: {}", words.unwrap_or_default()),
                start_time: clock.at_turn(turn)?,
                description: o.text.clone().filter(|_| n == 0),
            })
        })
        .collect()
}

/// The scenario's clock: its date, start and turn length.
struct Clock {
    /// The scenario's date, `(year, month, day)`.
    date: (i64, i64, i64),
    /// Minutes after midnight of the first turn.
    start: i64,
    turn_minutes: f64,
}

impl Clock {
    fn of(s: &ScenarioJson) -> Clock {
        let h = &s.header;
        let date = h.date.as_deref().and_then(date_of).unwrap_or((1944, 6, 6));
        let start = h.start.as_deref().and_then(minutes_of).unwrap_or(0);
        Clock {
            date,
            start: i64::from(start),
            turn_minutes: h.turn_minutes,
        }
    }

    /// The time `minutes` after the first turn begins, as ISO 8601 text in UTC:
    /// a scenario's clock names no zone, so it is written as universal time.
    fn at_minutes(&self, minutes: i64) -> Option<Time> {
        let day = i64::from(MINUTES_PER_DAY);
        let all = self.start + minutes;
        let (y, m, d) = add_days(self.date, all.div_euclid(day));
        let clock = format_clock(u32::try_from(all.rem_euclid(day)).ok()?);
        Some(Time::Text(format!("{y:04}-{m:02}-{d:02}T{clock}:00Z")))
    }

    fn at_turn(&self, turn: u32) -> Option<Time> {
        let minutes = (f64::from(turn.max(1)) - 1.0) * self.turn_minutes;
        self.at_minutes(minutes.round() as i64)
    }

    fn at(&self, when: &When) -> Option<Time> {
        match when {
            When::Turn { turn } => self.at_turn(*turn),
            When::Clock { time, .. } => {
                let m = i64::from(minutes_of(time)?);
                // a clock time before the start is on the next day
                let after = (m - self.start).rem_euclid(i64::from(MINUTES_PER_DAY));
                self.at_minutes(after)
            }
        }
    }
}

/// Minutes after midnight of `HH:MM`.
pub(crate) fn minutes_of(hhmm: &str) -> Option<u32> {
    let (h, m) = hhmm.get(..5)?.split_once(':')?;
    Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)
}

/// `YYYY-MM-DD` as numbers.
pub(crate) fn date_of(ymd: &str) -> Option<(i64, i64, i64)> {
    let mut it = ymd.get(..10)?.split('-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: i64 = it.next()?.parse().ok()?;
    let d: i64 = it.next()?.parse().ok()?;
    Some((y, m, d))
}

/// Whether `y` is a leap year in the Gregorian calendar.
fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn month_days(y: i64, m: i64) -> i64 {
    match m {
        2 if leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The date `days` after (before, when negative) `date`, a day at a time: a
/// scenario's times lie within days of its date.
pub(crate) fn add_days(date: (i64, i64, i64), days: i64) -> (i64, i64, i64) {
    let (mut y, mut m, mut d) = date;
    for _ in 0..days.max(0) {
        d += 1;
        if d > month_days(y, m) {
            (d, m) = (1, m + 1);
            if m > 12 {
                (m, y) = (1, y + 1);
            }
        }
    }
    for _ in 0..(-days).max(0) {
        d -= 1;
        if d < 1 {
            m -= 1;
            if m < 1 {
                (m, y) = (12, y - 1);
            }
            d = month_days(y, m);
        }
    }
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_across_months_and_leap_years() {
        assert_eq!(add_days((1944, 2, 28), 1), (1944, 2, 29));
        assert_eq!(add_days((1943, 2, 28), 1), (1943, 3, 1));
        assert_eq!(add_days((1940, 12, 31), 1), (1941, 1, 1));
        assert_eq!(add_days((1941, 1, 1), -1), (1940, 12, 31));
        assert_eq!(add_days((1944, 6, 6), 0), (1944, 6, 6));
    }
}
