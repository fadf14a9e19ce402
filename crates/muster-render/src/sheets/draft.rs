//! A briefing drafted from the scenario when the writer gave none: the five
//! paragraphs of a military order (situation with the enemy and friendly forces,
//! mission, execution, support, command and signals) for a side or one of its
//! players. Built only from the side's fog-filtered JSON, so it can say no more
//! than the side's other pages; the writer's own paragraphs replace the drafted
//! ones of the same section.

use muster_rules::vocab::BriefingSection;

use super::statements::{delay_words, phases, start_for_player, TurnClock};
use super::words::{awaited, kind_words, name, order_words, ref_words, signal_line};
use crate::json::common::Kw;
use crate::json::forces::{ElementKind, Unit};
use crate::json::header::Player;
use crate::json::narrative::Section;
use crate::json::plans::{Objective, Order};
use crate::json::{Point, RefKind, Reference, ScenarioJson};

/// The briefing of `side` (its player `player`, when given) read from `view`, the
/// side's filtered JSON: the writer's sections where given, drafted ones elsewhere,
/// in the order's sequence.
pub fn briefing(view: &ScenarioJson, side: &str, player: Option<&Player>) -> Vec<Section> {
    let written: Vec<&Section> = view
        .briefings
        .iter()
        .filter(|b| b.side.as_deref() == Some(side))
        .flat_map(|b| &b.sections)
        .collect();
    let mut out: Vec<Section> = drafted(view, side, player)
        .into_iter()
        .filter(|d| !written.iter().any(|w| covers(w.section.0, d.section.0)))
        .collect();
    out.extend(written.into_iter().cloned());
    out.sort_by_key(|s| s.section.0);
    out
}

/// Whether a written section stands in for a drafted one: each of its own kind,
/// and the writer's situation for both of its halves.
fn covers(written: BriefingSection, drafted: BriefingSection) -> bool {
    written == drafted
        || (written == BriefingSection::Situation
            && matches!(drafted, BriefingSection::Enemy | BriefingSection::Friendly))
}

fn section(kind: BriefingSection, lines: Vec<String>) -> Option<Section> {
    (!lines.is_empty()).then(|| Section {
        section: Kw(kind),
        heading: kind.gloss().to_string(),
        text: lines.join(" "),
    })
}

/// What the side's reader sees of the scenario, gathered once.
struct Reader<'a> {
    view: &'a ScenarioJson,
    side: &'a str,
    units: Vec<&'a Unit>,
    /// The player's unit, when he commands one.
    unit: Option<&'a Unit>,
    /// Ids of his unit and everything under it.
    own: Vec<String>,
    clock: TurnClock,
    step: f64,
}

/// The drafted sections, none of the writer's.
pub fn drafted(view: &ScenarioJson, side: &str, player: Option<&Player>) -> Vec<Section> {
    let Some(sd) = view.side(side) else {
        return Vec::new();
    };
    let mut units = Vec::new();
    for u in &sd.units {
        flatten(u, &mut units);
    }
    let unit = player
        .and_then(|p| p.commands.as_deref())
        .and_then(|id| units.iter().copied().find(|u| u.id == id));
    let mut own = Vec::new();
    if let Some(u) = unit {
        subtree(u, &mut own);
    }
    let r = Reader {
        view,
        side,
        units,
        unit,
        own,
        clock: TurnClock::of(view),
        step: crate::map::grid::step(view.header.ground_scale_m_per_mm),
    };
    [
        section(BriefingSection::Situation, r.situation()),
        section(BriefingSection::Enemy, r.enemy()),
        section(BriefingSection::Friendly, r.friendly()),
        section(BriefingSection::Mission, r.mission()),
        section(BriefingSection::Execution, r.execution()),
        section(BriefingSection::Support, r.support()),
        section(BriefingSection::Command, r.command()),
        section(BriefingSection::Signals, r.signals()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn flatten<'a>(u: &'a Unit, out: &mut Vec<&'a Unit>) {
    out.push(u);
    for c in &u.units {
        flatten(c, out);
    }
}

fn subtree(u: &Unit, out: &mut Vec<String>) {
    out.push(u.id.clone());
    for c in &u.units {
        subtree(c, out);
    }
}

fn display(u: &Unit) -> String {
    u.display.clone().unwrap_or_else(|| u.id.clone())
}

/// The eight-point compass direction from `a` to `b` (y north).
fn direction(a: Point, b: Point) -> &'static str {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    if dx.hypot(dy) < 1.0 {
        return "beside you";
    }
    let deg = dx.atan2(dy).to_degrees().rem_euclid(360.0);
    const NAMES: [&str; 8] = [
        "north",
        "north-east",
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
    ];
    NAMES[((deg + 22.5) / 45.0) as usize % 8]
}

impl Reader<'_> {
    /// The grid square of a point, `F5`.
    fn square(&self, p: Point) -> String {
        crate::map::grid::square(p.x, p.y, self.step)
    }

    /// A thing named with its grid square where it has one: `Pegasus Bridge (E5)`,
    /// and an edge place with its edge.
    fn placed(&self, r: &Reference) -> String {
        let words = ref_words(self.view, r);
        if r.kind == RefKind::Place {
            if let Some(e) = self
                .view
                .map
                .places
                .iter()
                .find(|p| p.id == r.id)
                .and_then(|p| p.edge)
            {
                return format!("{words} ({})", kind_words(&e).replace('_', " ") + " edge");
            }
        }
        match crate::map::orders::locate(self.view, r) {
            Some(p) => format!("{words} ({})", self.square(p)),
            None => words,
        }
    }

    fn unit_place(&self, u: &Unit) -> Option<String> {
        crate::map::orders::unit_centre(u).map(|p| self.square(p))
    }

    fn orders_of(&self, id: &str) -> Vec<&Order> {
        self.view
            .orders
            .iter()
            .filter(|o| o.side == self.side && o.unit.id == id)
            .collect()
    }

    fn order_line(&self, o: &Order) -> String {
        let mut s = order_words(self.view, o);
        let targets: Vec<String> = std::iter::once(&o.objective)
            .chain(o.phases.iter().map(|p| &p.objective))
            .filter_map(|ob| match ob {
                Some(Objective::Target { target }) => Some(self.placed(target)),
                _ => None,
            })
            .collect();
        if !targets.is_empty() {
            s.push_str(&format!("; objective {}", targets.join(", then ")));
        }
        s
    }

    fn situation(&self) -> Vec<String> {
        let h = &self.view.header;
        let mut when = Vec::new();
        if let Some(d) = &h.date {
            when.push(super::page::long_date(d));
        }
        if let Some(t) = &h.start {
            when.push(t.clone());
        }
        let mut lines = Vec::new();
        let opening = if when.is_empty() {
            format!("{}.", self.view.header.title)
        } else {
            format!("{}, {}.", self.view.header.title, when.join(", "))
        };
        lines.push(opening);
        lines.push(format!(
            "Light: {}; weather: {}.",
            kind_words(&h.light),
            kind_words(&h.weather)
        ));
        if let Some(t) = h.turns {
            let end = self
                .clock
                .span(t)
                .and_then(|c| c.split('–').nth(1).map(str::to_string));
            lines.push(match end {
                Some(e) => format!(
                    "The action lasts {t} turns of {} minutes, to {e}.",
                    h.turn_minutes.round()
                ),
                None => format!(
                    "The action lasts {t} turns of {} minutes.",
                    h.turn_minutes.round()
                ),
            });
        }
        lines
    }

    /// The enemy exactly as the side's intel gives it, and nothing else.
    fn enemy(&self) -> Vec<String> {
        let reports: Vec<String> = self
            .view
            .intel
            .iter()
            .map(|i| {
                let seen = match &i.seen_at {
                    Some(Objective::Target { target }) => {
                        format!(", seen at {}", self.placed(target))
                    }
                    Some(Objective::Point { at }) => format!(", seen in {}", self.square(*at)),
                    Some(Objective::Bearing { degrees }) => {
                        format!(", seen on a bearing of {degrees:.0}°")
                    }
                    None => String::new(),
                };
                let precision = i
                    .precision
                    .as_ref()
                    .map(|p| format!(" ({})", kind_words(p)))
                    .unwrap_or_default();
                match &i.words {
                    Some(w) => format!("{}{precision}{seen}: “{w}”.", capital(&i.label)),
                    None => format!("{}{precision}{seen}.", capital(&i.label)),
                }
            })
            .collect();
        if reports.is_empty() {
            vec!["Nothing is known of the enemy.".into()]
        } else {
            reports
        }
    }

    /// Friendly units around the reader: above him, beside him by direction and
    /// grid square, and those still to come on.
    fn friendly(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mine = self.unit;
        if let Some(u) = mine {
            let parent = u
                .parent
                .as_deref()
                .and_then(|p| self.units.iter().find(|x| x.id == p));
            if let Some(p) = parent {
                let order = self
                    .orders_of(&p.id)
                    .first()
                    .map(|o| format!(": {}", order_words(self.view, o)))
                    .unwrap_or_default();
                lines.push(format!("Above you: {}{order}.", display(p)));
            }
        }
        let centre = mine.and_then(crate::map::orders::unit_centre);
        let arriving: Vec<&str> = self
            .view
            .arrivals
            .iter()
            .filter(|a| a.side.as_deref() == Some(self.side))
            .map(|a| a.unit.id.as_str())
            .collect();
        // Those with a player or an order of their own: the units the reader deals with.
        let around: Vec<&Unit> = self
            .units
            .iter()
            .copied()
            .filter(|u| !self.own.contains(&u.id))
            .filter(|u| mine.is_none_or(|m| m.parent.as_deref() != Some(u.id.as_str())))
            .filter(|u| {
                !self.orders_of(&u.id).is_empty()
                    || self.view.side(self.side).is_some_and(|sd| {
                        sd.players
                            .iter()
                            .any(|p| p.commands.as_deref() == Some(&u.id))
                    })
            })
            .filter(|u| !arriving.contains(&u.id.as_str()))
            .collect();
        for u in around {
            let here = crate::map::orders::unit_centre(u);
            let line = match (centre, here) {
                (Some(c), Some(h)) => format!(
                    "{}: {} ({}).",
                    capital(direction(c, h)),
                    display(u),
                    self.square(h)
                ),
                (None, Some(h)) => format!("{} in {}.", display(u), self.square(h)),
                _ => format!("{}, not on the table at the start.", display(u)),
            };
            lines.push(line);
        }
        for a in self
            .view
            .arrivals
            .iter()
            .filter(|a| a.side.as_deref() == Some(self.side))
        {
            lines.push(format!(
                "Arriving: {} at {}, at {}{}.",
                name(&a.unit),
                self.clock.when(&a.when),
                self.placed(&a.at),
                a.text
                    .as_ref()
                    .map(|t| format!(" ({t})"))
                    .unwrap_or_default()
            ));
        }
        lines
    }

    fn mission(&self) -> Vec<String> {
        match self.unit {
            Some(u) => {
                let own = self.orders_of(&u.id);
                if own.is_empty() {
                    let above = u
                        .parent
                        .as_deref()
                        .and_then(|p| self.units.iter().find(|x| x.id == p));
                    vec![format!(
                        "{} has no order of its own and follows {}'s (§86).",
                        display(u),
                        above.map_or_else(|| "its superior".to_string(), |p| display(p))
                    )]
                } else {
                    own.iter()
                        .map(|o| format!("{}: {}.", display(u), self.order_line(o)))
                        .collect()
                }
            }
            None => self
                .view
                .orders
                .iter()
                .filter(|o| o.side == self.side)
                .map(|o| format!("{}: {}.", name(&o.unit), self.order_line(o)))
                .collect(),
        }
    }

    fn execution(&self) -> Vec<String> {
        let ids: Vec<String> = match self.unit {
            Some(_) => self.own.clone(),
            None => self.units.iter().map(|u| u.id.clone()).collect(),
        };
        let mut lines = Vec::new();
        for o in self
            .view
            .orders
            .iter()
            .filter(|o| o.side == self.side && ids.contains(&o.unit.id))
        {
            let ps = phases(self.view, o);
            let many = ps.len() > 1;
            for p in ps {
                // The clock times of its timings; the words already give the turns.
                let timing = if p.timings.is_empty() {
                    format!(", {}", p.starts)
                } else {
                    format!(", {}", p.timings.join("; "))
                };
                lines.push(if many {
                    format!(
                        "{}, phase {}: {}{timing}.",
                        name(&o.unit),
                        p.number,
                        p.words
                    )
                } else {
                    format!("{}: {}{timing}.", name(&o.unit), p.words)
                });
            }
        }
        for a in self
            .view
            .arrivals
            .iter()
            .filter(|a| a.side.as_deref() == Some(self.side) && ids.contains(&a.unit.id))
            .filter(|_| self.unit.is_some())
        {
            lines.push(format!(
                "{} comes on at {}, at {}.",
                name(&a.unit),
                self.clock.when(&a.when),
                self.placed(&a.at)
            ));
        }
        lines
    }

    /// Guns, mortars, ships and aircraft of the side outside the reader's own command.
    fn support(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for u in &self.units {
            if self.unit.is_some() && self.own.contains(&u.id) {
                continue;
            }
            for e in &u.elements {
                let what = match &e.kind {
                    Some(ElementKind::Artillery { .. }) => "guns",
                    Some(ElementKind::Ship { .. }) => "ship",
                    Some(ElementKind::Aircraft { .. }) => "aircraft",
                    _ => continue,
                };
                let registered = e
                    .registers_for
                    .as_ref()
                    .map(|r| format!(", registered on {}", self.placed(r)))
                    .unwrap_or_default();
                let place = e
                    .position
                    .map(|p| format!(" in {}", self.square(p)))
                    .unwrap_or_else(|| " off the table".into());
                lines.push(format!(
                    "{} of {} ({what}: {}){place}{registered}.",
                    e.shown(),
                    display(u),
                    e.description
                ));
            }
        }
        if lines.is_empty() {
            lines.push("No guns, ships or aircraft support you.".into());
        }
        lines
    }

    fn command(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(u) = self.unit else {
            for sd in self.view.sides.iter().filter(|s| s.id == self.side) {
                for p in &sd.players {
                    let unit = p
                        .commands
                        .as_deref()
                        .and_then(|id| self.units.iter().find(|u| u.id == id));
                    if let Some(u) = unit {
                        lines.push(format!(
                            "{} commands {}{}.",
                            p.display.as_deref().unwrap_or(&p.id),
                            display(u),
                            self.unit_place(u)
                                .map(|s| format!(" ({s})"))
                                .unwrap_or_default()
                        ));
                    }
                }
            }
            return lines;
        };
        if let Some(st) = &u.start {
            lines.push(format!("You start {}.", start_for_player(st)));
        }
        if let Some(hq) = u
            .command_element
            .as_deref()
            .and_then(|ce| u.elements.iter().find(|e| e.id == ce))
        {
            lines.push(format!(
                "Your command element is {}{}.",
                super::words::element_words(self.view, &hq.id),
                hq.position
                    .map(|p| format!(" in {}", self.square(p)))
                    .unwrap_or_default()
            ));
        }
        let hot = u.start.as_ref().map(|s| s.hot);
        for l in self
            .view
            .latency
            .iter()
            .filter(|l| l.unit == u.id && l.from != u.id)
        {
            let from = self
                .units
                .iter()
                .find(|x| x.id == l.from)
                .map_or_else(|| l.from.clone(), |x| display(x));
            lines.push(format!(
                "An order from {from} issued in turn 1 is acted on in {}.",
                delay_words(l, hot)
            ));
        }
        lines
    }

    fn signals(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mine = |r: &Reference| {
            self.unit.is_none()
                || self
                    .own
                    .iter()
                    .any(|id| r.id == *id || r.id.starts_with(&format!("{id}.")))
        };
        for n in self.view.nets.iter().filter(|n| n.side == self.side) {
            if n.members.iter().any(mine) {
                lines.push(format!(
                    "Net {}: {} (most senior first, §71).",
                    n.display.as_deref().unwrap_or(&n.id),
                    n.members
                        .iter()
                        .map(|m| ref_words(self.view, m))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        for l in self
            .view
            .telephone_lines
            .iter()
            .filter(|l| l.side == self.side && (mine(&l.from) || mine(&l.to)))
        {
            lines.push(format!(
                "Field telephone: {} to {}.",
                ref_words(self.view, &l.from),
                ref_words(self.view, &l.to)
            ));
        }
        for m in self
            .view
            .messengers
            .iter()
            .filter(|m| m.side == self.side && (mine(&m.from) || mine(&m.to)))
        {
            lines.push(format!(
                "By {} from {} to {}, {}.",
                m.method.0.keyword(),
                ref_words(self.view, &m.from),
                ref_words(self.view, &m.to),
                m.summary
            ));
        }
        for g in self
            .view
            .signals
            .iter()
            .filter(|g| g.side.as_deref() == Some(self.side))
        {
            let sends = g.sender.as_ref().is_some_and(mine);
            let acts = g.affects.iter().any(mine);
            let trigger = g
                .trigger
                .as_ref()
                .map(|_| super::words::signal_words(self.view, g))
                .and_then(|w| w.trigger)
                .map(|t| format!(" {t}"))
                .unwrap_or_default();
            if sends {
                lines.push(format!("Send {}{trigger}.", signal_line(g)));
            } else if acts {
                lines.push(format!("Wait for {}.", signal_line(g)));
            }
        }
        for o in self
            .view
            .orders
            .iter()
            .filter(|o| o.side == self.side && self.own.contains(&o.unit.id))
        {
            for t in o
                .timing
                .iter()
                .chain(o.phases.iter().flat_map(|p| &p.timing))
            {
                if let Some(w) = awaited(self.view, t) {
                    let line = format!("Wait for {w}.");
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        if lines.is_empty() {
            lines
                .push("No nets, lines or pre-arranged signals: orders go by word of mouth.".into());
        }
        lines
    }
}

/// `s` with its first letter in capitals.
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
