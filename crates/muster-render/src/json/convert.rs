//! Model + analysis -> the umpire's JSON: header, map, plans and references.

use muster_model::analysis::{Analysis, Delivery};
use muster_model::geometry::mean_point;
use muster_model::model::{self as m, Model, Target};
use muster_rules::vocab::{Grade, Intensity, SignalKind, Stance, Weather};

use super::common::{clock, Kw, Point, RefKind, Reference, StrengthScale, When};
use super::header::{Header, Override, Player, Side, Table, View};
use super::map::{Area, Crossing, Line, Map, Place, Shape, Stretch, Structure};
use super::plans::*;
use super::{units, ScenarioJson, FORMAT_VERSION};

pub(crate) fn scenario(model: &Model, analysis: &Analysis) -> ScenarioJson {
    let forest = units::forest(model, analysis);
    let sides = model
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut units = forest.tops(i);
            let identity = crate::app6::Identity::of_side(i);
            units
                .iter_mut()
                .for_each(|u| crate::app6::set_sidcs(u, identity));
            let strength = units.iter().fold(Default::default(), |a, u| a + u.strength);
            Side {
                id: s.name.id.clone(),
                display: s.display.clone(),
                nations: s.nations.iter().map(|n| n.id.clone()).collect(),
                players: s.players.iter().map(player).collect(),
                units,
                strength: Some(strength),
            }
        })
        .collect();
    let mut j = ScenarioJson {
        format_version: FORMAT_VERSION,
        generator: super::Generator::muster(),
        view: View::Umpire,
        file: model
            .files
            .first()
            .map(|f| f.path.clone())
            .unwrap_or_default(),
        header: header(model),
        strength_scale: strength_scale(),
        overrides: model
            .overrides
            .iter()
            .map(|o| override_(model, o))
            .collect(),
        sides,
        map: map(model),
        orders: model.orders.iter().map(|o| order(model, o)).collect(),
        signals: model.signals.iter().map(|s| signal(model, s)).collect(),
        nets: model.nets.iter().map(|n| net(model, n)).collect(),
        radio_links: model.radio_links.iter().map(|l| link(model, l)).collect(),
        telephone_lines: model
            .telephone_lines
            .iter()
            .map(|l| link(model, l))
            .collect(),
        messengers: model
            .messengers
            .iter()
            .enumerate()
            .map(|(i, l)| messenger(model, l, analysis.messengers.get(i)))
            .collect(),
        arrivals: arrivals(model),
        events: model.events.iter().map(|e| event(model, e)).collect(),
        victory: model.victories.iter().map(|v| victory(model, v)).collect(),
        intel: intel(model),
        latency: latency(model, analysis),
        umpire_notes: model.umpire_notes.iter().map(|p| p.text.clone()).collect(),
        briefings: super::narrative::briefings(model),
        muster: Default::default(),
        balance: Some(super::balance::of(
            model,
            &muster_model::balance::report(model, analysis),
        )),
    };
    j.muster = super::muster::list(&j);
    j
}

pub(crate) fn strength_scale() -> StrengthScale {
    use muster_rules::scale::{
        MEN_PER_FIGURE, USUAL_AIRCRAFT_PER_MODEL, USUAL_VEHICLES_PER_MODEL, VEHICLES_PER_MODEL,
    };
    use muster_syntax::wording::number_word;
    StrengthScale {
        men_per_figure: MEN_PER_FIGURE,
        vehicles_per_model: USUAL_VEHICLES_PER_MODEL,
        guns_per_model: USUAL_VEHICLES_PER_MODEL,
        aircraft_per_model: USUAL_AIRCRAFT_PER_MODEL,
        estimate: true,
        explanation: format!(
            "estimates: a foot figure stands for about {} men (§3); a vehicle or gun \
             model for {} to {} vehicles or guns, counted as {} (§3); an \
             aircraft model for about {} aircraft (§20)",
            number_word(MEN_PER_FIGURE),
            number_word(VEHICLES_PER_MODEL.0),
            number_word(VEHICLES_PER_MODEL.1),
            number_word(USUAL_VEHICLES_PER_MODEL),
            number_word(USUAL_AIRCRAFT_PER_MODEL),
        ),
    }
}

pub(crate) fn side_id(model: &Model, side: m::SideId) -> String {
    model
        .sides
        .get(side.0)
        .map(|s| s.name.id.clone())
        .unwrap_or_default()
}

fn header(model: &Model) -> Header {
    let Some(h) = &model.header else {
        return Header {
            title: model
                .files
                .first()
                .map(|f| f.path.clone())
                .unwrap_or_default(),
            date: None,
            start: None,
            turns: None,
            turn_minutes: muster_rules::scale::TURN_MINUTES,
            game_minutes: None,
            end: None,
            end_conditions: vec![],
            first_bound: None,
            weather: Kw(Weather::Clear),
            poor_weather: false,
            light: Kw(muster_rules::vocab::Light::Day),
            table: None,
            ground_scale_m_per_mm: muster_rules::scale::GROUND_SCALE_M_PER_MM,
            notes: vec![],
        };
    };
    let game_minutes = h.turns.map(|t| f64::from(t) * h.turn_minutes);
    let scale = muster_rules::scale::usable_scale(h.ground_scale);
    Header {
        title: h.title.text.clone(),
        date: h.date.map(super::units::date),
        start: h.start_minutes.map(clock),
        turns: h.turns,
        turn_minutes: h.turn_minutes,
        game_minutes,
        end: match (h.start_minutes, game_minutes) {
            (Some(s), Some(g)) if g.is_finite() && g >= 0.0 => {
                Some(clock(s.saturating_add(g.round() as u32)))
            }
            _ => None,
        },
        end_conditions: h.end_conditions.iter().map(|p| p.text.clone()).collect(),
        first_bound: h.first_bound.as_ref().map(|r| r.name.id.clone()),
        weather: Kw(h.weather),
        poor_weather: h.weather != Weather::Clear,
        light: Kw(h.light),
        table: h.table.map(|(w, d)| Table {
            width_m: w,
            depth_m: d,
            width_mm: w / scale,
            depth_mm: d / scale,
        }),
        ground_scale_m_per_mm: scale,
        notes: h.notes.iter().map(|p| p.text.clone()).collect(),
    }
}

fn override_(model: &Model, o: &m::Override) -> Override {
    Override {
        code: o.code.clone(),
        level: Kw(o.level),
        reason: o.reason.clone(),
        source: if o.loc.is_some() { "scenario" } else { "pack" }.into(),
        scope: o.scope.and_then(|s| scope_name(model, s)),
    }
}

/// The unit or element a scoped house rule is written on.
fn scope_name(model: &Model, scope: m::Loc) -> Option<String> {
    model
        .elements
        .iter()
        .find(|e| e.loc == scope)
        .map(|e| e.qualified.clone())
        .or_else(|| {
            model
                .units
                .iter()
                .find(|u| u.loc == scope)
                .map(|u| u.name.id.clone())
        })
}

/// The id of a scenario terrain kind.
fn terrain_name(model: &Model, t: Option<m::TerrainId>) -> Option<String> {
    t.and_then(|t| model.terrains.get(t.0))
        .map(|d| d.name.id.clone())
}

/// A scenario terrain kind with its grades (§98).
fn terrain_def(t: &m::TerrainDef) -> super::map::TerrainKindDef {
    let g = &t.grades;
    super::map::TerrainKindDef {
        id: t.name.id.clone(),
        display: t.display.clone(),
        movement_foot: g.foot.keyword().into(),
        movement_wheeled: g.wheeled.keyword().into(),
        movement_half_tracked: g.half_tracked.keyword().into(),
        movement_tracked: g.tracked.keyword().into(),
        observation: g.observation.keyword().into(),
        cover: g.cover.keyword().into(),
    }
}

fn player(p: &m::Player) -> Player {
    Player {
        id: p.name.id.clone(),
        display: p.display.clone(),
        commands: p.commands.as_ref().map(|r| r.name.id.clone()),
    }
}

/// A reference with its target's id, kind, display name and side. The id is the
/// target's own (an element's qualified `unit.element`, however the author reached
/// it), so a tool finds the target by `kind` and `id`.
pub(crate) fn reference(model: &Model, r: &m::Ref) -> Reference {
    let (kind, display, side) = match r.target {
        None => (RefKind::Unresolved, None, None),
        Some(Target::Unit(u)) => {
            let unit = model.units.get(u.0);
            (
                RefKind::Unit,
                unit.and_then(|u| u.display.clone()),
                unit.map(|u| side_id(model, u.side)),
            )
        }
        Some(Target::Element(e)) => (
            RefKind::Element,
            None,
            model.elements.get(e.0).map(|e| side_id(model, e.side)),
        ),
        Some(Target::Place(i)) => (
            RefKind::Place,
            model.places.get(i.0).and_then(|p| p.display.clone()),
            None,
        ),
        Some(Target::Area(i)) => (
            RefKind::Area,
            model.areas.get(i.0).and_then(|a| a.display.clone()),
            None,
        ),
        Some(Target::Line(i)) => (
            RefKind::Line,
            model.lines.get(i.0).and_then(|l| l.display.clone()),
            None,
        ),
        Some(Target::Crossing(i)) => (
            RefKind::Crossing,
            model.crossings.get(i.0).and_then(|c| c.display.clone()),
            None,
        ),
        Some(Target::Signal(_)) => (RefKind::Signal, None, None),
        Some(Target::Side(s)) => (
            RefKind::Side,
            model.sides.get(s.0).and_then(|s| s.display.clone()),
            Some(side_id(model, s)),
        ),
    };
    let id = match r.target {
        Some(Target::Element(e)) => model.elements.get(e.0).map(|e| e.qualified.clone()),
        Some(Target::Unit(u)) => model.units.get(u.0).map(|u| u.name.id.clone()),
        _ => None,
    };
    Reference {
        id: id.unwrap_or_else(|| r.name.id.clone()),
        kind,
        display,
        side,
    }
}

fn points(ps: &[m::Pos]) -> Vec<Point> {
    ps.iter().map(|p| Point::from(*p)).collect()
}

fn map(model: &Model) -> Map {
    Map {
        areas: model
            .areas
            .iter()
            .map(|a| Area {
                id: a.name.id.clone(),
                display: a.display.clone(),
                kind: Kw(a.kind),
                structure: a.structure.map(|(s, h)| Structure {
                    strength: Kw(s),
                    height: Kw(h),
                }),
                shape: match &a.shape {
                    m::ShapeKind::Polygon => Shape::Polygon,
                    m::ShapeKind::Rect {
                        corner,
                        width,
                        depth,
                    } => Shape::Rect {
                        corner: (*corner).into(),
                        width_m: *width,
                        depth_m: *depth,
                    },
                    m::ShapeKind::Circle { centre, radius } => Shape::Circle {
                        centre: (*centre).into(),
                        radius_m: *radius,
                    },
                },
                outline: points(&a.outline),
                terrain: terrain_name(model, a.terrain),
                known_to: known(&a.known_to),
            })
            .collect(),
        lines: model
            .lines
            .iter()
            .map(|l| Line {
                id: l.name.id.clone(),
                display: l.display.clone(),
                kind: Kw(l.kind),
                terrain: terrain_name(model, l.terrain),
                width_m: l.width,
                points: points(&l.points),
                known_to: known(&l.known_to),
            })
            .collect(),
        crossings: model
            .crossings
            .iter()
            .map(|c| Crossing {
                id: c.name.id.clone(),
                display: c.display.clone(),
                kind: Kw(c.kind),
                at: c.at.into(),
                over: c.over.as_ref().map(|r| reference(model, r)),
                carries: c.carries.as_ref().map(|r| reference(model, r)),
                length_m: c.length,
                known_to: known(&c.known_to),
            })
            .collect(),
        places: model
            .places
            .iter()
            .map(|p| Place {
                id: p.name.id.clone(),
                display: p.display.clone(),
                at: match p.at {
                    m::PlaceAt::Point(p) => Some(p.into()),
                    m::PlaceAt::Edge(_) => None,
                },
                edge: match p.at {
                    m::PlaceAt::Edge(e) => Some(Kw(e)),
                    m::PlaceAt::Point(_) => None,
                },
                stretch: match p.at {
                    m::PlaceAt::Edge(_) => p.stretch.map(|s| Stretch {
                        from: s.from.into(),
                        to: s.to.into(),
                    }),
                    m::PlaceAt::Point(_) => None,
                },
                refuelling: p.refuelling,
                known_to: known(&p.known_to),
            })
            .collect(),
        terrains: model.terrains.iter().map(terrain_def).collect(),
    }
}

/// `known-to` as the JSON gives it: the side's id as written, or `umpire`.
fn known(k: &m::Known) -> Option<String> {
    match k {
        m::Known::Everyone | m::Known::Shared(_) => None,
        m::Known::Umpire(_) => Some("umpire".into()),
        m::Known::Side(r) => Some(r.name.id.clone()),
    }
}

fn objective(model: &Model, o: &m::Objective) -> Objective {
    match o {
        m::Objective::Ref(r) => Objective::Target {
            target: reference(model, r),
        },
        m::Objective::Bearing(b, _) => Objective::Bearing { degrees: *b },
        m::Objective::Point(p, _) => Objective::Point { at: (*p).into() },
    }
}

fn timing(model: &Model, t: &m::Timing) -> Timing {
    match t {
        m::Timing::Immediately(_) => Timing::Immediately,
        m::Timing::By(n, _) => Timing::By { turn: *n },
        m::Timing::After(n, _) => Timing::After { turn: *n },
        m::Timing::Until(n, _) => Timing::Until { turn: *n },
        m::Timing::OnSignal(r) => Timing::OnSignal {
            signal: r.name.id.clone(),
        },
        m::Timing::At(t, _) => Timing::At {
            time: clock(*t),
            turn: turn_of(model, *t),
        },
        m::Timing::UntilEnd(_) => Timing::UntilEnd,
        m::Timing::Condition(c) => Timing::Condition {
            unless: c.unless,
            signal: Some(c.signal.name.id.clone()),
            sighting: None,
            by: when(model, &c.by),
        },
    }
}

fn condition(model: &Model, c: &m::SignalCondition) -> SignalCondition {
    SignalCondition {
        unless: c.unless,
        signal: c.signal.name.id.clone(),
        by: when(model, &c.by),
    }
}

fn when_words(w: &When) -> String {
    match w {
        When::Turn { turn } => format!("turn {turn}"),
        When::Clock { time, .. } => time.clone(),
    }
}

fn objective_words(o: &Objective) -> String {
    match o {
        Objective::Target { target } if target.kind == RefKind::Intel => {
            format!("the enemy of {}", report_label(&target.id))
        }
        Objective::Target { target } if target.kind == RefKind::Withheld => {
            "a withheld target".into()
        }
        Objective::Target { target } => target.id.clone(),
        Objective::Bearing { degrees } => format!("bearing {degrees}"),
        Objective::Point { at } => format!("({}, {})", at.x, at.y),
    }
}

fn timing_words(t: &Timing) -> String {
    match t {
        Timing::Immediately => "immediately".into(),
        Timing::By { turn } => format!("by turn {turn}"),
        Timing::After { turn } => format!("after turn {turn}"),
        Timing::Until { turn } => format!("until turn {turn}"),
        Timing::OnSignal { signal } => format!("on signal {signal}"),
        Timing::OnSighting { of } => format!("on sighting {}", sighting(of.0)),
        Timing::At { time, .. } => format!("at {time}"),
        Timing::UntilEnd => "until end".into(),
        Timing::Condition {
            unless,
            signal,
            sighting: seen,
            by,
        } => {
            let word = if *unless { "unless" } else { "if" };
            let what = match (signal, seen) {
                (Some(s), _) => format!("signal {s}"),
                (None, Some(k)) => format!("sighting {}", sighting(k.0)),
                (None, None) => "a signal".into(),
            };
            format!("{word} {what} by {}", when_words(by))
        }
    }
}

/// An enemy signal as the other side perceives it: its kind, never its meaning.
pub(crate) fn sighting(k: SignalKind) -> &'static str {
    match k {
        SignalKind::Flare => "a flare",
        SignalKind::ShellBurst => "a shell burst",
        SignalKind::Aerial => "an aerial signal",
        SignalKind::Smoke => "a smoke signal",
        SignalKind::Bugle => "a bugle call",
        SignalKind::Codeword => "a codeword",
        SignalKind::Lamp => "a signal lamp",
    }
}

/// The order in one line (`attack all-out pegasus by turn 2`).
pub(crate) fn order_summary(
    stance: Option<Kw<Stance>>,
    intensity: Option<Kw<Intensity>>,
    objective: Option<&Objective>,
    timing: &[Timing],
) -> String {
    let mut words: Vec<String> = Vec::new();
    words.extend(stance.map(|s| s.0.keyword().to_string()));
    words.extend(intensity.map(|i| i.0.keyword().to_string()));
    words.extend(objective.map(objective_words));
    words.extend(timing.iter().map(timing_words));
    if words.is_empty() {
        "hold (no order)".into()
    } else {
        words.join(" ")
    }
}

/// The whole order in one line, its phases joined with `then`.
pub(crate) fn full_summary(o: &Order) -> String {
    let mut s = order_summary(o.stance, o.intensity, o.objective.as_ref(), &o.timing);
    for p in &o.phases {
        s.push_str(" then ");
        s.push_str(&order_summary(
            p.stance,
            p.intensity,
            p.objective.as_ref(),
            &p.timing,
        ));
    }
    s
}

fn order(model: &Model, o: &m::Order) -> Order {
    let mut out = Order {
        side: side_id(model, o.side),
        unit: reference(model, &o.unit),
        stance: o.stance.map(|(s, _)| Kw(s)),
        intensity: o.intensity.map(|(i, _)| Kw(i)),
        objective: o.objective.as_ref().map(|x| objective(model, x)),
        timing: o.timing.iter().map(|t| timing(model, t)).collect(),
        text: o.prose.as_ref().map(|p| p.text.clone()),
        phases: o
            .phases
            .iter()
            .map(|p| OrderPhase {
                stance: p.stance.map(|(s, _)| Kw(s)),
                intensity: p.intensity.map(|(i, _)| Kw(i)),
                objective: p.objective.as_ref().map(|x| objective(model, x)),
                timing: p.timing.iter().map(|t| timing(model, t)).collect(),
            })
            .collect(),
        summary: String::new(),
    };
    out.summary = full_summary(&out);
    out
}

fn messenger(model: &Model, l: &m::Messenger, d: Option<&Delivery>) -> Messenger {
    let summary = match d {
        Some(Delivery {
            blocked_by: Some(a),
            ..
        }) => format!(
            "cannot get through: {} is in the way",
            muster_model::ground::Feature::of_target(model, *a)
                .map_or("", |f| f.name().id.as_str())
        ),
        Some(Delivery {
            turns_cold: Some(c),
            turns_hot: Some(h),
            distance_m: Some(m),
            difficult_ground,
            poor_weather,
            ..
        }) => {
            let mut why = Vec::new();
            if *difficult_ground {
                why.push("difficult ground");
            }
            if *poor_weather {
                why.push("poor weather");
            }
            let slowed = if why.is_empty() {
                String::new()
            } else {
                format!(", half speed for {}", why.join(" and "))
            };
            format!(
                "{} m: {c} {} cold, {h} {} hot (§76{slowed})",
                m.round(),
                if *c == 1 { "turn" } else { "turns" },
                if *h == 1 { "turn" } else { "turns" }
            )
        }
        _ => "not computed: an end is not on the table".into(),
    };
    let summary = match via_words(model, l) {
        Some(via) if d.is_some_and(|d| !d.legs.is_empty()) => format!("via {via}, {summary}"),
        _ => summary,
    };
    let legs = d.map_or(&[][..], |d| &d.legs[..]);
    Messenger {
        side: side_id(model, l.side),
        from: reference(model, &l.from),
        to: reference(model, &l.to),
        method: Kw(l.method),
        route: legs
            .first()
            .map(|g| g.from.into())
            .into_iter()
            .chain(legs.iter().map(|g| g.to.into()))
            .collect(),
        legs_m: legs.iter().map(|g| g.distance_m.round()).collect(),
        distance_m: d.and_then(|d| d.distance_m).map(f64::round),
        difficult_ground: d.is_some_and(|d| d.difficult_ground),
        poor_weather: d.is_some_and(|d| d.poor_weather),
        turns_cold: d.and_then(|d| d.turns_cold),
        turns_hot: d.and_then(|d| d.turns_hot),
        turns: d.and_then(|d| d.turns),
        summary,
    }
}

/// A runner's `via` stops in words, by display name (`Marsh ford and (1400,300)`);
/// `None` for the straight way and for a pigeon, which flies straight.
fn via_words(model: &Model, l: &m::Messenger) -> Option<String> {
    if l.via.is_empty() || l.method == muster_rules::vocab::MessengerMethod::Pigeon {
        return None;
    }
    let stops: Vec<String> = l
        .via
        .iter()
        .map(|w| match &w.stop {
            m::Stop::Named(r) => reference(model, r)
                .display
                .unwrap_or_else(|| r.name.id.clone()),
            m::Stop::Point(p) => format!("({:.0},{:.0})", p.x, p.y),
        })
        .collect();
    Some(muster_syntax::wording::and_list(&stops))
}

fn signal(model: &Model, s: &m::Signal) -> Signal {
    Signal {
        id: s.name.id.clone(),
        side: s.side.map(|x| side_id(model, x)),
        kind: Kw(s.kind),
        meaning: s.meaning.as_ref().map(|p| p.text.clone()),
        sender: s.sender.as_ref().map(|r| reference(model, r)),
        trigger: s.trigger.as_ref().map(|t| match t {
            m::Trigger::Command(_) => "on command".to_string(),
            m::Trigger::Capture(r) => format!("on capture of {}", r.name.id),
            m::Trigger::Condition(p) => p.text.clone(),
        }),
        affects: s.affects.iter().map(|r| reference(model, r)).collect(),
        colours: s.colours.iter().map(|(c, _)| Kw(*c)).collect(),
    }
}

fn net(model: &Model, n: &m::Net) -> Net {
    Net {
        side: side_id(model, n.side),
        id: n.name.id.clone(),
        display: n.display.clone(),
        members: n.members.iter().map(|r| reference(model, r)).collect(),
    }
}

fn link(model: &Model, l: &m::Link) -> Link {
    Link {
        side: side_id(model, l.side),
        from: reference(model, &l.from),
        to: reference(model, &l.to),
    }
}

fn when(model: &Model, w: &m::When) -> When {
    match w {
        m::When::Turn(t, _) => When::Turn { turn: *t },
        m::When::Clock(c, _) => When::Clock {
            time: clock(*c),
            turn: turn_of(model, *c),
        },
    }
}

/// The turn a clock time falls in, by the rulebook's one conversion (§7, as
/// MC603 counts it); None without a start time.
fn turn_of(model: &Model, minutes: u32) -> Option<i64> {
    let h = model.header.as_ref()?;
    Some(muster_rules::scale::turn_of_clock(
        h.start_minutes?,
        minutes,
        h.turn_minutes,
    ))
}

/// Numbers things per side (1, 2, …), so a side's ids and labels say nothing of
/// how many the enemy has.
#[derive(Default)]
struct PerSide(Vec<(String, u32)>);

impl PerSide {
    fn next(&mut self, side: &str) -> u32 {
        match self.0.iter_mut().find(|(s, _)| s == side) {
            Some((_, n)) => {
                *n = n.saturating_add(1);
                *n
            }
            None => {
                self.0.push((side.to_string(), 1));
                1
            }
        }
    }
}

fn arrivals(model: &Model) -> Vec<Arrival> {
    let mut counts = PerSide::default();
    model
        .arrivals
        .iter()
        .map(|a| {
            let side = a.side.map(|s| side_id(model, s));
            let owner = side.clone().unwrap_or_else(|| "unknown".into());
            let n = counts.next(&owner);
            arrival(model, a, side, format!("{owner}.arrival-{n}"))
        })
        .collect()
}

fn arrival(model: &Model, a: &m::Arrival, side: Option<String>, id: String) -> Arrival {
    Arrival {
        id,
        side,
        unit: reference(model, &a.unit),
        when: when(model, &a.when),
        at: reference(model, &a.at),
        text: a.prose.as_ref().map(|p| p.text.clone()),
        condition: a.condition.as_ref().map(|c| condition(model, c)),
    }
}

fn event(model: &Model, e: &m::Event) -> Event {
    Event {
        id: e.name.id.clone(),
        when: when(model, &e.when),
        text: e.prose.text.clone(),
        condition: e.condition.as_ref().map(|c| condition(model, c)),
    }
}

fn victory(model: &Model, v: &m::Victory) -> Victory {
    Victory {
        side: v.side.name.id.clone(),
        level: v.level.map(|(l, _)| match l {
            m::VictoryLevel::Grade(Grade::Decisive) => Level::Decisive,
            m::VictoryLevel::Grade(Grade::Marginal) => Level::Marginal,
            m::VictoryLevel::Points(points) => Level::Points { points },
        }),
        requires: group(&v.group),
        text: v.prose.text.clone(),
        conditions: v
            .conditions
            .iter()
            .map(|c| match c {
                m::Condition::Holds { target, by, .. } => Condition::Holds {
                    target: reference(model, target),
                    by_turn: *by,
                },
                m::Condition::Destroys { target, .. } => Condition::Destroys {
                    target: reference(model, target),
                },
                m::Condition::Exits { unit, at, .. } => Condition::Exits {
                    unit: reference(model, unit),
                    at: reference(model, at),
                },
                m::Condition::Losses {
                    what, count, of, ..
                } => Condition::Losses {
                    counts: match what {
                        m::LossKind::Models => Counted::Models,
                        m::LossKind::Figures => Counted::Figures,
                    },
                    count: *count,
                    of: reference(model, of),
                },
            })
            .collect(),
    }
}

fn group(g: &m::ConditionGroup) -> Group {
    Group {
        mode: super::Kw(g.mode),
        members: g
            .members
            .iter()
            .map(|x| match x {
                m::GroupMember::Condition(i) => Member::Condition {
                    index: u32::try_from(*i).unwrap_or(u32::MAX),
                },
                m::GroupMember::Group(g) => Member::Group { group: group(g) },
            })
            .collect(),
    }
}

/// The map position an intel report points at: only map features and points,
/// never the enemy unit's real position.
fn report_position(model: &Model, o: &m::Objective) -> Option<Point> {
    match o {
        m::Objective::Point(p, _) => Some((*p).into()),
        m::Objective::Bearing(..) => None,
        m::Objective::Ref(r) => match r.target? {
            Target::Place(i) => match model.places.get(i.0)?.at {
                m::PlaceAt::Point(p) => Some(p.into()),
                m::PlaceAt::Edge(_) => None,
            },
            Target::Crossing(i) => Some(model.crossings.get(i.0)?.at.into()),
            Target::Area(i) => centroid(&model.areas.get(i.0)?.outline),
            _ => None,
        },
    }
}

fn centroid(ps: &[m::Pos]) -> Option<Point> {
    mean_point(ps).map(Point::from)
}

/// The label a person reads for an intel report's id: `british.report-2` is
/// "report 2" (the label [`intel`] gives it).
pub(crate) fn report_label(id: &str) -> String {
    let own = id.rsplit_once('.').map_or(id, |(_, own)| own);
    own.replacen('-', " ", 1)
}

fn intel(model: &Model) -> Vec<Intel> {
    let mut counts = PerSide::default();
    model
        .intel
        .iter()
        .map(|i| {
            let side = i.side.name.id.clone();
            let n = counts.next(&side);
            Intel {
                id: format!("{side}.report-{n}"),
                side,
                label: format!("report {n}"),
                unit: Some(reference(model, &i.unit)),
                seen_at: i.seen_at.as_ref().map(|o| objective(model, o)),
                position: i.seen_at.as_ref().and_then(|o| report_position(model, o)),
                precision: i.precision.map(Kw),
                words: i.words.as_ref().map(|p| p.text.clone()),
            }
        })
        .collect()
}

fn latency(model: &Model, analysis: &Analysis) -> Vec<Latency> {
    let unit_id = |u: m::UnitId| model.units.get(u.0).map(|u| u.name.id.clone());
    analysis
        .latency
        .iter()
        .filter_map(|r| {
            Some(Latency {
                side: side_id(model, model.units.get(r.unit.0)?.side),
                from: unit_id(r.from)?,
                unit: unit_id(r.unit)?,
                links: r.links,
                runner_turns: r.runner_turns,
                hot_turn: r.hot_turn,
                cold_turn: r.cold_turn,
            })
        })
        .collect()
}
