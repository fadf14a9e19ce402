//! The briefing map as plain numbers and labels: the SVG geometry the map template
//! draws. Paths are built here from numbers only; every label stays text for the
//! template to escape.

use serde::Serialize;

use crate::json::forces::{ElementKind, Unit};
use crate::json::{Point, ScenarioJson};
use crate::map_symbols::Symbols;

/// Everything the map template needs, in SVG user units (1 unit = 1 m; y down).
#[derive(Debug, Clone, Serialize)]
pub struct MapView {
    pub width: f64,
    pub height: f64,
    /// Extra band below the map for the scale bar.
    pub band: f64,
    /// A size for symbols and text, relative to the table.
    pub em: f64,
    pub areas: Vec<AreaMark>,
    pub lines: Vec<LineMark>,
    pub crossings: Vec<Mark>,
    pub places: Vec<Mark>,
    pub units: Vec<UnitMark>,
    pub elements: Vec<Mark>,
    pub scale: ScaleBar,
    /// Terrain and line kinds present, for the legend.
    pub terrain_kinds: Vec<String>,
    pub line_kinds: Vec<String>,
    /// Crossing kinds present (`bridge`, `ford`), for the legend.
    pub crossing_kinds: Vec<String>,
    /// Whether any place is a point (drawn as a dot), for the legend.
    pub has_points: bool,
    /// Side ids drawn as friendly (rectangle) and hostile (diamond).
    pub friendly: Vec<String>,
    pub hostile: Vec<String>,
    /// Symbol markup expanded for `em` (see [`Symbols`]).
    pub svg: Symbols,
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
    pub hostile: bool,
    /// Belongs to a unit arriving later: drawn faint.
    pub later: bool,
}

/// A unit symbol: a NATO-style frame with its echelon mark, drawn at `fx, fy`
/// (moved clear of other symbols) with a leader line to its true centre `x, y`.
#[derive(Debug, Clone, Serialize)]
pub struct UnitMark {
    pub x: f64,
    pub y: f64,
    pub fx: f64,
    pub fy: f64,
    pub hostile: bool,
    /// `infantry`, `armour`, `artillery`, `air` or `report` (intel).
    pub branch: String,
    pub echelon: String,
    pub label: String,
    pub highlight: bool,
    /// Arrives later: drawn faint at its planned position.
    pub later: bool,
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
fn echelon_mark(e: &str) -> &'static str {
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

/// Builds the map of a (possibly side-filtered) scenario; `focus` marks a player's
/// units, `own` is the side drawn as friendly (the first side for the umpire).
pub fn map_view(s: &ScenarioJson, own: Option<&str>, focus: &[String]) -> MapView {
    let side_view = own.is_some();
    let (w, h) = extent(s);
    let em = (w.max(h) / 64.0).max(1.0);
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
            if !terrain_kinds.contains(&kind) {
                terrain_kinds.push(kind.clone());
            }
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
            if !line_kinds.contains(&kind) {
                line_kinds.push(kind.clone());
            }
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
            Mark {
                x: c.at.x,
                y: fy(c.at.y),
                kind: c.kind.clone(),
                label: marked(c.display.clone().unwrap_or_default(), &c.known_to),
                angle,
                lx: c.at.x,
                ly: fy(c.at.y),
                hostile: false,
                later: false,
            }
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
                    "north" => (w / 2.0, em * 1.5, "edge"),
                    "south" => (w / 2.0, h - em * 0.6, "edge"),
                    "east" => (w - em * 0.5, h / 2.0, "edge-east"),
                    _ => (em * 0.5, h / 2.0, "edge-west"),
                },
                _ => return None,
            };
            Some(Mark {
                x,
                y,
                kind: kind.into(),
                label: marked(
                    p.display.clone().unwrap_or_else(|| p.id.clone()),
                    &p.known_to,
                ),
                angle: 0.0,
                lx: x,
                ly: y,
                hostile: false,
                later: false,
            })
        })
        .collect();
    let mut units = Vec::new();
    let mut elements = Vec::new();
    for side in &s.sides {
        let hostile = side.id != own;
        for u in &side.units {
            collect_units(u, hostile, focus, h, &mut units, &mut elements);
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
                hostile: r.side == own || own.is_empty(),
                branch: "report".into(),
                echelon: String::new(),
                label: r.label.clone(),
                highlight: false,
                later: false,
            });
        }
    }
    let metres = nice_length(w / 4.0);
    let scale = s.header.ground_scale_m_per_mm;
    let mut view = MapView {
        width: w,
        height: h,
        band: em * 4.0,
        em,
        svg: Symbols::new(em),
        areas,
        lines,
        crossings,
        places,
        units,
        elements,
        scale: ScaleBar {
            x: em,
            y: h + em * 1.5,
            length: metres,
            metres,
            mm: metres / scale,
            label: format!("{metres:.0} m = {:.0} mm on the table", metres / scale),
        },
        terrain_kinds,
        line_kinds,
        crossing_kinds: {
            let mut k: Vec<String> = Vec::new();
            for c in &s.map.crossings {
                if !k.contains(&c.kind) {
                    k.push(c.kind.clone());
                }
            }
            k
        },
        has_points: s.map.places.iter().any(|p| p.at.is_some()),
        friendly: vec![own.clone()],
        hostile: s
            .sides
            .iter()
            .filter(|x| x.id != own)
            .map(|x| x.id.clone())
            .collect(),
    };
    crate::map_labels::place(&mut view);
    view
}

fn collect_units(
    u: &Unit,
    hostile: bool,
    focus: &[String],
    h: f64,
    units: &mut Vec<UnitMark>,
    elements: &mut Vec<Mark>,
) {
    let placed: Vec<Point> = u.elements.iter().filter_map(|e| e.position).collect();
    for e in &u.elements {
        if let Some(p) = e.position {
            elements.push(Mark {
                x: p.x,
                y: h - p.y,
                kind: branch(e.kind.as_ref()).into(),
                label: e.name.clone(),
                angle: e.facing.unwrap_or(0.0),
                lx: p.x,
                ly: h - p.y,
                hostile,
                later: u.arrives_later,
            });
        }
    }
    if let Some(c) = u
        .centre
        .or_else(|| (!placed.is_empty()).then(|| centre(&placed)))
    {
        let mut counts = [0usize; 4];
        for e in &u.elements {
            let i = match branch(e.kind.as_ref()) {
                "armour" => 1,
                "artillery" => 2,
                "air" => 3,
                _ => 0,
            };
            counts[i] += 1;
        }
        let best = (0..4).max_by_key(|i| (counts[*i], 4 - i)).unwrap_or(0);
        units.push(UnitMark {
            x: c.x,
            y: h - c.y,
            fx: c.x,
            fy: h - c.y,
            hostile,
            branch: ["infantry", "armour", "artillery", "air"][best].into(),
            echelon: echelon_mark(&serde_kw(&u.echelon)).into(),
            label: u.id.clone(),
            highlight: focus.contains(&u.id),
            later: u.arrives_later,
        });
    }
    for c in &u.units {
        collect_units(c, hostile, focus, h, units, elements);
    }
}

fn branch(k: Option<&ElementKind>) -> &'static str {
    match k {
        Some(ElementKind::Vehicle { .. }) => "armour",
        Some(ElementKind::Artillery { .. }) => "artillery",
        Some(ElementKind::Aircraft { .. }) => "air",
        _ => "infantry",
    }
}

/// A keyword's spelling, via its serialisation.
fn serde_kw<T: serde::Serialize>(k: &T) -> String {
    match serde_json::to_value(k) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The table size, or the extent of everything drawn when the table is not given.
fn extent(s: &ScenarioJson) -> (f64, f64) {
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
fn nice_length(target: f64) -> f64 {
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
