//! The umpire's set-up sheet: the map at table scale (`map::setup`), the terrain
//! list and the deployment list in table centimetres from the south-west corner
//! with grid squares, the arrivals by turn, and the muster list.

use serde::Serialize;

use crate::json::forces::{Element, Unit};
use crate::json::map::Shape;
use crate::json::{Point, ScenarioJson, When};
use crate::keyword::keyword;
use crate::map::grid::{square, step, table_cm};
use crate::map::orders::find_unit;
use crate::map::setup::{setup_map, Tile};
use crate::map::{MapView, PrintBox};
use crate::paper::Paper;
use muster_model::geometry::polyline_length;

/// Everything the set-up template needs besides the map.
#[derive(Debug, Clone, Serialize)]
pub struct Setup {
    pub terrain: Vec<TerrainRow>,
    pub deployment: Vec<DeployRow>,
    pub arrivals: Vec<ArrivalRow>,
    /// Pages of the map at a readable scale when the whole table is too small.
    pub tiles: Vec<Tile>,
    /// `1 : 6.7` printed against the table.
    pub print_scale: String,
}

/// One terrain item.
#[derive(Debug, Clone, Serialize)]
pub struct TerrainRow {
    pub id: String,
    pub name: String,
    pub kind: String,
    /// `C3` or `C3–E5` (south-west to north-east).
    pub squares: String,
    /// Where to lay it, in table cm from the south-west corner.
    pub extent: String,
}

/// One element at the start, or a unit heading its elements.
#[derive(Debug, Clone, Serialize)]
pub struct DeployRow {
    pub side: String,
    pub unit: String,
    pub element: String,
    pub what: String,
    /// `56.0, 38.0` cm east, north of the south-west corner; empty off the table.
    pub position_cm: String,
    pub x_cm: Option<f64>,
    pub y_cm: Option<f64>,
    pub facing: String,
    pub posture: String,
    pub square: String,
    /// The unit enters later (its row is in `arrivals`, drawn faint).
    pub later: bool,
}

/// Reinforcements by turn.
#[derive(Debug, Clone, Serialize)]
pub struct ArrivalRow {
    pub when: String,
    pub side: String,
    pub unit: String,
    /// The entry point's name and where it is (`Ranville road, B1` or `west edge`).
    pub entry: String,
    pub elements: usize,
}

/// The printed area of a landscape sheet under its heading.
pub fn landscape(paper: Paper) -> PrintBox {
    match paper {
        Paper::A4 => PrintBox {
            w_mm: 271.0,
            h_mm: 142.0,
        },
        Paper::Letter => PrintBox {
            w_mm: 253.0,
            h_mm: 150.0,
        },
        Paper::A3 => PrintBox {
            w_mm: 394.0,
            h_mm: 225.0,
        },
    }
}

/// The set-up sheet's map and lists for the umpire's view.
pub fn setup(s: &ScenarioJson, paper: Paper) -> (MapView, Setup) {
    let (map, tiles, print_scale) = setup_map(s, landscape(paper));
    let scale = s.header.ground_scale_m_per_mm;
    let st = step(scale);
    let setup = Setup {
        terrain: terrain(s, st, scale),
        deployment: deployment(s, st, scale),
        arrivals: arrivals(s, st),
        tiles,
        print_scale,
    };
    (map, setup)
}

fn cm(v: f64, scale: f64) -> String {
    format!("{:.1}", table_cm(v, scale))
}

fn span(ps: &[Point], st: f64) -> String {
    let (x0, y0, x1, y1) = bounds(ps);
    let a = square(x0, y0, st);
    let b = square(x1, y1, st);
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

fn bounds(ps: &[Point]) -> (f64, f64, f64, f64) {
    let mut b = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    for p in ps {
        b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
    }
    if b.0.is_finite() {
        b
    } else {
        (0.0, 0.0, 0.0, 0.0)
    }
}

fn terrain(s: &ScenarioJson, st: f64, scale: f64) -> Vec<TerrainRow> {
    let mut out = Vec::new();
    for a in &s.map.areas {
        let mut kind = keyword(&a.kind);
        if let Some(x) = &a.structure {
            kind = format!("{kind} ({}, {})", keyword(&x.strength), keyword(&x.height));
        }
        let extent = match &a.shape {
            Shape::Rect {
                corner,
                width_m,
                depth_m,
            } => format!(
                "corner at {}, {} cm; {} cm east by {} cm north",
                cm(corner.x, scale),
                cm(corner.y, scale),
                cm(*width_m, scale),
                cm(*depth_m, scale)
            ),
            Shape::Circle { centre, radius_m } => format!(
                "centre {}, {} cm; radius {} cm",
                cm(centre.x, scale),
                cm(centre.y, scale),
                cm(*radius_m, scale)
            ),
            Shape::Polygon => {
                let (x0, y0, x1, y1) = bounds(&a.outline);
                let corners: Vec<String> = a
                    .outline
                    .iter()
                    .map(|p| format!("({}, {})", cm(p.x, scale), cm(p.y, scale)))
                    .collect();
                format!(
                    "x {}–{} cm, y {}–{} cm; corners {}",
                    cm(x0, scale),
                    cm(x1, scale),
                    cm(y0, scale),
                    cm(y1, scale),
                    corners.join(" ")
                )
            }
        };
        out.push(TerrainRow {
            id: a.id.clone(),
            name: a.display.clone().unwrap_or_default(),
            kind,
            squares: span(&a.outline, st),
            extent,
        });
    }
    for l in &s.map.lines {
        let pts: Vec<String> = l
            .points
            .iter()
            .map(|p| format!("({}, {})", cm(p.x, scale), cm(p.y, scale)))
            .collect();
        let len = polyline_length(&l.points);
        out.push(TerrainRow {
            id: l.id.clone(),
            name: l.display.clone().unwrap_or_default(),
            kind: keyword(&l.kind),
            squares: span(&l.points, st),
            extent: format!("{} cm long through {}", cm(len, scale), pts.join(" ")),
        });
    }
    for c in &s.map.crossings {
        out.push(TerrainRow {
            id: c.id.clone(),
            name: c.display.clone().unwrap_or_default(),
            kind: c.kind.clone(),
            squares: square(c.at.x, c.at.y, st),
            extent: format!("at {}, {} cm", cm(c.at.x, scale), cm(c.at.y, scale)),
        });
    }
    for p in &s.map.places {
        let (sq, extent) = match (&p.at, &p.edge) {
            (Some(at), _) => (
                square(at.x, at.y, st),
                format!("at {}, {} cm", cm(at.x, scale), cm(at.y, scale)),
            ),
            (None, Some(e)) => (String::new(), format!("the {} table edge", keyword(e))),
            _ => (String::new(), String::new()),
        };
        out.push(TerrainRow {
            id: p.id.clone(),
            name: p.display.clone().unwrap_or_default(),
            kind: "place".into(),
            squares: sq,
            extent,
        });
    }
    out
}

fn deployment(s: &ScenarioJson, st: f64, scale: f64) -> Vec<DeployRow> {
    let mut out = Vec::new();
    for sd in &s.sides {
        for u in &sd.units {
            deploy_unit(&sd.id, u, st, scale, &mut out);
        }
    }
    out
}

fn deploy_unit(side: &str, u: &Unit, st: f64, scale: f64, out: &mut Vec<DeployRow>) {
    for e in &u.elements {
        out.push(deploy_row(side, u, e, st, scale));
    }
    for c in &u.units {
        deploy_unit(side, c, st, scale, out);
    }
}

/// One element's row: its table position in cm, facing, posture and square.
pub fn deploy_row(side: &str, u: &Unit, e: &Element, st: f64, scale: f64) -> DeployRow {
    let (x, y) = match e.position {
        Some(p) => (Some(table_cm(p.x, scale)), Some(table_cm(p.y, scale))),
        None => (None, None),
    };
    DeployRow {
        side: side.to_string(),
        unit: u.display.clone().unwrap_or_else(|| u.id.clone()),
        element: e.name.clone(),
        what: e.description.clone(),
        position_cm: match (x, y) {
            (Some(x), Some(y)) => format!("{x:.1}, {y:.1}"),
            _ => "off table".into(),
        },
        x_cm: x,
        y_cm: y,
        facing: e.facing.map(|f| format!("{f:.0}°")).unwrap_or_default(),
        posture: e
            .postures
            .iter()
            .map(keyword)
            .collect::<Vec<_>>()
            .join(", "),
        square: e.position.map(|p| square(p.x, p.y, st)).unwrap_or_default(),
        later: u.arrives_later,
    }
}

fn arrivals(s: &ScenarioJson, st: f64) -> Vec<ArrivalRow> {
    let mut rows: Vec<(u32, String, ArrivalRow)> = s
        .arrivals
        .iter()
        .map(|a| {
            let (key, when) = match &a.when {
                When::Turn { turn } => (*turn, format!("turn {turn}")),
                When::Clock { time, .. } => (u32::MAX, time.clone()),
            };
            let place = s.map.places.iter().find(|p| p.id == a.at.id);
            let name = a.at.display.clone().unwrap_or_else(|| a.at.id.clone());
            let entry = match place {
                Some(p) => match (&p.at, &p.edge) {
                    (Some(at), _) => format!("{name}, {}", square(at.x, at.y, st)),
                    (None, Some(e)) => format!("{name} ({} edge)", keyword(e)),
                    _ => name,
                },
                None => name,
            };
            let elements = find_unit(s, &a.unit.id).map(count).unwrap_or(0);
            let sort = match &a.when {
                When::Clock { time, .. } => time.clone(),
                When::Turn { .. } => String::new(),
            };
            (
                key,
                sort,
                ArrivalRow {
                    when,
                    side: a.side.clone().unwrap_or_default(),
                    unit: a.unit.display.clone().unwrap_or_else(|| a.unit.id.clone()),
                    entry,
                    elements,
                },
            )
        })
        .collect();
    rows.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    rows.into_iter().map(|r| r.2).collect()
}

fn count(u: &Unit) -> usize {
    u.elements.len() + u.units.iter().map(count).sum::<usize>()
}
