//! The briefing map as plain numbers and labels: the SVG geometry the map template
//! draws. Paths are built here from numbers only; every label stays text for the
//! template to escape. The map is sized for print: its smallest text prints at
//! [`MIN_TEXT_MM`] on the page it is made for.

use serde::Serialize;

use crate::json::forces::Unit;
use crate::json::{Point, ScenarioJson};
use crate::map_branch::{unit_branch, BRANCHES};
use crate::map_grid::{grid, square, Grid};
use crate::map_orders::{arrivals, orders, plans, unit_centre, ArrivalMark, OrderMark, PlanMark};
use crate::map_symbols::Symbols;

/// The smallest printed text on any map, in millimetres (2.5 mm with a margin).
pub const MIN_TEXT_MM: f64 = 2.6;
/// The smallest text size in em: line and unit names, echelon marks, grid labels.
pub const SMALLEST_EM: f64 = 0.7;

/// The printed area a map must fit, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintBox {
    pub w_mm: f64,
    pub h_mm: f64,
}

/// A briefing's map: the width of an A4 or Letter page inside its margins.
pub const BRIEFING: PrintBox = PrintBox {
    w_mm: 184.0,
    h_mm: 190.0,
};

/// Everything the map template needs, in SVG user units (1 unit = 1 m; y down).
#[derive(Debug, Clone, Serialize)]
pub struct MapView {
    pub width: f64,
    pub height: f64,
    /// The SVG viewBox: the table plus margins for the grid labels and the scale.
    pub vx: f64,
    pub vy: f64,
    pub vw: f64,
    pub vh: f64,
    /// The printed size in millimetres.
    pub print_w_mm: f64,
    pub print_h_mm: f64,
    /// Extra band below the map for the scale bar.
    pub band: f64,
    /// A size for symbols and text: 1 em prints at `MIN_TEXT_MM / SMALLEST_EM`.
    pub em: f64,
    /// The scale of unit frames (`0.75 em`).
    pub sym: f64,
    pub grid: Grid,
    pub areas: Vec<AreaMark>,
    pub lines: Vec<LineMark>,
    pub crossings: Vec<Mark>,
    pub places: Vec<Mark>,
    pub units: Vec<UnitMark>,
    pub elements: Vec<Mark>,
    pub orders: Vec<OrderMark>,
    pub plans: Vec<PlanMark>,
    pub arrivals: Vec<ArrivalMark>,
    pub scale: ScaleBar,
    /// Labels the map had no free room for, listed under it.
    pub key: Vec<KeyEntry>,
    /// The display name of every unit whose symbol is drawn under its id.
    pub unit_key: Vec<KeyEntry>,
    /// Terrain and line kinds present, for the legend.
    pub terrain_kinds: Vec<String>,
    pub line_kinds: Vec<String>,
    /// Crossing kinds present (`bridge`, `ford`), for the legend.
    pub crossing_kinds: Vec<String>,
    /// Whether any place is a point (drawn as a dot), for the legend.
    pub has_points: bool,
    /// Branch icons drawn, in legend order; echelon marks drawn.
    pub branches: Vec<String>,
    pub echelons: Vec<Echelon>,
    /// Which legend entries apply: intel reports, later arrivals, plan kinds.
    pub has_reports: bool,
    pub has_later: bool,
    pub order_kinds: Vec<String>,
    pub plan_kinds: Vec<String>,
    /// Side ids drawn as friendly (rectangle) and hostile (diamond).
    pub friendly: Vec<String>,
    pub hostile: Vec<String>,
    /// The patterns and symbols, each defined once.
    pub svg: Symbols,
    /// The font every map text is set in, whose widths size the label boxes.
    pub font: &'static str,
    /// Every label box the placer chose (text and unit symbols), for tests.
    #[serde(skip)]
    pub label_boxes: Vec<LabelBox>,
    /// Every leader line drawn (from, to), for tests.
    #[serde(skip)]
    pub leaders: Vec<[f64; 4]>,
    /// A map extract's window on the table (map units, y down): the drawing is
    /// clipped to it and its labels kept inside it; None for the whole table.
    pub window: Option<Window>,
    /// Objectives ringed on a player's map (map units, y down).
    pub objectives: Vec<Point>,
    /// Where the north arrow stands.
    pub nx: f64,
    pub ny: f64,
}

/// The part of the table a map extract shows, in map units (y down).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Window {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// Margins around the drawn table, in em: grid labels left, right and above;
/// column letters and the scale bar below.
pub(crate) const MARGINS_EM: (f64, f64, f64, f64) = (2.4, 3.4, 2.0, 7.0);

/// A label's box as placed, in map units (y down).
#[derive(Debug, Clone, PartialEq)]
pub struct LabelBox {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub text: String,
}

/// A label not drawn on the map for want of room, with its grid square.
#[derive(Debug, Clone, Serialize)]
pub struct KeyEntry {
    pub text: String,
    pub square: String,
}

/// An echelon mark and what it stands for, for the legend.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Echelon {
    pub mark: String,
    pub words: String,
}

/// A terrain area.
#[derive(Debug, Clone, Serialize)]
pub struct AreaMark {
    pub d: String,
    pub kind: String,
    /// The scenario terrain kind (§98) it is of, shown instead of `kind`.
    pub terrain: Option<String>,
    pub label: String,
    pub x: f64,
    pub y: f64,
    /// False when the label went to the key.
    pub shown: bool,
    /// The outline (y down), for keeping symbols out of water and cliffs.
    #[serde(skip)]
    pub points: Vec<(f64, f64)>,
}

/// A road, river or obstacle.
#[derive(Debug, Clone, Serialize)]
pub struct LineMark {
    pub d: String,
    pub kind: String,
    /// The scenario terrain kind (§98) it is of, drawn in a style of its own.
    pub terrain: Option<String>,
    pub width: f64,
    pub label: String,
    /// Where the label goes (text centre, baseline), chosen clear of other labels.
    pub x: f64,
    pub y: f64,
    pub shown: bool,
    /// The drawn points (y down), for choosing where along the line to label it.
    #[serde(skip)]
    pub points: Vec<(f64, f64)>,
}

/// A point with a label (place, crossing, element).
#[derive(Debug, Clone, Serialize)]
pub struct Mark {
    pub x: f64,
    pub y: f64,
    pub kind: String,
    pub label: String,
    /// Rotation in degrees (bridges along the road they carry).
    pub angle: f64,
    /// Where the label goes (text centre, baseline), chosen clear of other labels.
    pub lx: f64,
    pub ly: f64,
    pub shown: bool,
    pub hostile: bool,
    /// Belongs to a unit arriving later: drawn faint.
    pub later: bool,
}

/// A unit symbol: an APP-6 frame with its branch icon and echelon mark, drawn at
/// `fx, fy` (its true centre `x, y` when free, else close by with a leader line).
#[derive(Debug, Clone, Serialize)]
pub struct UnitMark {
    pub x: f64,
    pub y: f64,
    pub fx: f64,
    pub fy: f64,
    pub hostile: bool,
    /// One of [`BRANCHES`], or `report` for an intel report.
    pub branch: String,
    pub echelon: String,
    pub label: String,
    /// Its display name, given in the unit key under the map: the symbol
    /// carries the short id so that it fits beside its elements.
    pub name: String,
    pub highlight: bool,
    /// Arrives later: drawn faint at its planned position.
    pub later: bool,
    /// False when no free spot was found near it: it is listed in the key.
    pub shown: bool,
    /// Whether a leader line joins the symbol to its centre.
    pub leader: bool,
}

/// The scale bar: `metres` of ground is `length` user units and `mm` on the table.
#[derive(Debug, Clone, Serialize)]
pub struct ScaleBar {
    pub x: f64,
    pub y: f64,
    pub length: f64,
    pub metres: f64,
    pub mm: f64,
    /// `500 m = 250 mm on the table`.
    pub label: String,
}

/// NATO echelon marks (§9).
pub fn echelon_mark(e: &str) -> &'static str {
    match e {
        "division" => "XX",
        "brigade" => "X",
        "regiment" => "III",
        "battalion" => "II",
        "company" | "battery" | "squadron" => "I",
        "platoon" | "troop" => "•••",
        "flight" => "••",
        _ => "•",
    }
}

/// Builds the briefing map of a (possibly side-filtered) scenario; `focus` marks
/// a player's units, `own` is the side drawn as friendly (the first side for the umpire).
pub fn map_view(s: &ScenarioJson, own: Option<&str>, focus: &[String]) -> MapView {
    map_view_in(s, own, focus, BRIEFING)
}

/// The same map made to print inside `pb`.
pub fn map_view_in(s: &ScenarioJson, own: Option<&str>, focus: &[String], pb: PrintBox) -> MapView {
    let (w, h) = extent(s);
    let (ml, mr, mt, mb) = MARGINS_EM;
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let k = ((pb.w_mm - (ml + mr) * c) / w)
        .min((pb.h_mm - (mt + mb) * c) / h)
        .max(1e-6);
    map_at(s, own, focus, k, None)
}

/// The map printed at `k` millimetres per metre of ground, of the whole table or
/// of `window` only (a map extract, `map_extract.rs`).
pub(crate) fn map_at(
    s: &ScenarioJson,
    own: Option<&str>,
    focus: &[String],
    k: f64,
    window: Option<Window>,
) -> MapView {
    let side_view = own.is_some();
    let (w, h) = extent(s);
    let (ml, mr, mt, mb) = MARGINS_EM;
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let em = c / k;
    let fy = |y: f64| h - y;
    let own = own
        .map(str::to_string)
        .or_else(|| s.sides.first().map(|x| x.id.clone()))
        .unwrap_or_default();
    let mut terrain_kinds: Vec<String> = Vec::new();
    let areas = s
        .map
        .areas
        .iter()
        .map(|a| {
            let kind = serde_kw(&a.kind);
            push_new(&mut terrain_kinds, &kind);
            let c = centre(&a.outline);
            AreaMark {
                d: path(&a.outline, true, h),
                kind,
                terrain: a.terrain.clone(),
                label: marked(
                    a.display.clone().unwrap_or_else(|| a.id.clone()),
                    &a.known_to,
                ),
                x: c.x,
                y: fy(c.y),
                shown: true,
                points: a.outline.iter().map(|p| (p.x, fy(p.y))).collect(),
            }
        })
        .collect();
    let mut line_kinds: Vec<String> = Vec::new();
    let lines = s
        .map
        .lines
        .iter()
        .map(|l| {
            let kind = serde_kw(&l.kind);
            push_new(&mut line_kinds, &kind);
            let mid = l
                .points
                .get(l.points.len() / 2)
                .copied()
                .unwrap_or(Point { x: 0.0, y: 0.0 });
            LineMark {
                d: path(&l.points, false, h),
                kind,
                terrain: l.terrain.clone(),
                width: l.width_m.clamp(em * 0.3, em * 3.0),
                label: marked(l.display.clone().unwrap_or_default(), &l.known_to),
                x: mid.x,
                y: fy(mid.y),
                shown: true,
                points: l.points.iter().map(|p| (p.x, fy(p.y))).collect(),
            }
        })
        .collect();
    let crossings = s
        .map
        .crossings
        .iter()
        .map(|c| {
            let angle = c
                .carries
                .as_ref()
                .and_then(|r| s.map.lines.iter().find(|l| l.id == r.id))
                .and_then(|l| Some((l.points.first()?, l.points.last()?)))
                .map(|(a, b)| (-(b.y - a.y)).atan2(b.x - a.x).to_degrees())
                .unwrap_or(0.0);
            mark(
                c.at.x,
                fy(c.at.y),
                &c.kind,
                marked(c.display.clone().unwrap_or_default(), &c.known_to),
                angle,
            )
        })
        .collect();
    let places = s
        .map
        .places
        .iter()
        .filter_map(|p| {
            let (x, y, kind) = match (&p.at, &p.edge) {
                (Some(at), _) => (at.x, fy(at.y), "point"),
                (None, Some(e)) => match serde_kw(e).as_str() {
                    "north" => (w / 2.0, em * 1.2, "edge"),
                    "south" => (w / 2.0, h - em * 0.5, "edge"),
                    "east" => (w - em * 0.7, h / 2.0, "edge-east"),
                    _ => (em * 0.7, h / 2.0, "edge-west"),
                },
                _ => return None,
            };
            let label = marked(
                p.display.clone().unwrap_or_else(|| p.id.clone()),
                &p.known_to,
            );
            Some(mark(x, y, kind, label, 0.0))
        })
        .collect();
    let mut units = Vec::new();
    let mut elements = Vec::new();
    let mut echelons = Vec::new();
    for side in &s.sides {
        let hostile = side.id != own;
        for u in &side.units {
            collect_units(
                u,
                hostile,
                focus,
                h,
                &mut units,
                &mut elements,
                &mut echelons,
            );
        }
    }
    // The umpire sees the real positions: reports would only clutter the map.
    let reports = if side_view { s.intel.as_slice() } else { &[] };
    for r in reports {
        if let Some(p) = r.position {
            units.push(UnitMark {
                x: p.x,
                y: fy(p.y),
                fx: p.x,
                fy: fy(p.y),
                hostile: true,
                branch: "report".into(),
                echelon: String::new(),
                label: r.label.clone(),
                name: r.label.clone(),
                highlight: false,
                later: false,
                shown: true,
                leader: false,
            });
        }
    }
    let mut branches: Vec<String> = BRANCHES
        .iter()
        .filter(|b| units.iter().any(|u| u.branch == **b))
        .map(|b| (*b).to_string())
        .collect();
    branches.dedup();
    let order_marks = orders(s, &own, h, em);
    let plan_marks = plans(s, &own, h);
    let mut order_kinds = Vec::new();
    for o in &order_marks {
        push_new(&mut order_kinds, &o.kind);
    }
    let mut plan_kinds = Vec::new();
    for p in &plan_marks {
        push_new(&mut plan_kinds, &p.kind);
    }
    let metres = nice_length(w / 4.0);
    let scale = s.header.ground_scale_m_per_mm;
    let vx = -ml * em;
    let vy = -mt * em;
    let vw = w + (ml + mr) * em;
    let vh = h + (mt + mb) * em;
    let mut view = MapView {
        width: w,
        height: h,
        vx,
        vy,
        vw,
        vh,
        print_w_mm: vw * k,
        print_h_mm: vh * k,
        band: mb * em,
        em,
        sym: 0.75 * em,
        grid: grid(w, h, scale, em),
        svg: Symbols::new(em),
        font: crate::map_font::FONT_FAMILY,
        areas,
        lines,
        crossings,
        places,
        has_reports: units.iter().any(|u| u.branch == "report"),
        has_later: units.iter().any(|u| u.later),
        units,
        elements,
        orders: order_marks,
        plans: plan_marks,
        arrivals: arrivals(s, &own, w, h, em),
        scale: ScaleBar {
            x: 0.0,
            y: h + 3.2 * em,
            length: metres,
            metres,
            mm: metres / scale,
            label: format!("{metres:.0} m = {:.0} mm on the table", metres / scale),
        },
        key: Vec::new(),
        unit_key: Vec::new(),
        terrain_kinds,
        line_kinds,
        crossing_kinds: {
            let mut k: Vec<String> = Vec::new();
            for c in &s.map.crossings {
                push_new(&mut k, &c.kind);
            }
            k
        },
        has_points: s.map.places.iter().any(|p| p.at.is_some()),
        branches,
        echelons,
        order_kinds,
        plan_kinds,
        friendly: vec![own.clone()],
        hostile: s
            .sides
            .iter()
            .filter(|x| x.id != own)
            .map(|x| x.id.clone())
            .collect(),
        label_boxes: Vec::new(),
        leaders: Vec::new(),
        window: None,
        objectives: Vec::new(),
        nx: w - em * 1.5,
        ny: h + em * 4.2,
    };
    if let Some(win) = window {
        crate::map_extract::crop(&mut view, win, k);
    }
    crate::map_labels::place(&mut view);
    let step = view.grid.step;
    view.key = key_entries(&view, h, step);
    view.unit_key = view
        .units
        .iter()
        .filter(|u| u.shown && u.name != u.label)
        .map(|u| KeyEntry {
            text: format!("{}: {}", u.label, u.name),
            square: square(u.x, h - u.y, step),
        })
        .collect();
    view
}

/// Every label the placer left off the map, with the grid square of its item.
fn key_entries(v: &MapView, h: f64, step: f64) -> Vec<KeyEntry> {
    let sq = |x: f64, y: f64| square(x, h - y, step);
    let mut key = Vec::new();
    let mut add = |text: &str, x: f64, y: f64| {
        if !text.is_empty() {
            key.push(KeyEntry {
                text: text.to_string(),
                square: sq(x, y),
            });
        }
    };
    for p in v.places.iter().chain(&v.crossings).filter(|p| !p.shown) {
        add(&p.label, p.x, p.y);
    }
    for l in v.lines.iter().filter(|l| !l.shown) {
        add(&l.label, l.x, l.y);
    }
    for a in v.areas.iter().filter(|a| !a.shown) {
        add(&a.label, a.x, a.y);
    }
    for u in v.units.iter().filter(|u| !u.shown) {
        let text = if u.name == u.label {
            format!("{} ({} {})", u.label, u.echelon, u.branch)
        } else {
            format!("{}, {} ({} {})", u.label, u.name, u.echelon, u.branch)
        };
        add(&text, u.x, u.y);
    }
    for a in v.arrivals.iter().filter(|a| !a.shown) {
        add(&a.label, a.x, a.y);
    }
    key
}

fn mark(x: f64, y: f64, kind: &str, label: String, angle: f64) -> Mark {
    Mark {
        x,
        y,
        kind: kind.into(),
        label,
        angle,
        lx: x,
        ly: y,
        shown: true,
        hostile: false,
        later: false,
    }
}

fn push_new(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

fn collect_units(
    u: &Unit,
    hostile: bool,
    focus: &[String],
    h: f64,
    units: &mut Vec<UnitMark>,
    elements: &mut Vec<Mark>,
    echelons: &mut Vec<Echelon>,
) {
    for e in &u.elements {
        if let Some(p) = e.position {
            elements.push(Mark {
                hostile,
                later: u.arrives_later,
                ..mark(
                    p.x,
                    h - p.y,
                    "element",
                    e.name.clone(),
                    e.facing.unwrap_or(0.0),
                )
            });
        }
    }
    // Only a unit's own elements fix where its symbol stands; a unit whose
    // elements are all below it is shown by its sub-units.
    let own_placed: Vec<Point> = u.elements.iter().filter_map(|e| e.position).collect();
    let centre_here = anchor(&own_placed).or(u.centre).or_else(|| unit_centre(u));
    if let (Some(c), false) = (centre_here, own_placed.is_empty() && !u.units.is_empty()) {
        let word = serde_kw(&u.echelon);
        let mark = echelon_mark(&word);
        let e = Echelon {
            mark: mark.into(),
            words: word,
        };
        if !echelons.contains(&e) {
            echelons.push(e);
        }
        units.push(UnitMark {
            x: c.x,
            y: h - c.y,
            fx: c.x,
            fy: h - c.y,
            hostile,
            branch: unit_branch(u).into(),
            echelon: mark.into(),
            label: u.id.clone(),
            name: u.display.clone().unwrap_or_else(|| u.id.clone()),
            highlight: focus.contains(&u.id),
            later: u.arrives_later,
            shown: true,
            leader: false,
        });
    }
    for c in &u.units {
        collect_units(c, hostile, focus, h, units, elements, echelons);
    }
}

/// Where a unit's symbol belongs: the centre of its own elements, or, when they
/// are spread far apart (a battery's observation post 1 km from its guns), the
/// element with the most others close to it, so the symbol is never drawn in the
/// empty ground between them.
fn anchor(ps: &[Point]) -> Option<Point> {
    let c = (!ps.is_empty()).then(|| centre(ps))?;
    let d = |a: &Point, b: &Point| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
    if ps.iter().all(|p| d(p, &c) <= 300.0) {
        return Some(c);
    }
    let near = |p: &Point| ps.iter().filter(|q| d(p, q) <= 200.0).count();
    let best = ps.iter().max_by_key(|p| near(p))?;
    let cluster: Vec<Point> = ps.iter().filter(|q| d(best, q) <= 200.0).copied().collect();
    Some(centre(&cluster))
}

/// A keyword's spelling, via its serialisation.
fn serde_kw<T: serde::Serialize>(k: &T) -> String {
    match serde_json::to_value(k) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The table size, or the extent of everything drawn when the table is not given.
pub fn extent(s: &ScenarioJson) -> (f64, f64) {
    if let Some(t) = &s.header.table {
        if t.width_m > 0.0 && t.depth_m > 0.0 {
            return (t.width_m, t.depth_m);
        }
    }
    let mut w: f64 = 1000.0;
    let mut h: f64 = 1000.0;
    let pts = s.map.areas.iter().flat_map(|a| a.outline.iter());
    for p in pts.chain(s.map.lines.iter().flat_map(|l| l.points.iter())) {
        w = w.max(p.x + 50.0);
        h = h.max(p.y + 50.0);
    }
    (w, h)
}

fn centre(ps: &[Point]) -> Point {
    let n = ps.len().max(1) as f64;
    Point {
        x: ps.iter().map(|p| p.x).sum::<f64>() / n,
        y: ps.iter().map(|p| p.y).sum::<f64>() / n,
    }
}

/// An SVG path through the points, flipping y so north is up.
fn path(ps: &[Point], closed: bool, h: f64) -> String {
    let mut d = String::new();
    for (i, p) in ps.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { " L" });
        d.push_str(&format!("{} {}", num(p.x), num(h - p.y)));
    }
    if closed && !ps.is_empty() {
        d.push_str(" Z");
    }
    d
}

/// A number for SVG: finite, at most one decimal.
fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 10.0).round() / 10.0)
    } else {
        "0".into()
    }
}

/// A round scale-bar length near `target` metres.
pub(crate) fn nice_length(target: f64) -> f64 {
    [
        50.0, 100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0, 10000.0,
    ]
    .into_iter()
    .rev()
    .find(|l| *l <= target)
    .unwrap_or(50.0)
}

/// A map label with who alone knows the item (`Firm base [british only]`), so the
/// umpire sees at a glance what each side's map leaves out, and a side that its
/// own secret items are not on the enemy's.
fn marked(label: String, known_to: &Option<String>) -> String {
    match known_to {
        Some(k) if label.is_empty() => format!("[{k} only]"),
        Some(k) => format!("{label} [{k} only]"),
        None => label,
    }
}
