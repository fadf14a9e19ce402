//! The umpire's JSON of a georeferenced scenario as an ORBAT Mapper scenario:
//! sides, one group per side, units nested as written with their symbol codes,
//! their equipment and men from their elements (the stated historical men where
//! a unit without sub-units states them), start positions in longitude and
//! latitude, arrivals as unit states and order phases as events.

use super::{Count, Event, Group, Named, Scenario, Side, State, Time, Unit, TYPE, VERSION};
use crate::json::common::{Point, When};
use crate::json::forces::{self, Element};
use crate::json::plans::{Order, Timing};
use crate::json::ScenarioJson;

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
            .map(|u| unit(s, u, project, &clock))
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
            g.sub_units.iter().for_each(|u| names(u, &mut equipment, &mut personnel));
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

fn unit(s: &ScenarioJson, u: &forces::Unit, project: Project, clock: &Clock) -> Unit {
    let own: Vec<&Point> = u.elements.iter().filter_map(|e| e.position.as_ref()).collect();
    // A unit's own placed elements fix its position; one placed only through
    // its sub-units is where they are.
    let location = match (&u.centre, own.is_empty(), u.arrives_later) {
        (Some(c), false, false) => Some(lon_lat(c, project)),
        _ => None,
    };
    let state = s
        .arrivals
        .iter()
        .filter(|a| a.unit.id == u.id)
        .filter_map(|a| {
            let at = s.map.places.iter().find(|p| p.id == a.at.id)?;
            Some(State {
                id: a.id.clone(),
                t: clock.at(&a.when)?,
                location: at.at.as_ref().map(|p| lon_lat(p, project)),
                title: Some(format!(
                    "Arrives at {}",
                    at.display.clone().unwrap_or_else(|| at.id.clone())
                )),
                description: a.text.clone(),
            })
        })
        .collect();
    let mut men: u32 = u.elements.iter().map(|e| e.strength.men).sum();
    if let Some(h) = u.historical_strength.as_ref().filter(|_| u.units.is_empty()) {
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
        sub_units: u
            .units
            .iter()
            .map(|c| unit(s, c, project, clock))
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
    /// Days since 1970-01-01 of the scenario's date.
    day: i64,
    /// Minutes after midnight of the first turn.
    start: i64,
    turn_minutes: f64,
}

impl Clock {
    fn of(s: &ScenarioJson) -> Clock {
        let h = &s.header;
        let day = h.date.as_deref().and_then(days_of).unwrap_or(0);
        let start = h.start.as_deref().and_then(minutes_of).unwrap_or(0);
        Clock {
            day,
            start,
            turn_minutes: h.turn_minutes,
        }
    }

    /// The time `minutes` after the first turn begins, as ISO 8601 text in UTC:
    /// a scenario's clock names no zone, so it is written as universal time.
    fn at_minutes(&self, minutes: i64) -> Option<Time> {
        let all = self.day * 1440 + self.start + minutes;
        let (y, m, d) = civil(all.div_euclid(1440));
        let min = all.rem_euclid(1440);
        Some(Time::Text(format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:00Z",
            min / 60,
            min % 60
        )))
    }

    fn at_turn(&self, turn: u32) -> Option<Time> {
        let minutes = (f64::from(turn.max(1)) - 1.0) * self.turn_minutes;
        self.at_minutes(minutes.round() as i64)
    }

    fn at(&self, when: &When) -> Option<Time> {
        match when {
            When::Turn { turn } => self.at_turn(*turn),
            When::Clock { time, .. } => {
                let m = minutes_of(time)?;
                // a clock time before the start is on the next day
                let after = (m - self.start).rem_euclid(1440);
                self.at_minutes(after)
            }
        }
    }
}

fn minutes_of(hhmm: &str) -> Option<i64> {
    let (h, m) = hhmm.get(..5)?.split_once(':')?;
    Some(h.parse::<i64>().ok()? * 60 + m.parse::<i64>().ok()?)
}

fn days_of(ymd: &str) -> Option<i64> {
    let mut it = ymd.get(..10)?.split('-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: i64 = it.next()?.parse().ok()?;
    let d: i64 = it.next()?.parse().ok()?;
    // days from civil (proleptic Gregorian), after H. Hinnant's algorithm
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The date of a day count since 1970-01-01.
pub(crate) fn civil(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_across_months_and_leap_years() {
        for d in ["1944-06-05", "1944-02-29", "1940-12-31", "1970-01-01"] {
            let n = days_of(d).unwrap_or(i64::MIN);
            let (y, m, dd) = civil(n);
            assert_eq!(format!("{y:04}-{m:02}-{dd:02}"), d);
        }
        assert_eq!(days_of("1944-03-01").map(|n| n - 1), days_of("1944-02-29"));
    }
}
