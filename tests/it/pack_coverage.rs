//! The shipped pack must show off the whole language: every construct of the
//! grammar and every word of the rulebook's vocabulary appears in some scenario or
//! library file under `scenarios/`, so the pack keeps covering the language as it
//! grows. A new syntax-tree variant fails to compile here until it is listed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_rules::vocab::*;
use muster_syntax::ast::*;
use muster_syntax::{FileId, Severity};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Declares a naming function with an exhaustive match (no wildcard, so a new
/// variant is a compile error) and the list of every name it can return.
macro_rules! kinds {
    ($name:ident, $all:ident, $ty:ty { $($pat:pat => $word:literal),+ $(,)? }) => {
        fn $name(x: &$ty) -> &'static str {
            match x { $($pat => $word),+ }
        }
        const $all: &[&str] = &[$($word),+];
    };
}

kinds!(item_name, ITEMS, Item {
    Item::Use(_) => "use",
    Item::Scenario(_) => "scenario",
    Item::Side(_) => "side",
    Item::Map(_) => "map",
    Item::Template(_) => "template",
    Item::Forces(_) => "forces",
    Item::Nets(_) => "nets",
    Item::Orders(_) => "orders",
    Item::Signal(_) => "signal",
    Item::Arrival(_) => "arrival",
    Item::Event(_) => "event",
    Item::Victory(_) => "victory",
    Item::Intel(_) => "intel",
    Item::Umpire(_) => "umpire",
    Item::Briefing(_) => "briefing",
    Item::Terrain(_) => "terrain",
});

kinds!(feature_name, FEATURES, Feature {
    Feature::Area(_) => "area",
    Feature::Line(_) => "line",
    Feature::Crossing(_) => "crossing",
    Feature::Place(_) => "place",
});

kinds!(shape_name, SHAPES, Shape {
    Shape::Polygon { .. } => "polygon",
    Shape::Rect { .. } => "rect",
    Shape::Circle { .. } => "circle",
});

kinds!(crossing_name, CROSSINGS, CrossingKind {
    CrossingKind::Bridge => "bridge",
    CrossingKind::Ford => "ford",
    CrossingKind::LevelCrossing => "level-crossing",
});

kinds!(place_location_name, PLACE_LOCATIONS, PlaceLocation {
    PlaceLocation::At(_) => "at",
    PlaceLocation::Edge(_) => "edge",
});

kinds!(element_kind_name, ELEMENT_KINDS, ElementKind {
    ElementKind::Foot { .. } => "foot",
    ElementKind::Vehicle { .. } => "vehicle",
    ElementKind::Artillery { .. } => "artillery",
    ElementKind::Aircraft { .. } => "aircraft",
    ElementKind::Ship { .. } => "ship",
});

kinds!(attr_name, ATTRS, ElementAttr {
    ElementAttr::Name(_) => "name",
    ElementAttr::Figures(_) => "figures",
    ElementAttr::Models(_) => "models",
    ElementAttr::Represents(_) => "represents",
    ElementAttr::Mix(_) => "mix",
    ElementAttr::Weapon(_) => "weapon",
    ElementAttr::Radio(_) => "radio",
    ElementAttr::Telephone(_) => "telephone",
    ElementAttr::Commander(_) => "commander",
    ElementAttr::At(_) => "at",
    ElementAttr::Facing(_) => "facing",
    ElementAttr::Posture(_) => "posture",
    ElementAttr::EmbussedIn(_) => "embussed-in",
    ElementAttr::RidingOn(_) => "riding-on",
    ElementAttr::RegistersFor(_) => "registers-for",
    ElementAttr::HmgZone { .. } => "hmg-zone",
    ElementAttr::Task { .. } => "task",
    ElementAttr::RefuelAt(_) => "refuel-at",
    ElementAttr::Note(_) => "note",
    ElementAttr::UmpireNote(_) => "umpire",
    ElementAttr::Start(_) => "start",
    ElementAttr::Prepared(_) => "prepared",
    ElementAttr::Override(_) => "override",
});

kinds!(placement_name, PLACEMENTS, Placement {
    Placement::At { .. } => "at",
    Placement::InLine { .. } => "in-line",
});

kinds!(net_entry_name, NET_ENTRIES, NetEntry {
    NetEntry::Radio { .. } => "radio",
    NetEntry::Telephone { .. } => "telephone",
    NetEntry::Messenger { .. } => "messenger",
    NetEntry::Net { .. } => "net",
});

kinds!(objective_name, OBJECTIVES, Objective {
    Objective::Ref(_) => "ref",
    Objective::Bearing(_) => "bearing",
    Objective::Point(_) => "point",
});

kinds!(timing_name, TIMINGS, Timing {
    Timing::Immediately(_) => "immediately",
    Timing::By(_) => "by",
    Timing::After(_) => "after",
    Timing::Until(_) => "until",
    Timing::OnSignal(_) => "on-signal",
    Timing::At(_) => "at",
    Timing::UntilEnd(_) => "until-end",
    Timing::Condition(_) => "condition",
});

kinds!(trigger_name, TRIGGERS, SignalTrigger {
    SignalTrigger::Command(_) => "command",
    SignalTrigger::Capture(_) => "capture",
    SignalTrigger::Condition(_) => "condition",
});

kinds!(when_name, WHENS, When {
    When::Turn(_) => "turn",
    When::Clock(_) => "clock",
});

kinds!(victory_name, VICTORIES, VictoryCondition {
    VictoryCondition::Holds { by: None, .. } => "holds-at-end",
    VictoryCondition::Holds { by: Some(_), .. } => "holds-by-turn",
    VictoryCondition::Destroys { .. } => "destroys",
    VictoryCondition::Exits { .. } => "exits",
    VictoryCondition::Losses { what: LossKind::Models, .. } => "destroys-models",
    VictoryCondition::Losses { what: LossKind::Figures, .. } => "inflicts-figures",
});

/// Optional parts of items that are constructs in their own right.
const OPTIONAL_PARTS: &[&str] = &[
    "scenario:start-date",
    "scenario:start-time",
    "scenario:turns",
    "scenario:turn-length",
    "scenario:ends",
    "scenario:first-bound",
    "scenario:weather",
    "scenario:light",
    "scenario:table",
    "scenario:ground-scale",
    "scenario:notes",
    "scenario:override",
    "scenario:override-reason",
    "side:several-nations",
    "side:player",
    "briefing:side",
    "briefing:umpire",
    "area:structure",
    "line:width",
    "area:defined-terrain",
    "line:defined-terrain",
    "terrain:name",
    "crossing:over",
    "crossing:carries",
    "crossing:length",
    "place:refuelling",
    "place:edge-stretch",
    "place:edge-point",
    "template:dated-range",
    "template:dated-year",
    "template:nation",
    "template:sub-unit",
    "unit:from-template",
    "unit:template-override",
    "unit:attached-to",
    "unit:nation",
    "unit:note",
    "unit:umpire",
    "unit:sub-unit",
    "unit:start",
    "unit:prepared",
    "unit:override",
    "element:hq",
    "element:specialism",
    "element:weapon-mount",
    "element:weapon-calibre",
    "element:artillery-calibre",
    "element:armoured",
    "element:soft",
    "element:open-topped",
    "element:enclosed",
    "task:with-target",
    "net:name",
    "order:prose",
    "order:several-timings",
    "signal:affects",
    "signal:colours",
    "arrival:prose",
    "arrival:condition",
    "event:condition",
    "condition:if",
    "condition:unless",
    "order:phases",
    "intel:known",
    "intel:seen",
    "victory:level-grade",
    "victory:level-points",
    "victory:group-written",
    "victory:group-nested",
    "unit:historical-strength",
    "messenger:via",
];

/// Vocabulary that history gives the pack no honest use for. Each entry says why;
/// everything else must appear.
const HISTORICALLY_ABSENT: &[(&str, &str)] = &[
    (
        "messenger:via",
        "no source the pack cites gives the way a runner took between two elements on one \
         of its tables; a route the sources do not give would be invented",
    ),
    (
        "crossing:level-crossing",
        "no source the pack cites places a level crossing on one of its tables; Mokra's \
         railway is drawn as an embankment area and no road of the scenario crosses it",
    ),
    (
        "aircraft:helicopter",
        "no helicopter fought in a company-to-brigade action the pack portrays; \
         the autogyro (Yelnya, 1941) shows the refuelling-ground rules instead",
    ),
    (
        "ship:gunboat",
        "the pack's landings were supported by battleships, cruisers and destroyers \
         firing from off the table; no gunboat action is portrayed",
    ),
    (
        "messenger:pigeon",
        "the pack's pigeons (9th Parachute Battalion's at Merville) flew to England, off the \
         table; a messenger link joins two elements on it",
    ),
    (
        "messenger:dog",
        "the 9th Parachute Battalion's dog was lost in the drop; no action of the pack \
         records a message carried by a dog",
    ),
    (
        "messenger:motorcycle",
        "no action of the pack records a despatch rider carrying a message between two \
         elements on the table",
    ),
];

fn vocab<T: Copy + std::fmt::Display>(prefix: &str, all: &[T]) -> Vec<String> {
    all.iter().map(|v| format!("{prefix}:{v}")).collect()
}

fn prefixed(prefix: &str, all: &[&str]) -> Vec<String> {
    all.iter().map(|v| format!("{prefix}:{v}")).collect()
}

/// Every construct and word of the language, as `kind:word` strings.
fn every_construct() -> BTreeSet<String> {
    let mut all: Vec<String> = Vec::new();
    all.extend(prefixed("item", ITEMS));
    all.extend(prefixed("feature", FEATURES));
    all.extend(prefixed("shape", SHAPES));
    all.extend(prefixed("crossing", CROSSINGS));
    all.extend(prefixed("place", PLACE_LOCATIONS));
    all.extend(prefixed("element-kind", ELEMENT_KINDS));
    all.extend(prefixed("attr", ATTRS));
    all.extend(prefixed("placement", PLACEMENTS));
    all.extend(prefixed("net", NET_ENTRIES));
    all.extend(prefixed("order-objective", OBJECTIVES));
    all.extend(prefixed("timing", TIMINGS));
    all.extend(prefixed("trigger", TRIGGERS));
    all.extend(prefixed("arrival-when", WHENS));
    all.extend(prefixed("event-when", WHENS));
    all.extend(prefixed("victory", VICTORIES));
    all.extend(OPTIONAL_PARTS.iter().map(|s| s.to_string()));
    all.extend(vocab("foot", FootType::ALL));
    all.extend(vocab("specialism", Specialism::ALL));
    all.extend(vocab("vehicle", VehicleRole::ALL));
    all.extend(vocab("drive", Drive::ALL));
    all.extend(vocab("artillery", ArtilleryWeapon::ALL));
    all.extend(vocab("aircraft", AircraftRole::ALL));
    all.extend(vocab("ship", ShipRole::ALL));
    all.extend(vocab("messenger", MessengerMethod::ALL));
    all.extend(vocab("weapon", WeaponKind::ALL));
    all.extend(vocab("mount", Mount::ALL));
    all.extend(vocab("radio", RadioRange::ALL));
    all.extend(vocab("posture", Posture::ALL));
    all.extend(vocab("signal", SignalKind::ALL));
    all.extend(vocab("terrain", TerrainKind::ALL));
    all.extend(vocab("strength", Strength::ALL));
    all.extend(vocab("height", Height::ALL));
    all.extend(vocab("line", LineKind::ALL));
    all.extend(vocab("precision", Precision::ALL));
    all.extend(vocab("intensity", Intensity::ALL));
    all.extend(vocab("stance", Stance::ALL));
    all.extend(vocab("echelon", Echelon::ALL));
    all.extend(vocab("weather", Weather::ALL));
    all.extend(vocab("light", Light::ALL));
    all.extend(vocab("edge", Edge::ALL));
    all.extend(vocab("severity", SeverityLevel::ALL));
    all.extend(vocab("briefing-section", BriefingSection::ALL));
    all.extend(vocab("group", GroupMode::ALL));
    all.extend(vocab("grade", Grade::ALL));
    all.extend(vocab("mover", Mover::ALL));
    all.extend(grades());
    all.into_iter().collect()
}

/// The grades a `terrain` item may give (§95–§97), as `kind:word` strings.
fn grades() -> Vec<String> {
    use muster_rules::terrain::{CoverGrade, MoveGrade, ObsGrade};
    let mut out = Vec::new();
    out.extend(
        MoveGrade::ALL
            .iter()
            .map(|g| format!("movement:{}", g.keyword())),
    );
    out.extend(
        ObsGrade::ALL
            .iter()
            .map(|g| format!("observation:{}", g.keyword())),
    );
    out.extend(
        CoverGrade::ALL
            .iter()
            .map(|g| format!("cover:{}", g.keyword())),
    );
    out
}

/// What the pack must show: everything but the historically absent words.
fn expected() -> BTreeSet<String> {
    let absent: BTreeSet<&str> = HISTORICALLY_ABSENT.iter().map(|(k, _)| *k).collect();
    every_construct()
        .into_iter()
        .filter(|k| !absent.contains(k.as_str()))
        .collect()
}

/// What one parsed file shows, added to `seen`.
struct Seen(BTreeSet<String>);

impl Seen {
    fn add(&mut self, prefix: &str, word: impl std::fmt::Display) {
        self.0.insert(format!("{prefix}:{word}"));
    }

    fn part(&mut self, part: &str) {
        self.0.insert(part.to_string());
    }

    fn file(&mut self, file: &File) {
        for item in &file.items {
            self.add("item", item_name(item));
            match item {
                Item::Use(_) | Item::Umpire(_) => {}
                Item::Terrain(t) => {
                    if t.name.is_some() {
                        self.part("terrain:name");
                    }
                    for m in &t.movement {
                        self.add("mover", m.mover.value);
                        self.add("movement", m.grade.value.keyword());
                    }
                    if let Some(o) = &t.observation {
                        self.add("observation", o.value.keyword());
                    }
                    if let Some(c) = &t.cover {
                        self.add("cover", c.value.keyword());
                    }
                }
                Item::Scenario(s) => self.scenario(s),
                Item::Side(s) => {
                    if s.nations.len() > 1 {
                        self.part("side:several-nations");
                    }
                    if !s.players.is_empty() {
                        self.part("side:player");
                    }
                }
                Item::Map(m) => m.features.iter().for_each(|f| self.feature(f)),
                Item::Template(t) => {
                    match &t.dated {
                        Some((a, b)) if a.value != b.value => self.part("template:dated-range"),
                        Some(_) => self.part("template:dated-year"),
                        None => {}
                    }
                    if t.nation.is_some() {
                        self.part("template:nation");
                    }
                    if !t.body.units.is_empty() {
                        self.part("template:sub-unit");
                    }
                    self.body(&t.body);
                }
                Item::Forces(f) => f.units.iter().for_each(|u| self.unit(u)),
                Item::Nets(n) => {
                    for e in &n.entries {
                        self.add("net", net_entry_name(e));
                        if let NetEntry::Net { name: Some(_), .. } = e {
                            self.part("net:name");
                        }
                        if let NetEntry::Messenger { method, via, .. } = e {
                            self.add("messenger", method.value);
                            if !via.is_empty() {
                                self.part("messenger:via");
                            }
                        }
                    }
                }
                Item::Orders(o) => o.orders.iter().for_each(|o| self.order(o)),
                Item::Signal(s) => {
                    self.add("signal", s.kind.value);
                    if let Some(t) = &s.trigger {
                        self.add("trigger", trigger_name(t));
                    }
                    if !s.affects.is_empty() {
                        self.part("signal:affects");
                    }
                    if !s.colours.is_empty() {
                        self.part("signal:colours");
                    }
                }
                Item::Arrival(a) => {
                    self.add("arrival-when", when_name(&a.when));
                    if a.prose.is_some() {
                        self.part("arrival:prose");
                    }
                    if let Some(c) = &a.condition {
                        self.part("arrival:condition");
                        self.condition(c);
                    }
                }
                Item::Event(e) => {
                    self.add("event-when", when_name(&e.when));
                    if let Some(c) = &e.condition {
                        self.part("event:condition");
                        self.condition(c);
                    }
                }
                Item::Victory(v) => self.victory(v),
                Item::Briefing(b) => {
                    self.part(if b.side.is_some() {
                        "briefing:side"
                    } else {
                        "briefing:umpire"
                    });
                    for t in &b.sections {
                        self.add("briefing-section", t.section.value);
                    }
                }
                Item::Intel(i) => {
                    for e in &i.entries {
                        self.part(if e.seen_at.is_some() {
                            "intel:seen"
                        } else {
                            "intel:known"
                        });
                        if let Some(p) = &e.precision {
                            self.add("precision", p.value);
                        }
                    }
                }
            }
        }
    }

    fn condition(&mut self, c: &SignalCondition) {
        self.part(if c.unless {
            "condition:unless"
        } else {
            "condition:if"
        });
    }

    fn scenario(&mut self, s: &Scenario) {
        let parts = [
            (s.start_date.is_some(), "scenario:start-date"),
            (s.start_time.is_some(), "scenario:start-time"),
            (s.turns.is_some(), "scenario:turns"),
            (s.turn_length.is_some(), "scenario:turn-length"),
            (!s.end_conditions.is_empty(), "scenario:ends"),
            (s.first_bound.is_some(), "scenario:first-bound"),
            (s.weather.is_some(), "scenario:weather"),
            (s.light.is_some(), "scenario:light"),
            (s.table.is_some(), "scenario:table"),
            (s.ground_scale.is_some(), "scenario:ground-scale"),
            (!s.notes.is_empty(), "scenario:notes"),
            (!s.overrides.is_empty(), "scenario:override"),
            (
                s.overrides.iter().any(|o| o.reason.is_some()),
                "scenario:override-reason",
            ),
        ];
        for (present, part) in parts {
            if present {
                self.part(part);
            }
        }
        if let Some(w) = &s.weather {
            self.add("weather", w.value);
        }
        if let Some(l) = &s.light {
            self.add("light", l.value);
        }
        for o in &s.overrides {
            self.add("severity", o.level.value);
        }
    }

    fn feature(&mut self, f: &Feature) {
        self.add("feature", feature_name(f));
        match f {
            Feature::Area(a) => {
                match &a.kind {
                    KindRef::Builtin(k) => self.add("terrain", k.value),
                    KindRef::Defined(_) => self.part("area:defined-terrain"),
                }
                self.add("shape", shape_name(&a.shape));
                if let Some(s) = &a.structure {
                    self.part("area:structure");
                    self.add("strength", s.strength.value);
                    self.add("height", s.height.value);
                }
            }
            Feature::Line(l) => {
                match &l.kind {
                    KindRef::Builtin(k) => self.add("line", k.value),
                    KindRef::Defined(_) => self.part("line:defined-terrain"),
                }
                if l.width.is_some() {
                    self.part("line:width");
                }
            }
            Feature::Crossing(c) => {
                self.add("crossing", crossing_name(&c.kind.value));
                let parts = [
                    (c.over.is_some(), "crossing:over"),
                    (c.carries.is_some(), "crossing:carries"),
                    (c.length.is_some(), "crossing:length"),
                ];
                for (present, part) in parts {
                    if present {
                        self.part(part);
                    }
                }
            }
            Feature::Place(p) => {
                self.add("place", place_location_name(&p.location));
                if let PlaceLocation::Edge(e) = &p.location {
                    self.add("edge", e.value);
                }
                if p.refuelling {
                    self.part("place:refuelling");
                }
                match &p.stretch {
                    Some(st) if st.from == st.to => self.part("place:edge-point"),
                    Some(_) => self.part("place:edge-stretch"),
                    None => {}
                }
            }
        }
    }

    fn victory(&mut self, v: &Victory) {
        v.conditions
            .iter()
            .for_each(|c| self.add("victory", victory_name(c)));
        match v.level.as_ref().map(|l| l.value) {
            Some(VictoryLevel::Grade(g)) => {
                self.part("victory:level-grade");
                self.add("grade", g);
            }
            Some(VictoryLevel::Points(_)) => self.part("victory:level-points"),
            None => {}
        }
        self.group(&v.group);
    }

    fn group(&mut self, g: &VictoryGroup) {
        if g.written {
            self.part("victory:group-written");
            self.add("group", g.mode);
        }
        for m in &g.members {
            if let GroupMember::Group(inner) = m {
                self.part("victory:group-nested");
                self.group(inner);
            }
        }
    }

    fn unit(&mut self, u: &Unit) {
        if u.historical_strength.is_some() {
            self.part("unit:historical-strength");
        }
        self.add("echelon", u.echelon.value);
        if let Some(p) = &u.placement {
            self.add("placement", placement_name(p));
        }
        if u.template.is_some() {
            self.part("unit:from-template");
            if !u.body.elements.is_empty() {
                self.part("unit:template-override");
            }
        }
        let parts = [
            (!u.attached_to.is_empty(), "unit:attached-to"),
            (u.nation.is_some(), "unit:nation"),
            (!u.notes.is_empty(), "unit:note"),
            (!u.umpire_notes.is_empty(), "unit:umpire"),
            (!u.body.units.is_empty(), "unit:sub-unit"),
            (u.start.is_some(), "unit:start"),
            (u.prepared.is_some(), "unit:prepared"),
            (!u.overrides.is_empty(), "unit:override"),
        ];
        for (present, part) in parts {
            if present {
                self.part(part);
            }
        }
        self.body(&u.body);
    }

    fn body(&mut self, b: &UnitBody) {
        b.elements.iter().for_each(|e| self.element(e));
        b.units.iter().for_each(|u| self.unit(u));
    }

    fn element(&mut self, e: &Element) {
        if e.is_hq {
            self.part("element:hq");
        }
        if let Some(kind) = &e.kind {
            self.add("element-kind", element_kind_name(kind));
            match kind {
                ElementKind::Foot { ty, specialism, .. } => {
                    self.add("foot", ty.value);
                    if let Some(s) = specialism {
                        self.part("element:specialism");
                        self.add("specialism", s.value);
                    }
                }
                ElementKind::Vehicle {
                    role,
                    drive,
                    armoured,
                    open_topped,
                    ..
                } => {
                    self.add("vehicle", role.value);
                    if let Some(d) = drive {
                        self.add("drive", d.value);
                    }
                    match armoured.as_ref().map(|a| a.value) {
                        Some(true) => self.part("element:armoured"),
                        Some(false) => self.part("element:soft"),
                        None => {}
                    }
                    match open_topped.as_ref().map(|o| o.value) {
                        Some(true) => self.part("element:open-topped"),
                        Some(false) => self.part("element:enclosed"),
                        None => {}
                    }
                }
                ElementKind::Artillery {
                    weapon, calibre, ..
                } => {
                    self.add("artillery", weapon.value);
                    if calibre.is_some() {
                        self.part("element:artillery-calibre");
                    }
                }
                ElementKind::Aircraft { role, .. } => self.add("aircraft", role.value),
                ElementKind::Ship { role, .. } => self.add("ship", role.value),
            }
        }
        for attr in &e.attrs {
            self.add("attr", attr_name(attr));
            match attr {
                ElementAttr::Weapon(w) => {
                    self.add("weapon", w.kind.value);
                    if let Some(m) = &w.mount {
                        self.part("element:weapon-mount");
                        self.add("mount", m.value);
                    }
                    if w.calibre.is_some() {
                        self.part("element:weapon-calibre");
                    }
                }
                ElementAttr::Radio(r) => self.add("radio", r.value),
                ElementAttr::Posture(p) => self.add("posture", p.value),
                ElementAttr::Task {
                    target: Some(_), ..
                } => self.part("task:with-target"),
                _ => {}
            }
        }
    }

    fn order(&mut self, o: &Order) {
        if let Some(s) = &o.stance {
            self.add("stance", s.value);
        }
        if let Some(i) = &o.intensity {
            self.add("intensity", i.value);
        }
        if let Some(obj) = &o.objective {
            self.add("order-objective", objective_name(obj));
        }
        let phases = o.phases.iter().flat_map(|p| &p.timing);
        for t in o.timing.iter().chain(phases) {
            self.add("timing", timing_name(t));
            if let Timing::Condition(c) = t {
                self.condition(c);
            }
        }
        if !o.phases.is_empty() {
            self.part("order:phases");
        }
        for p in &o.phases {
            if let Some(s) = &p.stance {
                self.add("stance", s.value);
            }
            if let Some(obj) = &p.objective {
                self.add("order-objective", objective_name(obj));
            }
        }
        if o.timing.len() > 1 {
            self.part("order:several-timings");
        }
        if o.prose.is_some() {
            self.part("order:prose");
        }
    }
}

fn muster_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            muster_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "muster") {
            out.push(path);
        }
    }
}

fn pack_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files = Vec::new();
    muster_files(&root, &mut files);
    files
}

#[test]
fn every_pack_file_parses_without_syntax_errors() {
    let files = pack_files();
    assert!(
        files.len() >= 8,
        "the pack should hold scenarios and libraries, found {files:?}"
    );
    let mut failures = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        let parsed = muster_syntax::parse(FileId(i as u32), &text);
        for d in parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            failures.push(format!("{}: {} {}", path.display(), d.code, d.message));
        }
    }
    assert!(
        failures.is_empty(),
        "syntax errors in the pack:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_pack_uses_every_construct_of_the_language() {
    let mut seen = Seen(BTreeSet::new());
    for (i, path) in pack_files().iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        seen.file(&muster_syntax::parse(FileId(i as u32), &text).file);
    }
    let missing: Vec<String> = expected().difference(&seen.0).cloned().collect();
    assert!(
        missing.is_empty(),
        "the shipped pack no longer shows these constructs; use them in a scenario:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn historically_absent_words_are_real_words() {
    let all = every_construct();
    for (key, why) in HISTORICALLY_ABSENT {
        assert!(
            all.contains(*key),
            "`{key}` is not a construct of the language"
        );
        assert!(!why.trim().is_empty(), "`{key}` needs a reason");
    }
}

/// The scenarios of the pack (not its libraries), by file name.
fn scenario_texts() -> Vec<(String, String)> {
    pack_files()
        .into_iter()
        .filter(|p| !p.components().any(|c| c.as_os_str() == "lib"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn parsed(name: &str) -> File {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    muster_syntax::parse(FileId(0), &text).file
}

/// The x-range of a named area, from its shape's points.
fn area_x(file: &File, id: &str) -> (f64, f64) {
    for item in &file.items {
        let Item::Map(m) = item else { continue };
        for f in &m.features {
            let Feature::Area(a) = f else { continue };
            if a.id.name != id {
                continue;
            }
            let xs: Vec<f64> = match &a.shape {
                Shape::Polygon { points, .. } => points.iter().map(|p| p.x).collect(),
                Shape::Rect { corner, width, .. } => vec![corner.x, corner.x + width.value],
                Shape::Circle { centre, radius, .. } => {
                    vec![centre.x - radius.value, centre.x + radius.value]
                }
            };
            let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            return (lo, hi);
        }
    }
    panic!("no area `{id}`");
}

fn place_x(file: &File, id: &str) -> f64 {
    for item in &file.items {
        let Item::Map(m) = item else { continue };
        for f in &m.features {
            if let Feature::Place(p) = f {
                if p.id.name == id {
                    if let PlaceLocation::At(pt) = &p.location {
                        return pt.x;
                    }
                }
            }
        }
    }
    panic!("no placed place `{id}`");
}

fn arrival_at(file: &File, unit: &str) -> String {
    file.items
        .iter()
        .find_map(|i| match i {
            Item::Arrival(a) if a.unit.name == unit => Some(a.at.name.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no arrival of `{unit}`"))
}

/// The gliders landed east of the canal and assaulted westward;
/// Bénouville, Le Port and the café are on the west bank, and the German
/// counter-attack came from there; the coup de main had no Vickers guns.
#[test]
fn pegasus_is_the_right_way_round() {
    let f = parsed("pegasus-bridge.muster");
    let (canal_w, canal_e) = area_x(&f, "canal");
    assert!(
        place_x(&f, "lz-x") > canal_e,
        "Landing Zone X lies east of the canal"
    );
    assert!(
        area_x(&f, "lz-field").0 >= canal_e,
        "the glider field is east of the canal"
    );
    assert!(
        area_x(&f, "benouville").1 < canal_w,
        "Bénouville lies west of the canal"
    );
    assert!(
        area_x(&f, "le-port").1 < canal_w,
        "Le Port lies west of the canal"
    );
    assert!(
        place_x(&f, "cafe") < canal_w,
        "the Café Gondrée is on the west bank"
    );
    assert!(area_x(&f, "canal").1 < place_x(&f, "lz-x"));
    assert_eq!(
        arrival_at(&f, "grenadiers"),
        "west-edge",
        "the counter-attack comes from the west"
    );
    assert_eq!(
        arrival_at(&f, "a-coy-7"),
        "ranville-edge",
        "the 7th Battalion comes from the east"
    );
    assert!(
        every_unit(&f).iter().all(|u| u
            .template
            .as_ref()
            .is_none_or(|t| t.name != "airborne-mg-platoon")),
        "the coup de main had no Vickers platoon"
    );
    let coup = every_unit(&f)
        .into_iter()
        .find(|u| u.id.name == "coup-de-main")
        .and_then(|u| u.historical_strength.as_ref())
        .and_then(|h| h.men.as_ref())
        .map(|m| m.value);
    assert_eq!(
        coup,
        Some(150),
        "181 men in six gliders, less the sixth glider's load: 150 on the table"
    );
    assert!(
        f.items
            .iter()
            .all(|i| !matches!(i, Item::Side(s) if s.id.name.contains("smiter")))
            && every_unit(&f).iter().all(|u| !u.id.name.contains("smiter")),
        "HMS Smiter was an escort carrier, not a bombarding ship"
    );
}

/// Every unit of the file's forces, sub-units included, in source order.
fn every_unit(file: &File) -> Vec<&Unit> {
    fn walk<'a>(units: &'a [Unit], out: &mut Vec<&'a Unit>) {
        for u in units {
            out.push(u);
            walk(&u.body.units, out);
        }
    }
    let mut out = Vec::new();
    for item in &file.items {
        if let Item::Forces(f) = item {
            walk(&f.units, &mut out);
        }
    }
    out
}

/// One figure of every `historical-strength` line in the file, where it is given.
fn historical(
    file: &File,
    pick: impl Fn(&HistoricalStrength) -> Option<&muster_syntax::Spanned<u32>>,
) -> Vec<u32> {
    every_unit(file)
        .iter()
        .filter_map(|u| u.historical_strength.as_ref())
        .filter_map(|h| pick(h).map(|n| n.value))
        .collect()
}

/// The unit whose name reads `name`.
fn unit_named<'a>(file: &'a File, name: &str) -> Option<&'a Unit> {
    every_unit(file)
        .into_iter()
        .find(|u| u.name.as_ref().is_some_and(|n| n.value == name))
}

/// The errors the histories show in the other scenarios stay corrected.
#[test]
fn scenario_corrections_hold() {
    let prok = parsed("prokhorovka.muster");
    let six = unit_named(&prok, "6./SS-Panzer-Regiment 1")
        .and_then(|u| u.historical_strength.as_ref())
        .and_then(|h| h.vehicles.as_ref())
        .map(|v| v.value);
    assert_eq!(
        six,
        Some(7),
        "the 6th Company met the tanks with seven Panzer IVs"
    );
    assert!(
        unit_named(&prok, "7./SS-Panzer-Regiment 1").is_none(),
        "the 7th Company was not on this ground"
    );
    let vb = parsed("villers-bocage.muster");
    assert_eq!(
        arrival_at(&vb, "lehr"),
        "north-edge",
        "Panzer Lehr came from the north"
    );
    let tot = parsed("totalize-1944.muster");
    let header = tot.items.iter().find_map(|i| match i {
        Item::Scenario(s) => Some(s),
        _ => None,
    });
    assert!(
        header.is_some_and(|h| h.notes.iter().any(|n| n.value.contains("Vaucelles"))),
        "the scenario says the short bombing fell round Vaucelles"
    );
    assert!(
        every_unit(&tot)
            .iter()
            .flat_map(|u| u.umpire_notes.iter().chain(&u.notes))
            .all(|n| !n.value.contains("nearest the bomb line")),
        "no unit on this table was hit by the short bombing"
    );
    let mokra = parsed("mokra-1939.muster");
    assert!(
        every_unit(&mokra).iter().any(|u| u
            .template
            .as_ref()
            .is_some_and(|t| t.name == "leichte-panzerkompanie-1939")),
        "4. Panzer-Division: Pz I and Pz II"
    );
    let lanz = parsed("lanzerath.muster");
    assert!(
        historical(&lanz, |h| h.men.as_ref()).contains(&18),
        "18 men held Lanzerath"
    );
    let turns = lanz.items.iter().find_map(|i| match i {
        Item::Scenario(s) => s.turns.as_ref().map(|t| t.value),
        _ => None,
    });
    assert!(
        turns.is_some_and(|t| t < 26),
        "the fight lasted one afternoon"
    );
    let merville = parsed("merville-battery.muster");
    assert!(
        historical(&merville, |h| h.men.as_ref()).contains(&150),
        "Merville: about 150 reached the battery (Barber)"
    );
    let ditch = merville.items.iter().any(|i| match i {
        Item::Map(m) => m.features.iter().any(|f| {
            matches!(f, Feature::Line(l) if matches!(&l.kind, KindRef::Defined(k) if k.name == "anti-tank-ditch"))
        }),
        _ => false,
    });
    assert!(ditch, "the battery was ringed by an anti-tank ditch");
    assert!(
        every_unit(&merville).iter().any(|u| u.prepared.is_some()),
        "the battery's garrison held prepared positions"
    );
}

/// Every scenario says whether all or any conditions must be met and
/// grades its results.
#[test]
fn every_scenario_states_all_or_any_and_graded_results() {
    for (name, text) in scenario_texts() {
        let file = muster_syntax::parse(FileId(0), &text).file;
        let victories: Vec<&Victory> = file
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Victory(v) => Some(v),
                _ => None,
            })
            .collect();
        for v in &victories {
            assert!(
                v.group.written || v.conditions.len() <= 1,
                "{name}: victory of `{}` lists conditions without all/any",
                v.side.name
            );
        }
        let sides: BTreeSet<&str> = victories.iter().map(|v| v.side.name.as_str()).collect();
        for side in sides {
            let graded = victories
                .iter()
                .filter(|v| v.side.name == side && v.level.is_some())
                .count();
            assert!(graded >= 2, "{name}: `{side}` needs graded results");
        }
    }
}

#[derive(serde::Deserialize)]
struct ServiceDates {
    equipment: Vec<Equipment>,
}

#[derive(serde::Deserialize)]
struct Equipment {
    what: String,
    nation: String,
    kind: String,
    weapon: Option<String>,
    calibre: Option<String>,
    from: i32,
    source: String,
}

/// Whether an element's words match an equipment entry: its type word, and the
/// weapon and calibre words when the entry gives them.
fn carries(words: &[&str], e: &Equipment) -> bool {
    words.first() == Some(&e.kind.as_str())
        && e.weapon.as_deref().is_none_or(|w| words.contains(&w))
        && e.calibre.as_deref().is_none_or(|c| words.contains(&c))
}

/// No template is dated before its equipment entered service, from a
/// table of service dates with sources in `scenarios/lib/`.
#[test]
fn no_template_is_dated_before_its_equipment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lib");
    let table: ServiceDates =
        toml::from_str(&std::fs::read_to_string(root.join("service-dates.toml")).unwrap()).unwrap();
    assert!(table.equipment.len() >= 5);
    for e in &table.equipment {
        assert!(
            !e.source.trim().is_empty() && !e.what.is_empty(),
            "{}: a source",
            e.what
        );
    }
    let mut checked = 0;
    let mut late = Vec::new();
    for path in pack_files().iter().filter(|p| p.starts_with(&root)) {
        let text = std::fs::read_to_string(path).unwrap();
        let file = muster_syntax::parse(FileId(0), &text).file;
        for item in &file.items {
            let Item::Template(t) = item else { continue };
            let (Some((first, _)), Some(nation)) = (&t.dated, &t.nation) else {
                continue;
            };
            for el in &t.body.elements {
                let src = text.get(el.span.start..el.span.end).unwrap_or("");
                // The element's type words follow its keyword, id and title.
                let rest: Vec<&str> = src.splitn(3, char::is_whitespace).collect();
                let rest = rest.get(2).copied().unwrap_or("").trim_start();
                let rest = match rest.strip_prefix('"') {
                    Some(titled) => titled.split_once('"').map_or("", |(_, after)| after),
                    None => rest,
                };
                let words: Vec<&str> = rest.split_whitespace().collect();
                for e in table
                    .equipment
                    .iter()
                    .filter(|e| e.nation == nation.name && carries(&words, e))
                {
                    checked += 1;
                    if first.value < e.from {
                        late.push(format!(
                            "{}: template `{}` dated {} carries {} (from {}; {})",
                            path.display(),
                            t.id.name,
                            first.value,
                            e.what,
                            e.from,
                            e.source
                        ));
                    }
                }
            }
        }
    }
    assert!(checked >= 5, "the table matched only {checked} elements");
    assert!(late.is_empty(), "anachronisms:\n{}", late.join("\n"));
}

/// The strength notes (MC214, MC215) fire nowhere in the pack; a
/// scenario that keeps a gap allows the code and explains it in its notes.
#[test]
fn strength_notes_in_the_pack_are_explained() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["check", "scenarios", "--format", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<String> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap().iter())
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    assert!(!codes.is_empty() || out.status.success());
    for code in ["MC215", "MC613", "MC614"] {
        assert!(!codes.iter().any(|c| c == code), "{code} fires in the pack");
    }
    // A strength twice the stated one is a note the scenario must answer in its notes.
    for f in json["files"].as_array().unwrap() {
        let fires = f["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "MC214");
        if fires {
            let path = f["path"].as_str().unwrap();
            let text = std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
            )
            .unwrap();
            assert!(
                text.to_lowercase().contains("strength"),
                "{path}: MC214 fires and no note says why"
            );
        }
    }
    for (name, text) in scenario_texts() {
        if text.contains("allow MC214") || text.contains("allow MC215") {
            assert!(
                text.contains("notes \"Strength"),
                "{name} allows a strength note without explaining it in its notes"
            );
        }
    }
}

/// The umpire's sheet carries what happened on the day, the designer's
/// balance note, and the optional rules the history asks for (a designer's note
/// or an `umpire` line of the adjudication checklist). Merville is checked by
/// its own test.
#[test]
fn every_umpire_sheet_has_the_history_a_balance_note_and_its_optional_rules() {
    let optional = [
        ("pegasus-bridge.muster", "glider scatter"),
        ("totalize-1944.muster", "short bombing"),
        ("villers-bocage.muster", "breakdowns"),
    ];
    for (name, text) in scenario_texts() {
        if name == "merville-battery.muster" {
            continue;
        }
        let file = muster_syntax::parse(FileId(0), &text).file;
        let history = file.items.iter().any(|i| match i {
            Item::Briefing(b) => {
                b.side.is_none()
                    && b.sections.iter().any(|t| {
                        t.section.value == BriefingSection::History && t.text.value.len() > 80
                    })
            }
            _ => false,
        });
        assert!(history, "{name}: no `briefing umpire {{ history \"…\" }}`");
        assert!(
            text.contains("notes \"Balance:"),
            "{name}: no designer's balance note"
        );
        for (file_name, rule) in optional {
            if name == file_name {
                assert!(
                    text.contains(&format!("notes \"Optional rule, {rule}"))
                        || text.contains(&format!("umpire \"Optional rule, {rule}")),
                    "{name}: no optional rule for {rule}"
                );
            }
        }
    }
}
