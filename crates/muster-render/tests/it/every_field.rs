//! The every-field leak test: a unique canary in every string field and every
//! identifier of the syntax tree, for every shipped scenario and a generated one
//! (with side-private map items), then no side's JSON, HTML or player sheet may
//! hold a canary of the other side or of the umpire, and the umpire sheet holds
//! them all.
//!
//! The walk destructures every node of `muster_syntax::ast` without `..`, so a
//! field added to the tree does not compile here until this test decides who may
//! read it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

#[allow(dead_code)]
#[path = "../../../muster-check/benches/support/generate.rs"]
mod generate;

use std::collections::{BTreeMap, BTreeSet};

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::{build, Templates};
use muster_syntax::ast::*;
use muster_syntax::{FileId, Ident, Span, Spanned};

/// Who may read a canary: side ids as written, `*` for every side, `umpire`.
type Owners = BTreeSet<String>;

const EVERYONE: &str = "*";
const UMPIRE: &str = "umpire";
/// Written but never printed anywhere (an unused library template).
const UNRENDERED: &str = "-";
/// What a named player's id is called: the umpire reads the name instead.
const NAMED_PLAYER_ID: &str = "player id (named)";

fn one(s: &str) -> Owners {
    [s.to_string()].into_iter().collect()
}

struct Canary {
    text: String,
    owners: Owners,
    /// What was replaced, for messages (`unit display name in lib/us.muster`).
    what: String,
}

/// The facts the walk needs before it starts: which side each unit and element
/// belongs to, and which sides use each template.
#[derive(Default)]
struct Facts {
    unit_side: BTreeMap<String, String>,
    template_users: BTreeMap<String, Owners>,
}

fn facts(files: &[(String, File)]) -> Facts {
    fn units(f: &mut Facts, side: &str, us: &[Unit]) {
        for u in us {
            f.unit_side.insert(u.id.name.clone(), side.to_string());
            for e in &u.body.elements {
                f.unit_side
                    .entry(e.id.name.clone())
                    .or_insert_with(|| side.to_string());
            }
            if let Some(t) = &u.template {
                f.template_users
                    .entry(t.name.clone())
                    .or_default()
                    .insert(side.to_string());
            }
            units(f, side, &u.body.units);
        }
    }
    let mut f = Facts::default();
    for (_, file) in files {
        for item in &file.items {
            if let Item::Forces(fo) = item {
                units(&mut f, &fo.side.name, &fo.units);
            }
        }
    }
    f
}

/// Plants canaries: text edits per file, identifiers renamed consistently.
struct Planter<'f> {
    facts: &'f Facts,
    canaries: Vec<Canary>,
    /// Identifier as written -> index of its canary.
    ids: BTreeMap<String, usize>,
    /// (span, replacement) per file being walked.
    edits: Vec<(Span, String)>,
    file: String,
}

impl Planter<'_> {
    fn fresh(&mut self, owners: Owners, what: &str) -> usize {
        let n = self.canaries.len();
        self.canaries.push(Canary {
            text: format!("cnr{n:04}q"),
            owners,
            what: format!("{what} in {}", self.file),
        });
        n
    }

    /// A quoted text: replaced by its own canary.
    fn text(&mut self, t: &Text, owners: Owners, what: &str) {
        let Spanned { value: _, span } = t;
        let n = self.fresh(owners, what);
        let c = self.canaries[n].text.clone();
        self.edits.push((*span, format!("\"{c}\"")));
    }

    fn opt_text(&mut self, t: &Option<Text>, owners: Owners, what: &str) {
        if let Some(t) = t {
            self.text(t, owners, what);
        }
    }

    /// An identifier or dotted path; `owners` is `Some` where it is defined.
    fn ident(&mut self, i: &Ident, owners: Option<Owners>, what: &str) {
        let Ident { name, span } = i;
        let mut parts = Vec::new();
        for part in name.split('.') {
            let n = match self.ids.get(part) {
                Some(n) => *n,
                None => {
                    let n = self.fresh(Owners::new(), &format!("{what} `{part}`"));
                    self.ids.insert(part.to_string(), n);
                    n
                }
            };
            if let Some(o) = &owners {
                self.canaries[n].owners.extend(o.iter().cloned());
            }
            parts.push(self.canaries[n].text.clone());
        }
        self.edits.push((*span, parts.join(".")));
    }

    fn def(&mut self, i: &Ident, owners: Owners, what: &str) {
        self.ident(i, Some(owners), what);
    }

    fn refer(&mut self, i: &Ident) {
        self.ident(i, None, "reference");
    }

    fn side_of(&self, unit: &str) -> Owners {
        let first = unit.split('.').next().unwrap_or(unit);
        self.facts
            .unit_side
            .get(first)
            .map(|s| one(s))
            .unwrap_or_else(|| one(UMPIRE))
    }

    fn file(&mut self, f: &File) {
        let File { items, comments } = f;
        // Comments are never printed: nothing to plant.
        for Comment { text: _, span: _ } in comments {}
        for item in items {
            self.item(item);
        }
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Use(Use { path: _, span: _ }) => {}
            Item::Scenario(s) => self.scenario(s),
            Item::Side(s) => self.side(s),
            Item::Map(Map { features, span: _ }) => {
                for f in features {
                    self.feature(f);
                }
            }
            Item::Template(t) => self.template(t),
            Item::Terrain(TerrainDef {
                id,
                name,
                // grades are vocabulary the checks read
                movement: _,
                observation: _,
                cover: _,
                span: _,
            }) => {
                // A terrain kind is common knowledge, like the rulebook's own types.
                self.def(id, one(EVERYONE), "terrain id");
                self.opt_text(name, one(EVERYONE), "terrain name");
            }
            Item::Forces(Forces {
                side,
                units,
                span: _,
            }) => {
                self.refer(side);
                for u in units {
                    self.unit(u, &side.name);
                }
            }
            Item::Nets(n) => self.nets(n),
            Item::Orders(Orders {
                side,
                orders,
                span: _,
            }) => {
                self.refer(side);
                for o in orders {
                    self.order(o, &side.name);
                }
            }
            Item::Signal(s) => self.signal(s),
            Item::Arrival(Arrival {
                unit,
                when: _,
                at,
                prose,
                condition,
                span: _,
            }) => {
                let owners = self.side_of(&unit.name);
                self.refer(unit);
                self.refer(at);
                if let Some(c) = condition {
                    self.refer(&c.signal);
                }
                self.opt_text(prose, owners, "arrival text");
            }
            Item::Event(Event {
                id,
                when: _,
                prose,
                condition,
                span: _,
            }) => {
                if let Some(c) = condition {
                    self.refer(&c.signal);
                }
                // the umpire's event table prints the text, not the id; no side may see either
                self.def(id, one(UNRENDERED), "event id");
                self.text(prose, one(UMPIRE), "event text");
            }
            Item::Victory(v) => self.victory(v),
            Item::Intel(i) => self.intel(i),
            Item::Umpire(UmpireNote { text, span: _ }) => {
                self.text(text, one(UMPIRE), "umpire note")
            }
            Item::Briefing(Briefing {
                side,
                sections,
                span: _,
            }) => {
                if let Some(side) = side {
                    self.refer(side);
                }
                let owner = side.as_ref().map_or(UMPIRE, |s| s.name.as_str());
                for BriefingText {
                    section: _,
                    text,
                    span: _,
                } in sections
                {
                    self.text(text, one(owner), "briefing text");
                }
            }
        }
    }

    fn victory(&mut self, v: &Victory) {
        let Victory {
            side,
            level: _,
            prose,
            conditions,
            group: _,
            span: _,
        } = v;
        self.refer(side);
        self.text(prose, one(&side.name), "victory text");
        for c in conditions {
            match c {
                VictoryCondition::Holds {
                    target,
                    by: _,
                    span: _,
                }
                | VictoryCondition::Destroys { target, span: _ } => self.refer(target),
                VictoryCondition::Exits { unit, at, span: _ } => {
                    self.refer(unit);
                    self.refer(at);
                }
                VictoryCondition::Losses {
                    what: _,
                    count: _,
                    of,
                    span: _,
                } => self.refer(of),
            }
        }
    }

    fn intel(&mut self, i: &Intel) {
        let Intel {
            side,
            entries,
            span: _,
        } = i;
        self.refer(side);
        for IntelEntry {
            unit,
            seen_at,
            precision: _,
            words,
            span: _,
        } in entries
        {
            self.refer(unit);
            if let Some(o) = seen_at {
                self.objective(o);
            }
            self.opt_text(words, one(&side.name), "intel words");
        }
    }

    fn scenario(&mut self, s: &Scenario) {
        let Scenario {
            turns_written: _,
            title,
            start_date: _,
            start_time: _,
            turns: _,
            turn_length: _,
            end_conditions,
            first_bound,
            weather: _,
            light: _,
            table: _,
            ground_scale: _,
            georeference,
            notes,
            overrides,
            span: _,
        } = s;
        self.text(title, one(EVERYONE), "scenario title");
        if let Some(g) = georeference {
            let Georeference {
                latitude: _,
                longitude: _,
                north_bearing: _,
                source,
                span: _,
            } = &**g;
            // where the position was read from: for the writer, on no sheet
            self.opt_text(source, one(UNRENDERED), "georeference source");
        }
        for e in end_conditions {
            self.text(e, one(EVERYONE), "end condition");
        }
        if let Some(f) = first_bound {
            self.refer(f);
        }
        for n in notes {
            self.text(n, one(UMPIRE), "designer note");
        }
        for SeverityOverride {
            level: _,
            // A rule code, not a name: kept so the override still applies.
            code: Spanned { value: _, span: _ },
            reason,
            span: _,
        } in overrides
        {
            self.opt_text(reason, one(UMPIRE), "override reason");
        }
    }

    fn side(&mut self, s: &Side) {
        let Side {
            id,
            name,
            // Nations are vocabulary the checks read (MC204), not names.
            nations: _,
            players,
            span: _,
        } = s;
        self.def(id, one(EVERYONE), "side id");
        self.opt_text(name, one(EVERYONE), "side display name");
        for Player {
            id: pid,
            name,
            commands,
            span: _,
        } in players
        {
            // A player with a name is called by it on every sheet; the id names
            // only the player's files and the JSON.
            let what = if name.is_some() {
                NAMED_PLAYER_ID
            } else {
                "player id"
            };
            self.def(pid, one(&id.name), what);
            self.opt_text(name, one(&id.name), "player display name");
            if let Some(c) = commands {
                self.refer(c);
            }
        }
    }

    fn known(&mut self, k: &Option<Ident>) -> Owners {
        match k {
            None => one(EVERYONE),
            Some(i) if i.name == "umpire" => one(UMPIRE),
            Some(i) => {
                let side = i.name.clone();
                self.refer(i);
                one(&side)
            }
        }
    }

    fn feature(&mut self, f: &Feature) {
        match f {
            Feature::Area(Area {
                id,
                kind,
                structure,
                name,
                shape,
                known_to,
                shared,
                span: _,
            }) => {
                if let Some(Structure {
                    strength: _,
                    height: _,
                }) = structure
                {}
                match shape {
                    Shape::Polygon { points: _, span: _ }
                    | Shape::Rect {
                        corner: _,
                        width: _,
                        depth: _,
                        span: _,
                    }
                    | Shape::Circle {
                        centre: _,
                        radius: _,
                        span: _,
                    } => {}
                }
                if let KindRef::Defined(k) = kind {
                    self.refer(k);
                }
                let o = self.known(known_to);
                self.def(id, o.clone(), "area id");
                self.opt_text(name, o, "area name");
                // a reason for the writer, printed nowhere
                self.opt_text(shared, one(UNRENDERED), "area shared reason");
            }
            Feature::Line(LineFeature {
                id,
                kind,
                name,
                width: _,
                points: _,
                known_to,
                shared,
                span: _,
            }) => {
                if let KindRef::Defined(k) = kind {
                    self.refer(k);
                }
                let o = self.known(known_to);
                self.def(id, o.clone(), "line id");
                self.opt_text(name, o, "line name");
                // a reason for the writer, printed nowhere
                self.opt_text(shared, one(UNRENDERED), "line shared reason");
            }
            Feature::Crossing(Crossing {
                id,
                kind: _,
                name,
                at: _,
                over,
                carries,
                length: _,
                known_to,
                shared,
                span: _,
            }) => {
                let o = self.known(known_to);
                self.def(id, o.clone(), "crossing id");
                self.opt_text(name, o, "crossing name");
                // a reason for the writer, printed nowhere
                self.opt_text(shared, one(UNRENDERED), "crossing shared reason");
                for r in over.iter().chain(carries.iter()) {
                    self.refer(r);
                }
            }
            Feature::Place(Place {
                id,
                name,
                location,
                stretch: _,
                refuelling: _,
                known_to,
                shared,
                span: _,
            }) => {
                match location {
                    PlaceLocation::At(_) | PlaceLocation::Edge(_) => {}
                }
                let o = self.known(known_to);
                self.def(id, o.clone(), "place id");
                self.opt_text(name, o, "place name");
                // a reason for the writer, printed nowhere
                self.opt_text(shared, one(UNRENDERED), "place shared reason");
            }
        }
    }

    fn template(&mut self, t: &Template) {
        let Template {
            id,
            echelon: _,
            name,
            dated: _,
            // Vocabulary, as for sides.
            nation: _,
            // a word of a closed vocabulary: it carries no text of the writer's
            modifier: _,
            body,
            span: _,
        } = t;
        let owners = self
            .facts
            .template_users
            .get(&id.name)
            .cloned()
            .unwrap_or_else(|| one(UNRENDERED));
        self.def(id, owners.clone(), "template id");
        // A template's display name is the library's own label: no output prints
        // it, so it may reach no one, the umpire included.
        self.opt_text(name, one(UNRENDERED), "template display name");
        self.body(body, &owners);
    }

    fn body(&mut self, b: &UnitBody, owners: &Owners) {
        let UnitBody {
            elements,
            units,
            span: _,
        } = b;
        for e in elements {
            self.element(e, owners);
        }
        for u in units {
            // Sub-units of a template belong to whoever uses it.
            self.unit_owned(u, owners);
        }
    }

    fn unit(&mut self, u: &Unit, side: &str) {
        self.unit_owned(u, &one(side));
    }

    fn unit_owned(&mut self, u: &Unit, owners: &Owners) {
        let Unit {
            echelon: _,
            id,
            name,
            template,
            placement,
            attached_to,
            nation: _,
            // a keyword's place: it carries no text of the writer's
            captured: _,
            notes,
            umpire_notes,
            historical_strength,
            start,
            prepared,
            // a word of a closed vocabulary: it carries no text of the writer's
            branch: _,
            modifier: _,
            overrides,
            body,
            span: _,
        } = u;
        if let Some(HistoricalStrength {
            men: _,
            vehicles: _,
            guns: _,
            source,
            span: _,
        }) = historical_strength
        {
            self.text(source, owners.clone(), "historical strength source");
        }
        if let Some(StartDecl {
            hot: _,
            reason,
            span: _,
        }) = start
        {
            self.text(reason, owners.clone(), "unit start reason");
        }
        if let Some(Prepared {
            since: _,
            time: _,
            span: _,
        }) = prepared
        {}
        for SeverityOverride {
            level: _,
            code: Spanned { value: _, span: _ },
            reason,
            span: _,
        } in overrides
        {
            self.opt_text(reason, one(UMPIRE), "unit override reason");
        }
        self.def(id, owners.clone(), "unit id");
        self.opt_text(name, owners.clone(), "unit display name");
        if let Some(t) = template {
            self.refer(t);
        }
        match placement {
            Some(Placement::At {
                point: _,
                facing: _,
                span: _,
            })
            | Some(Placement::InLine {
                from: _,
                to: _,
                facing: _,
                span: _,
            })
            | None => {}
        }
        for a in attached_to {
            self.refer(a);
        }
        for n in notes {
            self.text(n, owners.clone(), "unit note");
        }
        for n in umpire_notes {
            self.text(n, one(UMPIRE), "unit umpire note");
        }
        self.body(body, owners);
    }

    fn element(&mut self, e: &Element, owners: &Owners) {
        let Element {
            id,
            is_hq: _,
            kind,
            attrs,
            span: _,
        } = e;
        // An element the writer named is printed by that name: its id reaches its
        // side's JSON but no sheet, the umpire's included.
        let named = attrs.iter().any(|a| matches!(a, ElementAttr::Name(_)));
        let mut id_owners = owners.clone();
        if named {
            id_owners.insert(UNRENDERED.to_string());
        }
        self.def(id, id_owners, "element id");
        match kind {
            Some(ElementKind::Foot {
                ty: _,
                specialism: _,
                span: _,
            })
            | Some(ElementKind::Vehicle {
                role: _,
                drive: _,
                armoured: _,
                open_topped: _,
                span: _,
            })
            | Some(ElementKind::Aircraft { role: _, span: _ })
            | Some(ElementKind::Ship { role: _, span: _ })
            | None => {}
            Some(ElementKind::Artillery {
                weapon: _,
                calibre,
                span: _,
            }) => calibre_kept(calibre),
        }
        for a in attrs {
            match a {
                ElementAttr::Figures(_)
                | ElementAttr::Models(_)
                | ElementAttr::Represents(_)
                | ElementAttr::Radio(_)
                | ElementAttr::Telephone(_)
                | ElementAttr::Commander(_)
                | ElementAttr::At(_)
                | ElementAttr::Facing(_)
                | ElementAttr::Posture(_)
                | ElementAttr::HmgZone {
                    bearing: _,
                    spread: _,
                    range: _,
                    span: _,
                } => {}
                ElementAttr::Weapon(Weapon {
                    kind: _,
                    mount: _,
                    calibre,
                    span: _,
                }) => calibre_kept(calibre),
                ElementAttr::EmbussedIn(r)
                | ElementAttr::RidingOn(r)
                | ElementAttr::RegistersFor(r)
                | ElementAttr::RefuelAt(r) => self.refer(r),
                ElementAttr::Task {
                    // The task is a vocabulary word (`demolition`).
                    task: _,
                    target,
                    span: _,
                } => {
                    if let Some(t) = target {
                        self.refer(t);
                    }
                }
                ElementAttr::Mix(kinds) => {
                    for (_, t) in kinds {
                        self.text(t, owners.clone(), "element mix");
                    }
                }
                ElementAttr::Name(t) => self.text(t, owners.clone(), "element name"),
                ElementAttr::Note(t) => self.text(t, owners.clone(), "element note"),
                ElementAttr::UmpireNote(t) => self.text(t, one(UMPIRE), "element umpire note"),
                ElementAttr::Start(StartDecl {
                    hot: _,
                    reason,
                    span: _,
                }) => self.text(reason, owners.clone(), "element start reason"),
                ElementAttr::Prepared(Prepared {
                    since: _,
                    time: _,
                    span: _,
                }) => {}
                ElementAttr::Override(SeverityOverride {
                    level: _,
                    code: Spanned { value: _, span: _ },
                    reason,
                    span: _,
                }) => self.opt_text(reason, one(UMPIRE), "element override reason"),
            }
        }
    }

    fn nets(&mut self, n: &Nets) {
        let Nets {
            side,
            entries,
            span: _,
        } = n;
        self.refer(side);
        for e in entries {
            match e {
                NetEntry::Radio { from, to, span: _ }
                | NetEntry::Telephone { from, to, span: _ } => {
                    self.refer(from);
                    self.refer(to);
                }
                NetEntry::Messenger {
                    from,
                    to,
                    method: _,
                    via,
                    span: _,
                } => {
                    self.refer(from);
                    self.refer(to);
                    for s in via {
                        if let Stop::Name(n) = s {
                            self.refer(n);
                        }
                    }
                }
                NetEntry::Net {
                    id,
                    name,
                    members,
                    span: _,
                } => {
                    self.def(id, one(&side.name), "net id");
                    self.opt_text(name, one(&side.name), "net display name");
                    for m in members {
                        self.refer(m);
                    }
                }
            }
        }
    }

    fn objective(&mut self, o: &Objective) {
        match o {
            Objective::Ref(r) => self.refer(r),
            Objective::Bearing(_) | Objective::Point(_) => {}
        }
    }

    fn order(&mut self, o: &Order, side: &str) {
        let Order {
            unit,
            stance: _,
            misspelt_stance: _,
            intensity: _,
            objective,
            timing,
            prose,
            phases,
            span: _,
        } = o;
        self.refer(unit);
        let objectives = std::iter::once(objective).chain(phases.iter().map(
            |Phase {
                 stance: _,
                 intensity: _,
                 objective,
                 timing: _,
                 span: _,
             }| objective,
        ));
        for ob in objectives.flatten() {
            self.objective(ob);
        }
        for t in timing.iter().chain(phases.iter().flat_map(|p| &p.timing)) {
            match t {
                Timing::OnSignal(s) => self.refer(s),
                Timing::Condition(SignalCondition {
                    unless: _,
                    signal,
                    by: _,
                    span: _,
                }) => self.refer(signal),
                Timing::Immediately(_)
                | Timing::By(_)
                | Timing::After(_)
                | Timing::Until(_)
                | Timing::UntilEnd(_)
                | Timing::At(_) => {}
            }
        }
        self.opt_text(prose, one(side), "order text");
    }

    fn signal(&mut self, s: &Signal) {
        let Signal {
            id,
            kind: _,
            meaning,
            sender,
            trigger,
            affects,
            // a closed list of colour words: no name, no text
            colours: _,
            span: _,
        } = s;
        // A signal is its sender's side's; without a sender, the side it affects.
        let owners = match (sender, affects.first()) {
            (Some(x), _) | (None, Some(x)) => self.side_of(&x.name),
            (None, None) => one(UMPIRE),
        };
        self.def(id, owners.clone(), "signal id");
        self.opt_text(meaning, owners.clone(), "signal meaning");
        if let Some(x) = sender {
            self.refer(x);
        }
        match trigger {
            Some(SignalTrigger::Command(_)) | None => {}
            Some(SignalTrigger::Capture(r)) => self.refer(r),
            Some(SignalTrigger::Condition(t)) => self.text(t, owners, "signal condition"),
        }
        for a in affects {
            self.refer(a);
        }
    }
}

/// A calibre as written (`25pdr`) is a literal, not a name: kept.
fn calibre_kept(c: &Option<Calibre>) {
    if let Some(Calibre {
        millimetres: _,
        written: _,
        span: _,
    }) = c
    {}
}

fn apply(text: &str, mut edits: Vec<(Span, String)>) -> String {
    edits.sort_by_key(|(s, _)| std::cmp::Reverse(s.start));
    let mut out = text.to_string();
    for (s, r) in edits {
        out.replace_range(s.start..s.end, &r);
    }
    out
}

/// Plants canaries in `scenario` and every library file, builds, and checks every
/// output. Returns the number of side x output combinations checked.
fn check(name: &str, files: &[(String, String)], scenario: &str) -> usize {
    // The scenario and the library files it reaches through `use`.
    let mut parsed: Vec<(String, File)> = Vec::new();
    let mut todo = vec![scenario.to_string()];
    while let Some(path) = todo.pop() {
        if parsed.iter().any(|(p, _)| *p == path) {
            continue;
        }
        let Some((i, (_, text))) = files.iter().enumerate().find(|(_, (p, _))| *p == path) else {
            continue;
        };
        let tree = muster_syntax::parse(FileId(i as u32), text).file;
        let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
        for item in &tree.items {
            if let Item::Use(u) = item {
                let joined = if dir.is_empty() {
                    u.path.value.clone()
                } else {
                    format!("{dir}/{}", u.path.value)
                };
                todo.push(joined);
            }
        }
        parsed.push((path, tree));
    }
    let facts = facts(&parsed);
    let mut planter = Planter {
        facts: &facts,
        canaries: Vec::new(),
        ids: BTreeMap::new(),
        edits: Vec::new(),
        file: String::new(),
    };
    let mut world = MemoryWorld::new();
    for (p, tree) in &parsed {
        planter.file = p.clone();
        planter.edits.clear();
        planter.file(tree);
        let text = &files.iter().find(|(q, _)| q == p).unwrap().1;
        world.insert(p.clone(), apply(text, std::mem::take(&mut planter.edits)));
    }
    let resolved = resolve(&world, scenario, &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let out = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let umpire = out
        .iter()
        .find(|f| f.path.ends_with("/umpire.html"))
        .unwrap();
    for c in &planter.canaries {
        if c.owners.contains(UNRENDERED)
            || c.owners.is_empty()
            || c.what.starts_with(NAMED_PLAYER_ID)
        {
            continue;
        }
        assert!(
            umpire.contents.contains(&c.text),
            "{name}: the umpire sheet lacks canary {} ({}, owned by {:?})",
            c.text,
            c.what,
            c.owners
        );
    }
    let mut checked = 0;
    // Side ids were renamed too: find each side's canary.
    let sides: Vec<(String, String)> = resolved
        .model
        .sides
        .iter()
        .map(|s| {
            let original = planter
                .ids
                .iter()
                .find(|(_, n)| planter.canaries[**n].text == s.name.id)
                .map(|(k, _)| k.clone())
                .unwrap_or_else(|| s.name.id.clone());
            (original, s.name.id.clone())
        })
        .collect();
    for (original, renamed) in &sides {
        let side = resolved
            .model
            .sides
            .iter()
            .find(|s| &s.name.id == renamed)
            .unwrap();
        let outputs: Vec<_> = out
            .iter()
            .filter(|f| {
                let file = f.path.rsplit('/').next().unwrap();
                file.starts_with(&format!("side-{renamed}."))
                    || side
                        .players
                        .iter()
                        .any(|p| file == format!("player-{}.html", p.name.id))
            })
            .collect();
        assert_eq!(
            outputs.len(),
            2 + side.players.len(),
            "{name}: outputs of {original}"
        );
        for f in outputs {
            for c in &planter.canaries {
                if c.owners.contains(EVERYONE) || c.owners.contains(original) {
                    continue;
                }
                assert!(
                    !f.contents.contains(&c.text),
                    "{name}: {} holds canary {} ({}, owned by {:?})",
                    f.path,
                    c.text,
                    c.what,
                    c.owners
                );
            }
            checked += 1;
        }
    }
    checked
}

/// Side-private map items for the generated scenario, one of each kind, and an
/// item every side is shown on purpose, whose reason is printed nowhere.
const PRIVATE_ITEMS: &str = r#"
map {
  place red-rally "Red rally point" at (400,400) known-to red
  area blue-mines minefield "Blue minefield" rect (2000,2600) size 80m by 30m known-to blue
  track blue-track "Blue supply track" line (2500,2900) (2600,2700) known-to blue
  ford umpire-ford "Umpire's ford" at (2800,2030) over brook known-to umpire
  level-crossing umpire-halt "Umpire's halt" at (1500,1480) over main carries lane known-to umpire
  hedge umpire-hedge "Hidden hedge" line (100,100) (200,120) known-to umpire
  place spire "Church spire" at (900,900) shared "every player sees the spire"
}
"#;

#[test]
fn no_field_of_any_scenario_reaches_the_wrong_reader() {
    let mut files = support::pack::files();
    let mut combos = 0;
    let mut scenarios = 0;
    for path in support::pack::scenario_paths() {
        combos += check(&path, &files, &path);
        scenarios += 1;
    }
    let generated = format!("{}{PRIVATE_ITEMS}", generate::scenario(3));
    files.push(("generated.muster".into(), generated));
    combos += check("generated", &files, "generated.muster");
    scenarios += 1;
    eprintln!(
        "every-field leak test: {scenarios} scenarios, {combos} scenario x side x output combinations checked, none leaked"
    );
    assert!(
        scenarios >= 12,
        "the shipped pack and the generated scenario"
    );
    assert!(combos >= scenarios * 4, "at least JSON and HTML per side");
}
