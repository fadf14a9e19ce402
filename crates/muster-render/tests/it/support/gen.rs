//! A generated scenario built directly as a model (no parser needed), for the
//! leak test, snapshots and benchmarks. `n` varies sizes and names.
#![allow(dead_code, clippy::unwrap_used)]

use muster_model::analysis::*;
use muster_model::model::*;
use muster_rules::vocab::*;
use muster_syntax::FileId;

fn loc() -> Loc {
    Loc::default()
}
fn name(id: &str) -> Name {
    Name {
        id: id.into(),
        loc: loc(),
    }
}
fn prose(t: &str) -> Prose {
    Prose {
        text: t.into(),
        loc: loc(),
    }
}
fn r(id: &str, t: Target) -> Ref {
    Ref {
        name: name(id),
        target: Some(t),
    }
}
fn pos(x: f64, y: f64) -> Pos {
    Pos { x, y }
}

/// A two-sided scenario number `n` with `companies` companies per side.
pub fn scenario(n: usize, companies: usize) -> (Model, Analysis) {
    let mut m = empty_model(n);
    add_ground(&mut m);
    let mut analysis = Analysis::default();
    for (s, sid) in ["blue", "red"].iter().enumerate() {
        add_side(&mut m, &mut analysis, s, sid, companies);
    }
    add_fog_cases(&mut m);
    (m, analysis)
}

/// The scenario's header, its files and no content yet.
fn empty_model(n: usize) -> Model {
    Model {
        collection: None,
        findings_limit: muster_model::pack::FindingsLimit::of(0),
        balance: Default::default(),
        require_historical_strength: false,
        require_historical_strength_everywhere: false,
        strict_fog: false,
        files: vec![SourceFile {
            id: FileId(0),
            path: format!("generated/gen-{n}.muster"),
            text: "".into(),
            is_library: false,
        }],
        header: Some(Header {
            title: prose(&format!("Generated action {n}")),
            date: Some((1944, 7, 1 + (n % 28) as u8)),
            start_minutes: Some(5 * 60 + 30),
            turns: Some(12),
            turns_written: true,
            turn_minutes: 10.0,
            end_conditions: vec![prose("one side breaks")],
            first_bound: Some(r("blue", Target::Side(SideId(0)))),
            weather: Weather::Rain,
            light: Light::Dawn,
            table: Some((3000.0, 2000.0)),
            ground_scale: 2.0,
            georeference: None,
            notes: vec![prose("Designer note: the farm is the key.")],
            loc: loc(),
        }),
        overrides: vec![Override {
            code: "MC301".into(),
            level: SeverityLevel::Warn,
            reason: Some("house rule".into()),
            loc: Some(loc()),
            scope: None,
        }],
        sides: vec![],
        terrains: vec![],
        areas: vec![],
        lines: vec![],
        crossings: vec![],
        places: vec![],
        templates: vec![],
        units: vec![],
        elements: vec![],
        radio_links: vec![],
        telephone_lines: vec![],
        messengers: vec![],
        nets: vec![],
        orders: vec![],
        signals: vec![],
        arrivals: vec![],
        events: vec![],
        victories: vec![],
        intel: vec![],
        umpire_notes: vec![prose("The red reserve never arrives.")],
        briefings: vec![],
        far_off: vec![],
        spatial: Default::default(),
    }
}

/// Terrain, roads, the brook, its bridge and places.
fn add_ground(m: &mut Model) {
    let kinds = [
        TerrainKind::DenseWoods,
        TerrainKind::Buildings,
        TerrainKind::Swamp,
        TerrainKind::GentleSlope,
        TerrainKind::OpenWoods,
        TerrainKind::Minefield,
    ];
    for (i, k) in kinds.iter().enumerate() {
        let x = 300.0 + 400.0 * i as f64;
        m.areas.push(Area {
            name: name(&format!("area-{i}")),
            kind: *k,
            terrain: None,
            structure: (*k == TerrainKind::Buildings).then_some((Strength::Medium, Height::Normal)),
            display: Some(format!("Area {i}")),
            outline: vec![
                pos(x, 900.0),
                pos(x + 200.0, 900.0),
                pos(x + 200.0, 1100.0),
                pos(x, 1100.0),
            ],
            shape: ShapeKind::Rect {
                corner: pos(x, 900.0),
                width: 200.0,
                depth: 200.0,
            },
            known_to: Known::Everyone,
            loc: loc(),
            shape_loc: loc(),
        });
    }
    m.lines.push(Line {
        name: name("main-road"),
        kind: LineKind::Road,
        terrain: None,
        display: Some("Route nationale".into()),
        width: 10.0,
        points: vec![pos(0.0, 1000.0), pos(3000.0, 1000.0)],
        known_to: Known::Everyone,
        loc: loc(),
    });
    m.lines.push(Line {
        name: name("brook"),
        kind: LineKind::River,
        terrain: None,
        display: Some("The brook".into()),
        width: 20.0,
        points: vec![pos(1500.0, 0.0), pos(1500.0, 2000.0)],
        known_to: Known::Everyone,
        loc: loc(),
    });
    m.crossings.push(Crossing {
        name: name("span"),
        kind: CrossingKind::Bridge,
        display: Some("Stone bridge".into()),
        at: pos(1500.0, 1000.0),
        over: Some(r("brook", Target::Line(LineId(1)))),
        carries: Some(r("main-road", Target::Line(LineId(0)))),
        length: 40.0,
        known_to: Known::Everyone,
        loc: loc(),
    });
    m.crossings.push(Crossing {
        name: name("halt"),
        kind: CrossingKind::LevelCrossing,
        display: Some("Level crossing".into()),
        at: pos(800.0, 1000.0),
        over: Some(r("main-road", Target::Line(LineId(0)))),
        carries: None,
        length: 20.0,
        known_to: Known::Everyone,
        loc: loc(),
    });
    m.places.push(Place {
        name: name("farm"),
        display: Some("La Ferme".into()),
        at: PlaceAt::Point(pos(1600.0, 1200.0)),
        stretch: None,
        refuelling: false,
        known_to: Known::Everyone,
        loc: loc(),
    });
    m.places.push(Place {
        name: name("west"),
        display: Some("West edge".into()),
        at: PlaceAt::Edge(Edge::West),
        stretch: None,
        refuelling: false,
        known_to: Known::Everyone,
        loc: loc(),
    });
}

/// One side with its battalion of `companies` companies, orders and victory.
fn add_side(m: &mut Model, analysis: &mut Analysis, s: usize, sid: &str, companies: usize) {
    m.sides.push(Side {
        name: name(sid),
        display: Some(format!("{} force", sid.to_uppercase())),
        nations: vec![name(if s == 0 { "british" } else { "german" })],
        players: vec![Player {
            name: name(&format!("{sid}-player")),
            display: Some(format!("Commander {sid}")),
            commands: Some(r(
                &format!("{sid}-coy-0"),
                Target::Unit(UnitId(m.units.len() + 1)),
            )),
            loc: loc(),
        }],
        loc: loc(),
    });
    let bx = if s == 0 { 500.0 } else { 2500.0 };
    let bn = UnitId(m.units.len());
    add_unit(
        m,
        analysis,
        s,
        &format!("{sid}-bn"),
        Echelon::Battalion,
        None,
        pos(bx, 1000.0),
        true,
    );
    for c in 0..companies {
        let cid = add_unit(
            m,
            analysis,
            s,
            &format!("{sid}-coy-{c}"),
            Echelon::Company,
            Some(bn),
            pos(
                bx + if s == 0 { 100.0 } else { -100.0 },
                300.0 + (c as f64 * 1400.0) / companies.max(1) as f64,
            ),
            false,
        );
        analysis.latency.push(LatencyRow {
            from: bn,
            unit: cid,
            links: 1,
            runner_turns: 0,
            hot_turn: 2,
            cold_turn: 3,
        });
    }
    add_side_plan(m, s, sid, bn);
}

/// A side's orders, signal, net, telephone line, arrival and victory.
fn add_side_plan(m: &mut Model, s: usize, sid: &str, bn: UnitId) {
    let side = SideId(s);
    m.orders.push(Order {
        misspelt_stance: None,
        side,
        unit: r(&format!("{sid}-bn"), Target::Unit(bn)),
        stance: Some((
            if s == 0 {
                Stance::Attack
            } else {
                Stance::Defend
            },
            loc(),
        )),
        intensity: (s == 0).then_some((Intensity::Full, loc())),
        objective: Some(Objective::Ref(r("farm", Target::Place(PlaceId(0))))),
        timing: vec![Timing::By(6, loc())],
        prose: Some(prose(&format!("{sid}: take and hold the farm"))),
        phases: vec![Phase {
            stance: Some((Stance::Defend, loc())),
            intensity: None,
            objective: Some(Objective::Ref(r("farm", Target::Place(PlaceId(0))))),
            timing: vec![Timing::UntilEnd(loc())],
            loc: loc(),
        }],
        loc: loc(),
    });
    m.orders.push(Order {
        misspelt_stance: None,
        side,
        unit: r(&format!("{sid}-coy-0"), Target::Unit(UnitId(bn.0 + 1))),
        stance: Some((Stance::Support, loc())),
        intensity: None,
        objective: Some(Objective::Bearing(90.0, loc())),
        timing: vec![Timing::At(6 * 60, loc())],
        prose: None,
        phases: vec![],
        loc: loc(),
    });
    let hq = m.units[bn.0].command_element.unwrap();
    m.signals.push(Signal {
        name: name(&format!("{sid}-go")),
        side: Some(side),
        kind: SignalKind::Flare,
        meaning: Some(prose(&format!("{sid} begins the assault"))),
        sender: Some(r(&m.elements[hq.0].qualified.clone(), Target::Element(hq))),
        trigger: Some(Trigger::Command(loc())),
        affects: vec![r(&format!("{sid}-bn"), Target::Unit(bn))],
        colours: vec![(Colour::Green, loc())],
        loc: loc(),
    });
    m.nets.push(Net {
        side,
        name: name(&format!("{sid}-net")),
        display: Some(format!("{sid} battalion net")),
        members: vec![r(&m.elements[hq.0].qualified.clone(), Target::Element(hq))],
        loc: loc(),
    });
    m.telephone_lines.push(Link {
        side,
        from: r(&m.elements[hq.0].qualified.clone(), Target::Element(hq)),
        to: r(
            &m.elements[hq.0 + 1].qualified.clone(),
            Target::Element(ElementId(hq.0 + 1)),
        ),
        loc: loc(),
    });
    m.arrivals.push(Arrival {
        side: Some(side),
        unit: r(&format!("{sid}-coy-0"), Target::Unit(UnitId(bn.0 + 1))),
        when: When::Turn(3, loc()),
        at: r("west", Target::Place(PlaceId(1))),
        prose: Some(prose(&format!("{sid} reserve arrives"))),
        condition: None,
        loc: loc(),
    });
    m.victories.push(Victory {
        side: r(sid, Target::Side(side)),
        level: Some((
            VictoryLevel::Grade(muster_rules::vocab::Grade::Decisive),
            loc(),
        )),
        prose: prose(&format!("{sid} must hold the farm")),
        conditions: vec![Condition::Holds {
            target: r("farm", Target::Place(PlaceId(0))),
            by: None,
            loc: loc(),
        }],
        group: ConditionGroup {
            mode: muster_rules::vocab::GroupMode::All,
            members: vec![GroupMember::Condition(0)],
            written: true,
            loc: loc(),
        },
        loc: loc(),
    });
}

/// What each side is told of the other, and the fog-of-war edge cases.
fn add_fog_cases(m: &mut Model) {
    // Each side is told of the other's battalion.
    let red_bn = m.units.iter().position(|u| u.name.id == "red-bn").unwrap();
    m.intel.push(IntelEntry {
        side: r("blue", Target::Side(SideId(0))),
        unit: r("red-bn", Target::Unit(UnitId(red_bn))),
        seen_at: Some(Objective::Ref(r("farm", Target::Place(PlaceId(0))))),
        precision: Some(Precision::Approximate),
        words: Some(prose("enemy infantry near the farm")),
        loc: loc(),
    });
    m.intel.push(IntelEntry {
        side: r("red", Target::Side(SideId(1))),
        unit: r("blue-bn", Target::Unit(UnitId(0))),
        seen_at: Some(Objective::Point(pos(600.0, 1000.0), loc())),
        precision: Some(Precision::Vague),
        words: Some(prose("vehicles heard to the west")),
        loc: loc(),
    });
    // Fog-of-war edge cases: a report "seen at" an enemy unit, an order and a
    // victory condition naming an enemy unit.
    m.intel.push(IntelEntry {
        side: r("blue", Target::Side(SideId(0))),
        unit: r("red-coy-0", Target::Unit(UnitId(red_bn + 1))),
        seen_at: Some(Objective::Ref(r("red-bn", Target::Unit(UnitId(red_bn))))),
        precision: Some(Precision::Exact),
        words: Some(prose("a company with the battalion")),
        loc: loc(),
    });
    m.orders.push(Order {
        misspelt_stance: None,
        side: SideId(0),
        unit: r("blue-bn", Target::Unit(UnitId(0))),
        stance: Some((Stance::Attack, loc())),
        intensity: Some((Intensity::AllOut, loc())),
        objective: Some(Objective::Ref(r("red-bn", Target::Unit(UnitId(red_bn))))),
        timing: vec![
            Timing::After(8, loc()),
            Timing::OnSignal(r("blue-go", Target::Signal(SignalId(0)))),
        ],
        prose: None,
        phases: vec![Phase {
            stance: Some((Stance::Attack, loc())),
            intensity: None,
            objective: Some(Objective::Ref(r("red-bn", Target::Unit(UnitId(red_bn))))),
            timing: vec![Timing::Condition(SignalCondition {
                unless: true,
                signal: r("blue-go", Target::Signal(SignalId(0))),
                by: When::Turn(9, loc()),
                loc: loc(),
            })],
            loc: loc(),
        }],
        loc: loc(),
    });
    m.victories[1].conditions.push(Condition::Destroys {
        target: r("blue-bn", Target::Unit(UnitId(0))),
        loc: loc(),
    });
    m.events.push(Event {
        name: name("storm"),
        when: When::Clock(6 * 60 + 30, loc()),
        prose: prose("A thunderstorm breaks."),
        condition: None,
        loc: loc(),
    });
}

#[allow(clippy::too_many_arguments)]
fn add_unit(
    m: &mut Model,
    a: &mut Analysis,
    side: usize,
    id: &str,
    echelon: Echelon,
    parent: Option<UnitId>,
    at: Pos,
    is_bn: bool,
) -> UnitId {
    let uid = UnitId(m.units.len());
    let first = m.elements.len();
    let specs = element_specs(is_bn);
    for (i, (ename, kind, figures, models)) in specs.into_iter().enumerate() {
        m.elements.push(Element {
            name: name(ename),
            display: None,
            qualified: format!("{id}.{ename}"),
            unit: uid,
            side: SideId(side),
            kind: Some(kind),
            kind_loc: None,
            is_hq: i == 0,
            commander: (i == 0).then(loc),
            figures: figures.map(|f| (f, loc())),
            models: models.map(|f| (f, loc())),
            represents: None,
            mix: Vec::new(),
            mix_loc: None,
            weapons: if ename == "mg" {
                vec![WeaponInfo {
                    kind: WeaponKind::Hmg,
                    mount: Some(Mount::Tripod),
                    calibre_mm: None,
                    loc: loc(),
                }]
            } else {
                vec![]
            },
            radio: (i == 0).then_some((RadioRange::Short, loc())),
            telephone: None,
            pos: Some(pos(at.x + 40.0 * i as f64, at.y)),
            pos_loc: None,
            facing: Some(if side == 0 { 90.0 } else { 270.0 }),
            postures: if i == 3 {
                vec![(Posture::DugIn, loc())]
            } else {
                vec![]
            },
            embussed_in: None,
            riding_on: None,
            registers_for: None,
            hmg_zone: None,
            tasks: vec![],
            refuel_at: None,
            notes: vec![prose(&format!("{id} {ename} note"))],
            umpire_notes: vec![],
            start: None,
            prepared: None,
            loc: loc(),
        });
        a.command.push(if i == 0 && is_bn {
            CommandStatus::Top
        } else if i == 3 {
            CommandStatus::Separated {
                nearest: Some(ElementId(first)),
                distance: 420.0,
                range: muster_rules::command::range_of(Default::default(), false),
                short_by: 120.0,
                runner_turns: 1,
            }
        } else {
            CommandStatus::InCommand {
                route: Route::Direct,
                means: Means::ShortRadio,
                via: ElementId(first),
                distance: 40.0 * i as f64,
            }
        });
    }
    m.units.push(Unit {
        name: name(id),
        side: SideId(side),
        echelon,
        display: Some(format!("Unit {id}")),
        nation: None,
        parent,
        attached_to: None,
        children: vec![],
        elements: (first..m.elements.len()).map(ElementId).collect(),
        command_element: Some(ElementId(first)),
        template: None,
        unknown_template: None,
        captured: false,
        notes: vec![prose(&format!("{id} unit note"))],
        umpire_notes: vec![prose(&format!("{id} umpire secret"))],
        historical_strength: Some(HistoricalStrength {
            men: Some(100),
            vehicles: None,
            guns: Some(0),
            source: prose(&format!("{id} war diary")),
            loc: loc(),
        }),
        arrives_later: false,
        start: None,
        prepared: None,
        branch: Some(muster_rules::vocab::Branch::Infantry),
        modifier: None,
        loc: loc(),
    });
    if let Some(p) = parent {
        m.units[p.0].children.push(uid);
    }
    a.situations.push(StartSituation {
        unit: uid,
        hot: side == 0 && !is_bn,
        nearest_enemy: None,
        declared: None,
    });
    a.unit_centres.push(Some(pos(at.x + 40.0, at.y)));
    uid
}

/// The elements of a battalion's headquarters or of a company: (id, troop,
/// figures, models).
fn element_specs(is_bn: bool) -> Vec<(&'static str, Troop, Option<u32>, Option<u32>)> {
    if is_bn {
        vec![
            (
                "hq",
                Troop::Foot {
                    ty: FootType::Command,
                    specialism: None,
                },
                Some(3),
                None,
            ),
            (
                "tank",
                Troop::Vehicle(VehicleSpec {
                    role: VehicleRole::Tank,
                    drive: Drive::Tracked,
                    armoured: true,
                    open_topped: false,
                }),
                None,
                Some(1),
            ),
            (
                "gun",
                Troop::Artillery {
                    weapon: ArtilleryWeapon::AtGun,
                    calibre_mm: Some(57.0),
                },
                Some(4),
                Some(1),
            ),
        ]
    } else {
        vec![
            (
                "hq",
                Troop::Foot {
                    ty: FootType::Command,
                    specialism: None,
                },
                Some(2),
                None,
            ),
            (
                "pl-1",
                Troop::Foot {
                    ty: FootType::Coherent,
                    specialism: None,
                },
                Some(6),
                None,
            ),
            (
                "pl-2",
                Troop::Foot {
                    ty: FootType::Integrated,
                    specialism: None,
                },
                Some(5),
                None,
            ),
            (
                "mg",
                Troop::Foot {
                    ty: FootType::HeavySupport,
                    specialism: None,
                },
                Some(3),
                None,
            ),
        ]
    }
}
