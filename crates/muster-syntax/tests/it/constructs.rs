//! Every construct of the language parses to the expected tree values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use muster_rules::vocab::*;
use muster_syntax::ast::*;
use muster_syntax::{parse, Code, FileId};

/// Parses `text`, which must be clean, and returns its items.
fn items(text: &str) -> Vec<Item> {
    let p = parse(FileId(0), text);
    assert!(p.diagnostics.is_empty(), "{}", common::render(text, &p));
    p.file.items
}

fn one(text: &str) -> Item {
    let mut v = items(text);
    assert_eq!(v.len(), 1);
    v.remove(0)
}

fn map_features(text: &str) -> Vec<Feature> {
    match one(&format!("map {{\n{text}\n}}")) {
        Item::Map(m) => m.features,
        other => panic!("{other:?}"),
    }
}

fn unit(text: &str) -> Unit {
    match one(&format!("forces british {{\n{text}\n}}")) {
        Item::Forces(mut f) => f.units.remove(0),
        other => panic!("{other:?}"),
    }
}

fn element(text: &str) -> Element {
    unit(&format!("company c {{\n{text}\n}}"))
        .body
        .elements
        .remove(0)
}

fn order(text: &str) -> Order {
    match one(&format!("orders british {{\n{text}\n}}")) {
        Item::Orders(mut o) => o.orders.remove(0),
        other => panic!("{other:?}"),
    }
}

#[test]
fn use_item() {
    let Item::Use(u) = one("use \"lib/german-1944.muster\"") else {
        panic!()
    };
    assert_eq!(u.path.value, "lib/german-1944.muster");
    assert_eq!(u.span.start, 0);
}

#[test]
fn scenario_header() {
    let text = "scenario \"Pegasus \\\"Bridge\\\"\" {\n start 1944-06-06 00:16\n turns 18\n turn-length 2h\n first-bound british\n weather fog\n light dawn\n table 2.4km by 1600m\n ground-scale 2m\n ends \"bridge lost\"\n notes \"n\"\n allow MC305 \"why\"\n deny MC407\n}";
    let Item::Scenario(s) = one(text) else {
        panic!()
    };
    assert_eq!(s.title.value, "Pegasus \"Bridge\"");
    assert_eq!(
        s.start_date.map(|d| (d.year, d.month, d.day)),
        Some((1944, 6, 6))
    );
    assert_eq!(s.start_time.map(|t| t.minutes()), Some(16));
    assert_eq!(s.turns.map(|t| t.value), Some(18));
    assert_eq!(s.turn_length.map(|t| t.value), Some(120.0));
    assert_eq!(s.first_bound.unwrap().name, "british");
    assert_eq!(s.weather.unwrap().value, Weather::Fog);
    assert_eq!(s.light.unwrap().value, Light::Dawn);
    let (w, d) = s.table.unwrap();
    assert_eq!((w.value, d.value), (2400.0, 1600.0));
    assert_eq!(s.ground_scale.unwrap().value, 2.0);
    assert_eq!(s.end_conditions[0].value, "bridge lost");
    assert_eq!(s.notes[0].value, "n");
    assert_eq!(s.overrides.len(), 2);
    assert_eq!(s.overrides[0].level.value, SeverityLevel::Allow);
    assert_eq!(s.overrides[0].code.value, "MC305");
    assert_eq!(s.overrides[0].reason.as_ref().unwrap().value, "why");
    assert_eq!(s.overrides[1].level.value, SeverityLevel::Deny);
    assert!(s.overrides[1].reason.is_none());
}

#[test]
fn start_without_clock_time() {
    let Item::Scenario(s) = one("scenario \"x\" { start 1944-06-06 turns 3 }") else {
        panic!()
    };
    assert!(s.start_date.is_some());
    assert!(s.start_time.is_none());
    assert_eq!(s.turns.unwrap().value, 3);
}

#[test]
fn side_with_players_and_nations() {
    let Item::Side(s) = one("side allies \"Allies\" nation british canadian {\n player howard \"Maj. Howard\" commands d-coy\n player x\n}") else { panic!() };
    assert_eq!(s.id.name, "allies");
    assert_eq!(s.name.unwrap().value, "Allies");
    assert_eq!(
        s.nations
            .iter()
            .map(|n| n.name.as_str())
            .collect::<Vec<_>>(),
        ["british", "canadian"]
    );
    assert_eq!(s.players.len(), 2);
    assert_eq!(s.players[0].commands.as_ref().unwrap().name, "d-coy");
    assert!(s.players[1].name.is_none());
}

#[test]
fn sides_without_blocks() {
    let v = items("side british \"6th Airborne\" nation british\nside german nation german");
    assert_eq!(v.len(), 2);
}

#[test]
fn area_polygon() {
    let f =
        map_features("area canal water \"Caen Canal\" polygon (1180,0) (1220,0) ( 1220m , 1600 )");
    let Feature::Area(a) = &f[0] else { panic!() };
    assert_eq!(a.kind.builtin(), Some(TerrainKind::Water));
    assert_eq!(a.name.as_ref().unwrap().value, "Caen Canal");
    let Shape::Polygon { points, .. } = &a.shape else {
        panic!()
    };
    assert_eq!(points.len(), 3);
    assert_eq!((points[2].x, points[2].y), (1220.0, 1600.0));
}

#[test]
fn area_buildings_rect() {
    let f = map_features(
        "area benouville buildings medium normal \"Bénouville\" rect (1300,700) size 200m by 0.1km",
    );
    let Feature::Area(a) = &f[0] else { panic!() };
    let s = a.structure.as_ref().unwrap();
    assert_eq!(
        (s.strength.value, s.height.value),
        (Strength::Medium, Height::Normal)
    );
    let Shape::Rect {
        corner,
        width,
        depth,
        ..
    } = &a.shape
    else {
        panic!()
    };
    assert_eq!(
        (corner.x, corner.y, width.value, depth.value),
        (1300.0, 700.0, 200.0, 100.0)
    );
}

#[test]
fn area_circle() {
    let f = map_features("area bois dense-woods circle (2100,300) radius 150m");
    let Feature::Area(a) = &f[0] else { panic!() };
    let Shape::Circle { centre, radius, .. } = &a.shape else {
        panic!()
    };
    assert_eq!((centre.x, radius.value), (2100.0, 150.0));
    assert!(a.structure.is_none());
}

#[test]
fn every_terrain_kind() {
    for k in TerrainKind::ALL {
        let extra = if *k == TerrainKind::Buildings {
            " light low"
        } else {
            ""
        };
        let f = map_features(&format!(
            "area a {}{extra} circle (0,0) radius 1m",
            k.keyword()
        ));
        let Feature::Area(a) = &f[0] else { panic!() };
        assert_eq!(a.kind.builtin(), Some(*k));
    }
}

#[test]
fn line_features_of_every_kind() {
    for k in LineKind::ALL {
        let f = map_features(&format!(
            "{} l \"L\" width 8m line (0,800) (2400,800) (2400,0)",
            k.keyword()
        ));
        let Feature::Line(l) = &f[0] else { panic!() };
        assert_eq!(l.kind.builtin(), Some(*k));
        assert_eq!(l.width.as_ref().unwrap().value, 8.0);
        assert_eq!(l.points.len(), 3);
    }
}

#[test]
fn bridge_and_ford() {
    let f = map_features("bridge pegasus \"Pegasus Bridge\" at (1200,800) over canal carries d514 length 60m\nford f1 at (300,40) over orne");
    let Feature::Crossing(b) = &f[0] else {
        panic!()
    };
    assert_eq!(b.kind.value, CrossingKind::Bridge);
    assert_eq!(b.over.as_ref().unwrap().name, "canal");
    assert_eq!(b.carries.as_ref().unwrap().name, "d514");
    assert_eq!(b.length.as_ref().unwrap().value, 60.0);
    let Feature::Crossing(ford) = &f[1] else {
        panic!()
    };
    assert_eq!(ford.kind.value, CrossingKind::Ford);
    assert!(ford.carries.is_none());
}

#[test]
fn places() {
    let f = map_features("place lz-x \"LZ X\" at (1000,820)\nplace north-edge edge north\nplace pad at (10,10) refuelling");
    let Feature::Place(a) = &f[0] else { panic!() };
    assert!(matches!(a.location, PlaceLocation::At(p) if p.x == 1000.0));
    let Feature::Place(b) = &f[1] else { panic!() };
    assert!(matches!(&b.location, PlaceLocation::Edge(e) if e.value == Edge::North));
    let Feature::Place(c) = &f[2] else { panic!() };
    assert!(c.refuelling && !a.refuelling);
}

#[test]
fn template_header() {
    let Item::Template(t) = one("template arc company \"Airborne Rifle Company\" dated 1943-1945 nation british {\n element pl-1 coherent\n}") else { panic!() };
    assert_eq!(t.echelon.value, Echelon::Company);
    let (a, b) = t.dated.unwrap();
    assert_eq!((a.value, b.value), (1943, 1945));
    assert_eq!(t.nation.unwrap().name, "british");
    assert_eq!(t.body.elements.len(), 1);
    let Item::Template(t) = one("template t platoon dated 1944 { }") else {
        panic!()
    };
    let (a, b) = t.dated.unwrap();
    assert_eq!((a.value, b.value), (1944, 1944));
}

#[test]
fn unit_from_template_in_line() {
    let u = unit("company d-coy \"D Company\" from arc\n in line from (1120,760) to (1120,860) facing 90\n{ hq coy-hq radio long }");
    assert_eq!(u.template.unwrap().name, "arc");
    let Some(Placement::InLine {
        from, to, facing, ..
    }) = u.placement
    else {
        panic!()
    };
    assert_eq!((from.y, to.y, facing.unwrap().value), (760.0, 860.0, 90.0));
    assert_eq!(u.body.elements[0].id.name, "coy-hq");
}

#[test]
fn unit_header_settings() {
    let u = unit("platoon mgs \"MG\" from mg at (1100,780) facing 90 attached-to d-coy b-coy nation french note \"n\" umpire \"u\"");
    assert!(
        matches!(u.placement, Some(Placement::At { point, facing: Some(_), .. }) if point.x == 1100.0)
    );
    assert_eq!(u.attached_to.len(), 2);
    assert_eq!(u.nation.unwrap().name, "french");
    assert_eq!(u.notes[0].value, "n");
    assert_eq!(u.umpire_notes[0].value, "u");
    assert_eq!(u.body, UnitBody::default());
}

#[test]
fn every_echelon_and_nested_units() {
    for e in Echelon::ALL {
        let u = unit(&format!(
            "{} top {{ company inner {{ element x bare }} }}",
            e.keyword()
        ));
        assert_eq!(u.echelon.value, *e);
        assert_eq!(u.body.units[0].body.elements[0].id.name, "x");
    }
}

#[test]
fn foot_elements() {
    for f in FootType::ALL {
        let e = element(&format!("element e {}", f.keyword()));
        assert!(matches!(e.kind, Some(ElementKind::Foot { ty, .. }) if ty.value == *f));
    }
    for s in Specialism::ALL {
        let e = element(&format!("element e specialist {} figures 2", s.keyword()));
        let Some(ElementKind::Foot {
            specialism: Some(sp),
            ..
        }) = e.kind
        else {
            panic!()
        };
        assert_eq!(sp.value, *s);
    }
}

#[test]
fn vehicle_element() {
    let e = element("element pz vehicle tank tracked armoured enclosed models 1 gun 75mm");
    let Some(ElementKind::Vehicle {
        role,
        drive,
        armoured,
        open_topped,
        ..
    }) = &e.kind
    else {
        panic!()
    };
    assert_eq!(role.value, VehicleRole::Tank);
    assert_eq!(drive.as_ref().unwrap().value, Drive::Tracked);
    assert!(armoured.as_ref().unwrap().value);
    assert!(!open_topped.as_ref().unwrap().value);
    assert!(
        matches!(&e.attrs[1], ElementAttr::Weapon(w) if w.kind.value == WeaponKind::Gun && w.calibre.as_ref().unwrap().millimetres == 75.0)
    );
    for r in VehicleRole::ALL {
        let e = element(&format!(
            "element v vehicle {} wheeled soft open-topped",
            r.keyword()
        ));
        assert!(matches!(e.kind, Some(ElementKind::Vehicle { role, .. }) if role.value == *r));
    }
}

#[test]
fn artillery_and_aircraft() {
    let e = element("element g artillery gun 25pdr models 2 off-table");
    let Some(ElementKind::Artillery {
        weapon, calibre, ..
    }) = &e.kind
    else {
        panic!()
    };
    assert_eq!(weapon.value, ArtilleryWeapon::Gun);
    let c = calibre.as_ref().unwrap();
    assert_eq!((c.written.as_str(), c.millimetres), ("25pdr", 87.6));
    for w in ArtilleryWeapon::ALL {
        let e = element(&format!("element g artillery {} 8cm", w.keyword()));
        assert!(
            matches!(e.kind, Some(ElementKind::Artillery { weapon, .. }) if weapon.value == *w)
        );
    }
    for r in AircraftRole::ALL {
        let e = element(&format!("element a aircraft {} models 2", r.keyword()));
        assert!(matches!(e.kind, Some(ElementKind::Aircraft { role, .. }) if role.value == *r));
    }
}

#[test]
fn hq_without_type() {
    let e = element("hq coy-hq radio short");
    assert!(e.is_hq && e.kind.is_none());
    assert!(matches!(&e.attrs[0], ElementAttr::Radio(r) if r.value == RadioRange::Short));
}

#[test]
fn element_attributes_in_any_order() {
    let e = element(
        "element x heavy-support dug-in hmg tripod figures 3 models 1 telephone commander at (1,2) facing 45 \
         embussed-in lorry riding-on tank-1 registers-for bty hmg-zone bearing 270 spread 40 range 800m \
         task demolition pegasus task dig refuel-at pad mortar 3in note \"n\" umpire \"u\" radio long",
    );
    use ElementAttr as A;
    let a = &e.attrs;
    assert!(matches!(&a[0], A::Posture(p) if p.value == Posture::DugIn));
    assert!(matches!(&a[1], A::Weapon(w) if w.mount.as_ref().unwrap().value == Mount::Tripod));
    assert!(matches!(&a[2], A::Figures(n) if n.value == 3));
    assert!(matches!(&a[3], A::Models(n) if n.value == 1));
    assert!(matches!(&a[4], A::Telephone(_)));
    assert!(matches!(&a[5], A::Commander(_)));
    assert!(matches!(&a[6], A::At(p) if p.y == 2.0));
    assert!(matches!(&a[7], A::Facing(b) if b.value == 45.0));
    assert!(matches!(&a[8], A::EmbussedIn(i) if i.name == "lorry"));
    assert!(matches!(&a[9], A::RidingOn(i) if i.name == "tank-1"));
    assert!(matches!(&a[10], A::RegistersFor(i) if i.name == "bty"));
    assert!(
        matches!(&a[11], A::HmgZone { bearing, spread, range, .. } if bearing.value == 270.0 && spread.value == 40.0 && range.value == 800.0)
    );
    assert!(
        matches!(&a[12], A::Task { task, target: Some(t), .. } if task.name == "demolition" && t.name == "pegasus")
    );
    assert!(matches!(&a[13], A::Task { target: None, .. }));
    assert!(matches!(&a[14], A::RefuelAt(i) if i.name == "pad"));
    assert!(
        matches!(&a[15], A::Weapon(w) if (w.calibre.as_ref().unwrap().millimetres - 76.2).abs() < 1e-9)
    );
    assert!(matches!(&a[16], A::Note(t) if t.value == "n"));
    assert!(matches!(&a[17], A::UmpireNote(t) if t.value == "u"));
    assert!(matches!(&a[18], A::Radio(_)));
    for w in WeaponKind::ALL {
        let e = element(&format!("element x coherent {}", w.keyword()));
        assert!(matches!(&e.attrs[0], A::Weapon(x) if x.kind.value == *w));
    }
    for p in Posture::ALL {
        let e = element(&format!("element x coherent {}", p.keyword()));
        assert!(matches!(&e.attrs[0], A::Posture(x) if x.value == *p));
    }
}

#[test]
fn nets() {
    let Item::Nets(n) = one("nets british {\n radio foo to bn-hq\n telephone guard-hq to pillbox\n net bn-net \"Bn net\" seniority bn-hq d-coy.coy-hq\n net other a b\n}") else { panic!() };
    assert!(
        matches!(&n.entries[0], NetEntry::Radio { from, to, .. } if from.name == "foo" && to.name == "bn-hq")
    );
    assert!(matches!(&n.entries[1], NetEntry::Telephone { .. }));
    assert!(
        matches!(&n.entries[2], NetEntry::Net { members, name: Some(_), .. } if members[1].name == "d-coy.coy-hq")
    );
    assert!(
        matches!(&n.entries[3], NetEntry::Net { members, name: None, .. } if members.len() == 2)
    );
}

#[test]
fn order_with_intensity_objective_timing_prose() {
    let o = order("d-coy attack all-out pegasus by turn 2 \"Seize the bridges.\"");
    assert_eq!(o.unit.name, "d-coy");
    assert_eq!(o.stance.unwrap().value, Stance::Attack);
    assert_eq!(o.intensity.unwrap().value, Intensity::AllOut);
    assert!(matches!(o.objective, Some(Objective::Ref(i)) if i.name == "pegasus"));
    assert!(matches!(&o.timing[0], Timing::By(t) if t.value == 2));
    assert_eq!(o.prose.unwrap().value, "Seize the bridges.");
}

#[test]
fn order_objectives_and_timings() {
    let o = order("b-coy attack probe bearing 90 until turn 10 after turn 2 immediately on signal go at 01:16");
    assert!(matches!(o.objective, Some(Objective::Bearing(b)) if b.value == 90.0));
    assert_eq!(o.timing.len(), 5);
    assert!(matches!(&o.timing[4], Timing::At(t) if t.minutes() == 76));
    assert!(matches!(&o.timing[3], Timing::OnSignal(s) if s.name == "go"));
    let o = order("jabo attack full (1200,800)");
    assert_eq!(o.intensity.unwrap().value, Intensity::Full);
    assert!(matches!(o.objective, Some(Objective::Point(p)) if p.x == 1200.0));
    let Item::Orders(all) = one("orders x {\n a defend\n b support a\n c defend full\n}") else {
        panic!()
    };
    assert_eq!(all.orders.len(), 3);
    assert!(all.orders[0].objective.is_none());
    // `full` after a non-attack stance is still read as intensity; checks judge it.
    assert!(all.orders[2].intensity.is_some());
}

#[test]
fn every_stance_intensity_and_signal_kind() {
    for st in Stance::ALL {
        assert_eq!(
            order(&format!("u {} x", st.keyword()))
                .stance
                .unwrap()
                .value,
            *st
        );
    }
    for i in Intensity::ALL {
        assert_eq!(
            order(&format!("u attack {} x", i.keyword()))
                .intensity
                .unwrap()
                .value,
            *i
        );
    }
    for k in SignalKind::ALL {
        let Item::Signal(s) = one(&format!("signal s {} on command", k.keyword())) else {
            panic!()
        };
        assert_eq!(s.kind.value, *k);
    }
    for w in Weather::ALL {
        let Item::Scenario(s) = one(&format!("scenario \"x\" {{ weather {} }}", w.keyword()))
        else {
            panic!()
        };
        assert_eq!(s.weather.unwrap().value, *w);
    }
}

#[test]
fn signals() {
    let v = items("signal ham flare \"taken\" from d-coy.coy-hq on capture pegasus affects ox-bucks b-coy\nsignal go smoke on command\nsignal s bugle on \"tanks cross\" from gren-hq");
    let Item::Signal(s) = &v[0] else { panic!() };
    assert_eq!(s.kind.value, SignalKind::Flare);
    assert!(matches!(&s.trigger, Some(SignalTrigger::Capture(i)) if i.name == "pegasus"));
    assert_eq!(s.affects.len(), 2);
    assert_eq!(s.sender.as_ref().unwrap().name, "d-coy.coy-hq");
    let Item::Signal(s) = &v[1] else { panic!() };
    assert!(matches!(s.trigger, Some(SignalTrigger::Command(_))));
    let Item::Signal(s) = &v[2] else { panic!() };
    assert!(matches!(&s.trigger, Some(SignalTrigger::Condition(t)) if t.value == "tanks cross"));
}

#[test]
fn arrivals_and_events() {
    let v = items("arrival b-coy turn 4 at lz-x \"by glider\"\narrival g 01:30 at west-edge\nevent blown turn 6 \"boom\"\nevent e 02:00 \"x\"");
    assert!(
        matches!(&v[0], Item::Arrival(a) if matches!(&a.when, When::Turn(t) if t.value == 4) && a.prose.is_some())
    );
    assert!(
        matches!(&v[1], Item::Arrival(a) if matches!(&a.when, When::Clock(t) if t.hour == 1) && a.at.name == "west-edge")
    );
    assert!(matches!(&v[2], Item::Event(e) if e.prose.value == "boom"));
    assert!(matches!(&v[3], Item::Event(e) if matches!(e.when, When::Clock(_))));
}

#[test]
fn victory_conditions() {
    let Item::Victory(v) = one("victory german \"Retake\" holds pegasus by turn 12 destroys d-coy exits kg at north-edge holds cafe at end") else { panic!() };
    assert_eq!(v.prose.value, "Retake");
    assert!(
        matches!(&v.conditions[0], VictoryCondition::Holds { by: Some(t), .. } if t.value == 12)
    );
    assert!(
        matches!(&v.conditions[1], VictoryCondition::Destroys { target, .. } if target.name == "d-coy")
    );
    assert!(
        matches!(&v.conditions[2], VictoryCondition::Exits { at, .. } if at.name == "north-edge")
    );
    assert!(matches!(
        &v.conditions[3],
        VictoryCondition::Holds { by: None, .. }
    ));
}

#[test]
fn intel() {
    let Item::Intel(i) = one("intel british {\n a seen at (1250,800) exact \"pillbox\"\n b seen at lz-x vague\n c known \"near Ranville\"\n d known approximate\n}") else { panic!() };
    assert_eq!(i.entries.len(), 4);
    assert!(matches!(i.entries[0].seen_at, Some(Objective::Point(_))));
    assert_eq!(
        i.entries[0].precision.as_ref().unwrap().value,
        Precision::Exact
    );
    assert!(matches!(&i.entries[1].seen_at, Some(Objective::Ref(r)) if r.name == "lz-x"));
    assert!(i.entries[2].seen_at.is_none() && i.entries[2].words.is_some());
    assert_eq!(
        i.entries[3].precision.as_ref().unwrap().value,
        Precision::Approximate
    );
}

#[test]
fn umpire_note_and_comments() {
    let text = "// a\numpire \"secret\" /* b */\n";
    let p = parse(FileId(0), text);
    assert!(p.diagnostics.is_empty());
    assert!(matches!(&p.file.items[0], Item::Umpire(u) if u.text.value == "secret"));
    assert_eq!(
        p.file
            .comments
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>(),
        ["// a", "/* b */"]
    );
}

#[test]
fn crlf_tabs_and_bom() {
    let text = "\u{feff}scenario \"x\" {\r\n\tturns 3\r\n}\r\n// end\r\n";
    let p = parse(FileId(0), text);
    assert!(p.diagnostics.is_empty());
    assert_eq!(p.file.comments[0].text, "// end");
    let Item::Scenario(s) = &p.file.items[0] else {
        panic!()
    };
    assert_eq!(
        &text[s.span.start..s.span.end],
        "scenario \"x\" {\r\n\tturns 3\r\n}"
    );
}

#[test]
fn spans_point_at_the_source() {
    let text = "map {\n  place lz-x at (1000,820)\n}";
    let f = map_features("  place lz-x at (1000,820)");
    let Feature::Place(p) = &f[0] else { panic!() };
    assert_eq!(&text[p.id.span.start..p.id.span.end], "lz-x");
    assert_eq!(&text[p.span.start..p.span.end], "place lz-x at (1000,820)");
}

/// An order without a stance is kept, so the checks can say so (MC401) instead of
/// the parser reporting a syntax error; the next order still starts on its own.
#[test]
fn order_without_stance_is_kept() {
    let orders =
        match one("orders british {\n  d-coy pegasus by turn 2 \"go\"\n  b-coy defend lz-x\n}") {
            Item::Orders(o) => o.orders,
            other => panic!("{other:?}"),
        };
    assert_eq!(orders.len(), 2);
    assert_eq!(orders[0].unit.name, "d-coy");
    assert!(orders[0].stance.is_none());
    assert!(matches!(&orders[0].objective, Some(Objective::Ref(i)) if i.name == "pegasus"));
    assert_eq!(orders[0].timing.len(), 1);
    assert_eq!(orders[1].unit.name, "b-coy");
    assert_eq!(
        orders[1].stance.as_ref().map(|s| s.value),
        Some(Stance::Defend)
    );
}

#[test]
fn briefing_of_a_side_and_of_the_umpire() {
    let text = "briefing british {\n  mission \"Take the bridge\"\n  situation \"Night\"\n}\nbriefing umpire /* who */ {\n  history \"It fell in ten minutes\"\n}\numpire \"note\"\n";
    let p = parse(FileId(0), text);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.file.items.len(), 3);
    let Item::Briefing(b) = &p.file.items[0] else {
        panic!()
    };
    assert_eq!(b.side.as_ref().map(|s| s.name.as_str()), Some("british"));
    let words: Vec<_> = b
        .sections
        .iter()
        .map(|s| (s.section.value, s.text.value.as_str()))
        .collect();
    assert_eq!(
        words,
        [
            (BriefingSection::Mission, "Take the bridge"),
            (BriefingSection::Situation, "Night")
        ]
    );
    let Item::Briefing(u) = &p.file.items[1] else {
        panic!()
    };
    assert!(u.side.is_none());
    assert_eq!(u.sections[0].section.value, BriefingSection::History);
    assert!(matches!(&p.file.items[2], Item::Umpire(n) if n.text.value == "note"));
}

/// A control character between `briefing` and `umpire` is reported, and read
/// as the space it stands for: the umpire's briefing stays one item, not a
/// briefing with no audience followed by an umpire note.
#[test]
fn a_control_character_does_not_part_briefing_from_umpire() {
    let text = "briefing\x0cumpire {\n  history \"It fell in ten minutes\"\n}\n";
    let p = parse(FileId(0), text);
    let codes: Vec<_> = p.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::MC001], "{:?}", p.diagnostics);
    assert!(p.diagnostics[0].message.contains("U+000C"));
    assert_eq!(p.file.items.len(), 1);
    let Item::Briefing(u) = &p.file.items[0] else {
        panic!("{:?}", p.file.items)
    };
    assert!(u.side.is_none());
    assert_eq!(u.sections[0].section.value, BriefingSection::History);
}

#[test]
fn briefing_refuses_an_unknown_section_and_a_side_history() {
    let p = parse(
        FileId(0),
        "briefing british {\n  orders \"x\"\n  history \"y\"\n  mission \"z\"\n}\n",
    );
    let messages: Vec<_> = p.diagnostics.iter().map(|d| d.message.clone()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[0].contains("briefing section"), "{messages:?}");
    assert!(
        messages[1].contains("`history` is the umpire's"),
        "{messages:?}"
    );
    let Item::Briefing(b) = &p.file.items[0] else {
        panic!()
    };
    assert_eq!(b.sections.len(), 1);
}

/// A quoted text right after an element's id is its name for the sheets; the
/// same text after its type is still a slip with the place for a name in the help.
#[test]
fn an_element_takes_a_name_right_after_its_id() {
    let e = element("hq coy-hq \"Howard's company HQ\" command figures 2 note \"Major Howard\"");
    assert_eq!(e.id.name, "coy-hq");
    assert!(e.kind.is_some(), "the type after the name is read");
    let names: Vec<_> = e
        .attrs
        .iter()
        .filter_map(|a| match a {
            ElementAttr::Name(t) => Some(t.value.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["Howard's company HQ"]);
    assert!(e.attrs.iter().any(|a| matches!(a, ElementAttr::Note(_))));
}
