//! The umpire's set-up sheet: the whole table across the page, the terrain
//! and deployment lists in table centimetres from the south-west corner with
//! grid squares, the arrivals by turn, the table in tiles at 1 : 4
//! (`map::setup`) with every element numbered as in the list, then the muster
//! list: last, so a short list never strands a nearly empty page before a tile.

use serde::Serialize;

use crate::json::forces::{Element, Unit};
use crate::json::map::Shape;
use crate::json::{Point, ScenarioJson, When};
use crate::keyword::keyword;
use crate::map::extent;
use crate::map::grid::{square_in, step, table_cm};
use crate::map::orders::find_unit;
use crate::map::setup::{
    print_scale, setup_overview, setup_tiles, Tile, TILE_RATIO, TILE_RATIO_A3,
};
use crate::map::{print_width_in, MapView, PrintBox};
use crate::paper::Paper;
use muster_model::geometry::polyline_length;

/// Everything the set-up template needs besides the map.
#[derive(Debug, Clone, Serialize)]
pub struct Setup {
    pub terrain: Vec<TerrainRow>,
    pub deployment: Vec<DeployRow>,
    pub arrivals: Vec<ArrivalRow>,
    /// The table at the tile scale, page by page.
    pub tiles: Vec<Tile>,
    /// `1 : 6.7`: the overview printed against the table.
    pub print_scale: String,
    /// `1 : 4`: every tile printed against the table.
    pub tile_scale: String,
    /// `portrait` or `landscape`: whichever lets the overview fill the width.
    pub orientation: &'static str,
    /// The table's edges in table cm, with the ground they stand for.
    pub edges: String,
}

/// One terrain item.
#[derive(Debug, Clone, Serialize)]
pub struct TerrainRow {
    pub id: String,
    pub name: String,
    pub kind: String,
    /// `C3` or `C3–E5` (south-west to north-east), squares the grid has.
    pub squares: String,
    /// Where to lay it, in table cm from the south-west corner.
    pub extent: String,
    /// A road's or river's width in table cm (`0.4 cm (8 m)`); empty otherwise.
    pub width: String,
}

/// One element at the start, or a unit heading its elements.
#[derive(Debug, Clone, Serialize)]
pub struct DeployRow {
    /// Its number on the tiles; None off the table.
    pub n: Option<usize>,
    /// Its qualified id (`SIDE.UNIT.ELEMENT`), as on the map.
    pub id: String,
    /// Its side's display name, printed once over the side's rows.
    pub side: String,
    /// Whether it is the first row of its side at the start: the side's name heads it.
    pub heads_side: bool,
    pub unit: String,
    pub element: String,
    pub what: String,
    /// `2 figures`, `1 model`: what to put down.
    pub pieces: String,
    /// `56.0, 38.0` cm east, north of the south-west corner; empty off the table.
    pub position_cm: String,
    pub x_cm: Option<f64>,
    pub y_cm: Option<f64>,
    pub facing: String,
    pub posture: String,
    pub square: String,
    /// A fixed fire arc: `bearing 90°, spread 40°, range 30.0 cm (600 m)`.
    pub arc: String,
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

/// A page's text area in millimetres (the sheet's CSS margins taken off).
pub fn text_box(paper: Paper, landscape: bool) -> PrintBox {
    let (w, h) = match paper {
        Paper::A4 => (210.0, 297.0),
        Paper::Letter => (215.9, 279.4),
        Paper::A3 => (297.0, 420.0),
    };
    let (w, h) = if landscape { (h, w) } else { (w, h) };
    let (top, right, bottom, left) = PAGE_MARGINS_MM;
    PrintBox {
        w_mm: w - left - right,
        h_mm: h - top - bottom,
    }
}

/// The page margins of `briefing.css` (top, right, bottom, left).
const PAGE_MARGINS_MM: (f64, f64, f64, f64) = (12.0, 11.0, 13.0, 11.0);
/// The sheet's heading above the overview, and a tile's heading and note.
const HEADING_MM: f64 = 30.0;
const TILE_HEADING_MM: f64 = 26.0;
/// The first two lines of the overview's key, which print under it on its
/// page (a paragraph is never split after its first line): without them a
/// map sized to the page goes over to the next one, leaving the title alone.
const KEY_LINES_MM: f64 = 9.0;
/// What the overview must fill of the text width.
pub const OVERVIEW_SHARE: f64 = 0.85;

/// The set-up sheet's map and lists for the umpire's view.
pub fn setup(s: &ScenarioJson, paper: Paper) -> (MapView, Setup) {
    let scale = s.header.ground_scale_m_per_mm;
    // The overview in each orientation; the larger one that fills the width.
    // Sized from its frame alone, so only the chosen one is drawn.
    let overview = |landscape: bool| {
        let tb = text_box(paper, landscape);
        let pb = PrintBox {
            w_mm: tb.w_mm - 1.0,
            h_mm: tb.h_mm - HEADING_MM - KEY_LINES_MM,
        };
        let (print_w_mm, vw) = print_width_in(s, pb);
        let fills = print_w_mm >= OVERVIEW_SHARE * tb.w_mm;
        (fills, print_w_mm / vw.max(1e-9), landscape, pb)
    };
    let (a, b) = (overview(true), overview(false));
    let (_, _, landscape, pb) = if (a.0, a.1) >= (b.0, b.1) { a } else { b };
    let map = setup_overview(s, pb);
    let st = step(scale);
    let (w, h) = extent(s);
    let deployment = deployment(s, st, scale, (w, h));
    let numbers: Vec<(String, usize)> = deployment
        .iter()
        .filter_map(|d| d.n.map(|n| (d.id.clone(), n)))
        .collect();
    let tb = text_box(paper, landscape);
    let ratio = if paper == Paper::A3 {
        TILE_RATIO_A3
    } else {
        TILE_RATIO
    };
    let tiles = setup_tiles(
        s,
        PrintBox {
            w_mm: tb.w_mm - 1.0,
            h_mm: tb.h_mm - TILE_HEADING_MM,
        },
        ratio,
        &numbers,
    );
    let setup = Setup {
        terrain: terrain(s, st, scale, (w, h)),
        deployment,
        arrivals: arrivals(s, st, (w, h)),
        tiles,
        print_scale: print_scale(&map, scale).1,
        tile_scale: format!("1 : {}", num(1.0 / ratio)),
        orientation: if landscape { "landscape" } else { "portrait" },
        edges: format!(
            "west edge 0 cm and east edge {} cm ({} m); south edge 0 cm and north edge {} cm ({} m)",
            num(table_cm(w, scale)),
            num(w),
            num(table_cm(h, scale)),
            num(h)
        ),
    };
    (map, setup)
}

/// The grid square of a point on the table: a point on the east or north edge
/// is in the last square, never in one past the grid.
fn square_on(x: f64, y: f64, st: f64, table: (f64, f64)) -> String {
    square_in(x, y, st, table)
}

/// A number to a tenth, without a trailing `.0`.
fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 10.0).round() / 10.0)
    } else {
        "0".into()
    }
}

fn cm(v: f64, scale: f64) -> String {
    format!("{:.1}", table_cm(v, scale))
}

fn span(ps: &[Point], st: f64, table: (f64, f64)) -> String {
    let (x0, y0, x1, y1) = bounds(ps);
    let a = square_on(x0, y0, st, table);
    let b = square_on(x1, y1, st, table);
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

fn terrain(s: &ScenarioJson, st: f64, scale: f64, table: (f64, f64)) -> Vec<TerrainRow> {
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
            squares: span(&a.outline, st, table),
            extent,
            width: String::new(),
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
            squares: span(&l.points, st, table),
            extent: format!("{} cm long through {}", cm(len, scale), pts.join(" ")),
            width: if l.width_m > 0.0 {
                format!("{} cm ({} m)", cm(l.width_m, scale), num(l.width_m))
            } else {
                String::new()
            },
        });
    }
    for c in &s.map.crossings {
        out.push(TerrainRow {
            id: c.id.clone(),
            name: c.display.clone().unwrap_or_default(),
            kind: c.kind.0.keyword().into(),
            squares: square_on(c.at.x, c.at.y, st, table),
            extent: format!("at {}, {} cm", cm(c.at.x, scale), cm(c.at.y, scale)),
            width: String::new(),
        });
    }
    for p in &s.map.places {
        let (sq, extent) = match (&p.at, &p.edge) {
            (Some(at), _) => (
                square_on(at.x, at.y, st, table),
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
            width: String::new(),
        });
    }
    out
}

/// Every element in list order, those on the table at the start numbered
/// from 1 as on the tiles.
fn deployment(s: &ScenarioJson, st: f64, scale: f64, table: (f64, f64)) -> Vec<DeployRow> {
    let mut out = Vec::new();
    for sd in &s.sides {
        let from = out.len();
        for u in &sd.units {
            deploy_unit(&sd.id, u, st, scale, table, &mut out);
        }
        let name = super::front::side_name(s, &sd.id);
        for d in out.iter_mut().skip(from) {
            d.side.clone_from(&name);
        }
        if let Some(d) = out.iter_mut().skip(from).find(|d| !d.later) {
            d.heads_side = true;
        }
    }
    let mut n = 0;
    // Later arrivals are listed by turn, not here: their planned spots stay unnumbered.
    for d in out.iter_mut().filter(|d| d.x_cm.is_some() && !d.later) {
        n += 1;
        d.n = Some(n);
    }
    out
}

fn deploy_unit(
    side: &str,
    u: &Unit,
    st: f64,
    scale: f64,
    table: (f64, f64),
    out: &mut Vec<DeployRow>,
) {
    for e in &u.elements {
        out.push(deploy_row(side, u, e, st, scale, table));
    }
    for c in &u.units {
        deploy_unit(side, c, st, scale, table, out);
    }
}

/// `2 figures`, `1 model`, or both for an element with each.
fn pieces(e: &Element) -> String {
    let one = |n: u32, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut v = Vec::new();
    if let Some(n) = e.figures {
        v.push(one(n, "figure"));
    }
    if let Some(n) = e.models {
        v.push(one(n, "model"));
    }
    v.join(", ")
}

/// One element's row: its table position in cm, facing, posture, square and
/// fire arc.
fn deploy_row(
    side: &str,
    u: &Unit,
    e: &Element,
    st: f64,
    scale: f64,
    table: (f64, f64),
) -> DeployRow {
    let (x, y) = match e.position {
        Some(p) => (Some(table_cm(p.x, scale)), Some(table_cm(p.y, scale))),
        None => (None, None),
    };
    DeployRow {
        n: None,
        id: format!("{side}.{}", e.id),
        side: side.to_string(),
        heads_side: false,
        unit: u.display.clone().unwrap_or_else(|| u.id.clone()),
        element: e.shown().to_string(),
        what: e.description.clone(),
        pieces: pieces(e),
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
        square: e
            .position
            .map(|p| square_on(p.x, p.y, st, table))
            .unwrap_or_default(),
        arc: e
            .hmg_zone
            .as_ref()
            .map(|z| {
                format!(
                    "bearing {}°, spread {}°, range {} cm ({} m)",
                    num(z.bearing),
                    num(z.spread),
                    cm(z.range_m, scale),
                    num(z.range_m)
                )
            })
            .unwrap_or_default(),
        later: u.arrives_later,
    }
}

fn arrivals(s: &ScenarioJson, st: f64, table: (f64, f64)) -> Vec<ArrivalRow> {
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
                    (Some(at), _) => format!("{name}, {}", square_on(at.x, at.y, st, table)),
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
                    side: a
                        .side
                        .as_deref()
                        .map(|id| super::front::side_name(s, id))
                        .unwrap_or_default(),
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
