//! Builds a map from a scenario's JSON: each kind of feature becomes its marks,
//! the furniture (grid, scale bar, legend lists) is sized to the print scale,
//! then the placer chooses where every label and unit symbol goes.

use super::crop::crop;
use super::grid::{grid, square_in};
use super::hatch;
use super::inset::{clear, dense_spots};
use super::orders::{arrivals, centre, orders, plans};
use super::place::place;
use super::spread::spread;
use super::svg::num;
use super::symbols::Symbols;
use super::view::{
    scale_and_north, AreaMark, Echelon, InsetOf, KeyEntry, LineMark, MapNote, MapView, Mark,
    PrintBox, ScenarioKind, UnitMark, Window, BRIEFING, MARGINS_EM, MIN_TEXT_MM, SMALLEST_EM,
};
use crate::app6::modifier::MODIFIERS;
use crate::app6::{symbol, ICONS};
use crate::json::forces::Unit;
use crate::json::{Point, ScenarioJson};
use crate::keyword::keyword;
use rstar::primitives::GeomWithData;
use rstar::{RTree, AABB};

/// Builds the briefing map of a (possibly side-filtered) scenario; `focus` marks
/// a player's units, `own` is the side drawn as friendly (the first side for the umpire).
pub fn map_view(s: &ScenarioJson, own: Option<&str>, focus: &[String]) -> MapView {
    map_view_in(s, own, focus, BRIEFING)
}

/// The same map made to print inside `pb`.
pub fn map_view_in(s: &ScenarioJson, own: Option<&str>, focus: &[String], pb: PrintBox) -> MapView {
    map_at_with_insets(s, own, focus, scale_in(s, pb), None)
}

/// The millimetres per metre of ground at which the whole table prints inside `pb`.
fn scale_in(s: &ScenarioJson, pb: PrintBox) -> f64 {
    let (w, h) = extent(s);
    let (ml, mr, mt, mb) = MARGINS_EM;
    let c = MIN_TEXT_MM / SMALLEST_EM;
    ((pb.w_mm - (ml + mr) * c) / w)
        .min((pb.h_mm - (mt + mb) * c) / h)
        .max(1e-6)
}

/// The printed width (mm) and view-box width of [`map_view_in`]'s map, as
/// its furniture sizes them, without drawing it: for choosing between page
/// layouts before drawing the one chosen.
pub fn print_width_in(s: &ScenarioJson, pb: PrintBox) -> (f64, f64) {
    let (w, _) = extent(s);
    let (ml, mr, _, _) = MARGINS_EM;
    let k = scale_in(s, pb);
    let em = MIN_TEXT_MM / SMALLEST_EM / k;
    let vw = w + (ml + mr) * em;
    (vw * k, vw)
}

/// The umpire's map of each of `windows` at `k` millimetres per metre of
/// ground, without insets (the set-up sheet's tiles, at table scale, number
/// every element instead). The forces and terrain are built once for all of
/// them, and each window draws only what stands in it, so a table cut into
/// many tiles costs what the tiles show, not every unit once per tile.
pub(crate) fn maps_at(s: &ScenarioJson, k: f64, windows: &[Window]) -> Vec<MapView> {
    let (_, h) = extent(s);
    let own = s.sides.first().map(|x| x.id.clone()).unwrap_or_default();
    let ground = Ground::of(s, &own, &[], h, false);
    // One scale, so one frame and grid, copied into each tile and cut there.
    let frame = frame_at(s, &own, k);
    windows
        .iter()
        .map(|win| view_of(s, &own, &ground, (k, Some(&frame)), Some(*win), false))
        .collect()
}

/// The map printed at `k` millimetres per metre of ground, of the whole table
/// or of `window` only (a map extract, `extract.rs`), with an inset for each
/// dense spot, where marks would print on top of each other (`inset.rs`).
pub(crate) fn map_at_with_insets(
    s: &ScenarioJson,
    own: Option<&str>,
    focus: &[String],
    k: f64,
    window: Option<Window>,
) -> MapView {
    let (_, h) = extent(s);
    let side_view = own.is_some();
    let own = own
        .map(str::to_string)
        .or_else(|| s.sides.first().map(|x| x.id.clone()))
        .unwrap_or_default();
    let ground = Ground::of(s, &own, focus, h, side_view);
    view_of(s, &own, &ground, (k, None), window, true)
}

/// Marks by position, each with its index in its list.
type Positions = RTree<GeomWithData<[f64; 2], usize>>;

/// The marks of a map that do not depend on its print scale: the forces (with
/// the reports a side's map draws), the areas and the crossings. Built once
/// per map and cut down to each inset's window through an index, so a map of
/// many dense spots never rebuilds every unit for each of them.
struct Ground {
    forces: Forces,
    areas: Vec<AreaMark>,
    terrain_kinds: Vec<String>,
    crossings: Vec<Mark>,
    /// The unit symbols and element marks by position (built on first use).
    index: std::cell::OnceCell<[Positions; 2]>,
}

impl Ground {
    fn of(s: &ScenarioJson, own: &str, focus: &[String], h: f64, side_view: bool) -> Ground {
        let (areas, terrain_kinds) = area_marks(s, h);
        let mut forces = force_marks(s, own, focus, h);
        // The umpire sees the real positions: reports would only clutter the map.
        if side_view {
            forces.units.extend(report_marks(s, h));
        }
        Ground {
            forces,
            areas,
            terrain_kinds,
            crossings: crossing_marks(s, h),
            index: std::cell::OnceCell::new(),
        }
    }

    /// The unit symbols and element marks standing in `win` (edges included,
    /// as `crop` keeps them), in the order the whole map lists them.
    fn within(&self, win: Window) -> (Vec<UnitMark>, Vec<Mark>) {
        let [units, elements] = self.index.get_or_init(|| {
            let points = |ps: &mut dyn Iterator<Item = (f64, f64)>| {
                RTree::bulk_load(
                    ps.enumerate()
                        .map(|(i, (x, y))| GeomWithData::new([x, y], i))
                        .collect(),
                )
            };
            [
                points(&mut self.forces.units.iter().map(|u| (u.x, u.y))),
                points(&mut self.forces.elements.iter().map(|m| (m.x, m.y))),
            ]
        });
        let (x1, y1) = (win.x + win.w, win.y + win.h);
        let inside = |x: f64, y: f64| x >= win.x && x <= x1 && y >= win.y && y <= y1;
        let found = |tree: &Positions| {
            let env = AABB::from_corners([win.x, win.y], [x1, y1]);
            let mut found: Vec<usize> = tree
                .locate_in_envelope_intersecting(&env)
                .filter(|p| inside(p.geom()[0], p.geom()[1]))
                .map(|p| p.data)
                .collect();
            found.sort_unstable();
            found
        };
        let units = found(units)
            .into_iter()
            .filter_map(|i| self.forces.units.get(i).cloned())
            .collect();
        let elements = found(elements)
            .into_iter()
            .filter_map(|i| self.forces.elements.get(i).cloned())
            .collect();
        (units, elements)
    }
}

/// The frame and furniture of a map at `k` millimetres per metre.
fn frame_at(s: &ScenarioJson, own: &str, k: f64) -> MapView {
    let (w, h) = extent(s);
    let c = MIN_TEXT_MM / SMALLEST_EM;
    furniture(s, own, w, h, c / k, k)
}

/// The map of `ground` at `k` millimetres per metre (with its frame when
/// already made at that scale), of the whole table or of `window` only; with
/// an inset for each dense spot when `insets`.
fn view_of(
    s: &ScenarioJson,
    own: &str,
    ground: &Ground,
    (k, frame): (f64, Option<&MapView>),
    window: Option<Window>,
    insets: bool,
) -> MapView {
    let (w, h) = extent(s);
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let em = c / k;
    let mut view = frame.map_or_else(|| frame_at(s, own, k), MapView::clone);
    let (lines, line_kinds) = line_marks(s, h, em, window);
    view.scenario_kinds = scenario_kinds(s, &ground.areas, &lines);
    // A window takes only the areas that reach into it (`crop` keeps no
    // other), so a tile copies what it shows, not every outline.
    view.areas = match window {
        Some(win) => ground
            .areas
            .iter()
            .filter(|a| meets(&a.points, win))
            .cloned()
            .collect(),
        None => ground.areas.clone(),
    };
    view.terrain_kinds = ground.terrain_kinds.clone();
    view.lines = lines;
    view.line_kinds = line_kinds;
    view.crossings = ground.crossings.clone();
    view.places = place_marks(s, w, h, em);
    let (units, elements) = match window {
        Some(win) => ground.within(win),
        None => (ground.forces.units.clone(), ground.forces.elements.clone()),
    };
    view.off_table = ground.forces.off_table.clone();
    view.aboard = ground.forces.aboard.clone();
    legend_units(&mut view, units, elements, ground.forces.echelons.clone());
    if let Some(win) = window {
        crop(&mut view, win, k);
    }
    paint_areas(&mut view);
    if insets {
        let spots = dense_spots(&view, k);
        for (n, spot) in spots.iter().enumerate() {
            let mut inset = view_of(
                s,
                own,
                ground,
                (k * spot.times, None),
                Some(spot.window),
                false,
            );
            // An inset's caption names no unit off the table or aboard: the
            // map above lists them once.
            inset.off_table.clear();
            inset.aboard.clear();
            inset.inset = Some(InsetOf {
                number: n + 1,
                times: format!("{:.1}", spot.times),
                parts_all: spot.parts_all,
            });
            if !spot.parts_all {
                view.notes.push(MapNote::InsetTooSmall(
                    spot.members
                        .iter()
                        .filter_map(|i| view.elements.get(*i).map(|m| m.id.clone()))
                        .collect(),
                ));
            }
            view.notes.append(&mut inset.notes);
            view.insets.push(inset);
        }
        clear(&mut view, &spots);
    }
    let stacked = spread(&mut view);
    if !stacked.is_empty() {
        view.notes.push(MapNote::Stacked(stacked));
    }
    place(&mut view);
    view.key = key_entries(&view, h, view.grid.step);
    view
}

/// Each area's fill on this map, made only for the part of the table the map
/// shows, and the legend's sample of each area style it draws.
fn paint_areas(view: &mut MapView) {
    let e = view.em;
    let bounds = view.window.unwrap_or(Window {
        x: view.vx,
        y: view.vy,
        w: view.vw,
        h: view.vh,
    });
    for a in &mut view.areas {
        a.paint = hatch::fill(&a.fill, &a.points, e, bounds);
    }
    let styles = view.terrain_kinds.iter().cloned().chain(
        view.scenario_kinds
            .iter()
            .filter(|k| !k.line)
            .map(|k| k.style.clone()),
    );
    view.swatches = styles
        .map(|s| {
            let f = hatch::swatch(&s, SWATCH_EM.0 * e, SWATCH_EM.1 * e, e);
            (s, f)
        })
        .collect();
}

/// The offsets of a name's halo copies: eight directions, at the halo's
/// width (about a ninth of an em, as the stroke it replaces).
fn halo(em: f64) -> Vec<[f64; 2]> {
    let r = HALO_EM * em;
    let d = r * std::f64::consts::FRAC_1_SQRT_2;
    [
        [r, 0.0],
        [-r, 0.0],
        [0.0, r],
        [0.0, -r],
        [d, d],
        [-d, d],
        [d, -d],
        [-d, -d],
    ]
    .map(|[x, y]| [(x * 100.0).round() / 100.0, (y * 100.0).round() / 100.0])
    .to_vec()
}

/// A name's halo, in em.
const HALO_EM: f64 = 0.11;

/// The legend's sample of an area style, in em (the legend template's box).
const SWATCH_EM: (f64, f64) = (3.0, 1.8);

/// The map's frame and furniture before any feature is drawn: its view box and
/// print size, grid, scale bar, symbols, orders, plans and arrivals.
fn furniture(s: &ScenarioJson, own: &str, w: f64, h: f64, em: f64, k: f64) -> MapView {
    let (ml, mr, mt, mb) = MARGINS_EM;
    let order_marks = orders(s, own, h, em);
    let plan_marks = plans(s, own, h);
    let mut order_kinds = Vec::new();
    for o in &order_marks {
        push_new(&mut order_kinds, &o.kind);
    }
    let mut plan_kinds = Vec::new();
    for p in &plan_marks {
        push_new(&mut plan_kinds, &p.kind);
    }
    let scale = s.header.ground_scale_m_per_mm;
    let (bar, nx, ny) = scale_and_north((0.0, w, h), w / 4.0, scale, em);
    let vw = w + (ml + mr) * em;
    let vh = h + (mt + mb) * em;
    let mut crossing_kinds: Vec<String> = Vec::new();
    for c in &s.map.crossings {
        push_new(&mut crossing_kinds, c.kind.0.keyword());
    }
    MapView {
        width: w,
        height: h,
        vx: -ml * em,
        vy: -mt * em,
        vw,
        vh,
        print_w_mm: vw * k,
        print_h_mm: vh * k,
        band: mb * em,
        em,
        ground_scale: scale,
        sym: 0.75 * em,
        grid: grid(w, h, scale, em),
        svg: Symbols::new(),
        swatches: Default::default(),
        halo: halo(em),
        font: super::font::FONT_FAMILY,
        areas: Vec::new(),
        lines: Vec::new(),
        crossings: Vec::new(),
        places: Vec::new(),
        has_reports: false,
        has_later: false,
        units: Vec::new(),
        elements: Vec::new(),
        orders: order_marks,
        plans: plan_marks,
        arrivals: arrivals(s, own, w, h, em),
        scale: bar,
        key: Vec::new(),
        terrain_kinds: Vec::new(),
        line_kinds: Vec::new(),
        scenario_kinds: Vec::new(),
        crossing_kinds,
        has_points: s.map.places.iter().any(|p| p.at.is_some()),
        branches: Vec::new(),
        modifiers: Vec::new(),
        echelons: Vec::new(),
        order_kinds,
        plan_kinds,
        friendly: s
            .sides
            .iter()
            .filter(|x| x.id == own)
            .map(|x| x.display.clone().unwrap_or_else(|| x.id.clone()))
            .collect(),
        hostile: s
            .sides
            .iter()
            .filter(|x| x.id != own)
            .map(|x| x.display.clone().unwrap_or_else(|| x.id.clone()))
            .collect(),
        label_boxes: Vec::new(),
        leaders: Vec::new(),
        label_leaders: Vec::new(),
        callouts: Vec::new(),
        off_table: Vec::new(),
        aboard: Vec::new(),
        inset_frames: Vec::new(),
        insets: Vec::new(),
        inset: None,
        window: None,
        spread: false,
        notes: Vec::new(),
        objectives: Vec::new(),
        nx,
        ny,
    }
}

/// Puts the unit symbols and element marks on the view, with the legend
/// entries they call for.
fn legend_units(
    view: &mut MapView,
    units: Vec<UnitMark>,
    elements: Vec<Mark>,
    echelons: Vec<Echelon>,
) {
    let mut branches: Vec<String> = ICONS
        .iter()
        .map(|i| i.branch.keyword())
        .filter(|b| units.iter().any(|u| u.branch == *b))
        .map(str::to_string)
        .collect();
    branches.dedup();
    view.branches = branches;
    view.modifiers = MODIFIERS
        .iter()
        .map(|m| m.modifier.keyword())
        .filter(|m| units.iter().any(|u| u.modifier == *m))
        .map(str::to_string)
        .collect();
    view.has_reports = units.iter().any(|u| u.branch == "report");
    view.has_later = units.iter().any(|u| u.later);
    view.units = units;
    view.elements = elements;
    view.echelons = echelons;
}

/// Terrain areas, and the terrain kinds present for the legend.
fn area_marks(s: &ScenarioJson, h: f64) -> (Vec<AreaMark>, Vec<String>) {
    let styles = kind_styles(s);
    let mut kinds: Vec<String> = Vec::new();
    let areas = s
        .map
        .areas
        .iter()
        .map(|a| {
            let kind = keyword(&a.kind);
            // A scenario kind is keyed in the legend under its own name.
            if a.terrain.is_none() {
                push_new(&mut kinds, &kind);
            }
            let c = centre(&a.outline);
            AreaMark {
                id: a.id.clone(),
                d: path(&a.outline, true, h),
                fill: a
                    .terrain
                    .as_deref()
                    .map_or_else(|| kind.clone(), |t| styles.of(t, false)),
                paint: hatch::Fill::default(),
                kind,
                terrain: a.terrain.clone(),
                label: marked(
                    a.display.clone().unwrap_or_else(|| a.id.clone()),
                    &a.known_to,
                ),
                x: c.x,
                y: h - c.y,
                shown: true,
                points: a.outline.iter().map(|p| (p.x, h - p.y)).collect(),
            }
        })
        .collect();
    (areas, kinds)
}

/// Whether the box round `points` meets `win` (edges included): what `crop`
/// keeps of the areas and lines.
pub(crate) fn meets(points: &[(f64, f64)], win: Window) -> bool {
    let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in points {
        a = a.min(*x);
        b = b.min(*y);
        c = c.max(*x);
        d = d.max(*y);
    }
    a <= win.x + win.w && c >= win.x && b <= win.y + win.h && d >= win.y
}

/// Roads, rivers and obstacles, and the line kinds present for the legend.
/// For a `window`, a line that does not reach into it keeps no points (so
/// `crop` leaves it out) and no line is given its path: `crop` draws the
/// part near the window, so a tile never writes out a whole long line.
fn line_marks(
    s: &ScenarioJson,
    h: f64,
    em: f64,
    window: Option<Window>,
) -> (Vec<LineMark>, Vec<String>) {
    let styles = kind_styles(s);
    let mut kinds: Vec<String> = Vec::new();
    let lines = s
        .map
        .lines
        .iter()
        .map(|l| {
            let kind = keyword(&l.kind);
            if l.terrain.is_none() {
                push_new(&mut kinds, &kind);
            }
            let mid = l
                .points
                .get(l.points.len() / 2)
                .copied()
                .unwrap_or(Point { x: 0.0, y: 0.0 });
            let mut points: Vec<(f64, f64)> = l.points.iter().map(|p| (p.x, h - p.y)).collect();
            let d = match window {
                None => drawn_path(&points, false),
                Some(win) => {
                    if !meets(&points, win) {
                        points = Vec::new();
                    }
                    String::new()
                }
            };
            LineMark {
                id: l.id.clone(),
                d,
                kind,
                style: l
                    .terrain
                    .as_deref()
                    .map(|t| styles.of(t, true))
                    .unwrap_or_default(),
                terrain: l.terrain.clone(),
                width: l.width_m.clamp(em * 0.3, em * 3.0),
                label: marked(l.display.clone().unwrap_or_default(), &l.known_to),
                x: mid.x,
                y: h - mid.y,
                angle: 0.0,
                shown: true,
                points,
            }
        })
        .collect();
    (lines, kinds)
}

/// The styles a scenario kind takes when the one its words give is another
/// kind's on the same map: the plain ones first, then the rest.
const LINE_STYLES: [&str; 8] = [
    "dashed", "dotted", "dash-dot", "ditch", "wall", "hedge", "sunken", "railway",
];
/// The same for an area kind: fill patterns that say nothing a built-in kind
/// means by them (no water, mines, buildings or dense woods).
const AREA_STYLES: [&str; 11] = [
    "firm",
    "rocky",
    "brush",
    "gentle-slope",
    "ruins",
    "soft",
    "ridge",
    "swamp",
    "cliffs",
    "open-woods",
    "fortification",
];

/// The style of each scenario terrain kind the map draws, settled once per
/// scenario so that every map of it (and its legend) agrees: its words'
/// style, or when an earlier kind already has that one, the first style no
/// kind has, so that no two kinds look alike.
struct KindStyles(Vec<(String, bool, String)>);

impl KindStyles {
    fn of(&self, id: &str, line: bool) -> String {
        self.0
            .iter()
            .find(|(k, l, _)| k == id && *l == line)
            .map(|(_, _, s)| s.clone())
            .unwrap_or_default()
    }
}

fn kind_styles(s: &ScenarioJson) -> KindStyles {
    let mut out: Vec<(String, bool, String)> = Vec::new();
    let areas = s.map.areas.iter().filter_map(|a| {
        Some((
            a.terrain.as_deref()?,
            false,
            area_style(a.terrain.as_deref()?, &keyword(&a.kind)),
        ))
    });
    let lines = s.map.lines.iter().filter_map(|l| {
        Some((
            l.terrain.as_deref()?,
            true,
            line_style(l.terrain.as_deref()?),
        ))
    });
    for (id, line, own) in areas.chain(lines) {
        if out.iter().any(|(k, l, _)| k == id && *l == line) {
            continue;
        }
        let taken = |st: &str| out.iter().any(|(_, l, s)| *l == line && s == st);
        let style = if taken(&own) {
            let spare: &[&str] = if line { &LINE_STYLES } else { &AREA_STYLES };
            spare
                .iter()
                .find(|st| !taken(st))
                .map_or(own, |st| (*st).to_string())
        } else {
            own
        };
        out.push((id.to_string(), line, style));
    }
    KindStyles(out)
}

/// How a scenario line kind is drawn, from the words of its id: a railway
/// with sleepers, a sunken lane between its banks, a hedge as a row of
/// bushes, a ditch as a double line, a wall as a grey bar; anything else in
/// brown dashes.
fn line_style(id: &str) -> String {
    let has = |w: &str| id.contains(w);
    if has("rail") {
        "railway"
    } else if has("sunken") || has("lane") || has("cutting") {
        "sunken"
    } else if has("hedge") || has("bocage") {
        "hedge"
    } else if has("ditch") || has("trench") || has("dyke") {
        "ditch"
    } else if has("wall") || has("bank") {
        "wall"
    } else {
        "dashed"
    }
    .into()
}

/// The fill pattern of a scenario area kind, from the words of its id; its
/// built-in kind's pattern when none fits.
fn area_style(id: &str, kind: &str) -> String {
    let has = |w: &str| id.contains(w);
    if has("embankment") || has("ridge") || has("bank") {
        "ridge"
    } else if has("cliff") {
        "cliffs"
    } else if has("beach") || has("sand") || has("dune") {
        "soft"
    } else if has("marsh") || has("bog") || has("swamp") {
        "swamp"
    } else if has("wood") || has("forest") || has("orchard") {
        "open-woods"
    } else if has("wall") {
        "fortification"
    } else {
        kind
    }
    .into()
}

/// The scenario terrain kinds the map draws, in the order first drawn, with
/// their names and styles for the legend.
fn scenario_kinds(s: &ScenarioJson, areas: &[AreaMark], lines: &[LineMark]) -> Vec<ScenarioKind> {
    let label = |id: &str| {
        s.map
            .terrains
            .iter()
            .find(|t| t.id == id)
            .and_then(|t| t.display.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let mut out: Vec<ScenarioKind> = Vec::new();
    let drawn = areas
        .iter()
        .filter_map(|a| Some((a.terrain.as_deref()?, false, a.fill.as_str())))
        .chain(
            lines
                .iter()
                .filter_map(|l| Some((l.terrain.as_deref()?, true, l.style.as_str()))),
        );
    for (id, line, style) in drawn {
        if !out.iter().any(|k| k.id == id && k.line == line) {
            out.push(ScenarioKind {
                id: id.to_string(),
                label: label(id),
                line,
                style: style.to_string(),
            });
        }
    }
    out
}

/// Bridges, fords and level crossings, each turned along the line it carries.
fn crossing_marks(s: &ScenarioJson, h: f64) -> Vec<Mark> {
    s.map
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
                id: c.id.clone(),
                ..mark(
                    c.at.x,
                    h - c.at.y,
                    c.kind.0.keyword(),
                    marked(c.display.clone().unwrap_or_default(), &c.known_to),
                    angle,
                )
            }
        })
        .collect()
}

/// Named points, and table edges named along their edge: at the middle of the
/// stretch a place names, else of the edge.
fn place_marks(s: &ScenarioJson, w: f64, h: f64, em: f64) -> Vec<Mark> {
    s.map
        .places
        .iter()
        .filter_map(|p| {
            // the middle of the stretch, in map units (y down)
            let mid = p
                .stretch
                .map(|st| ((st.from.x + st.to.x) / 2.0, h - (st.from.y + st.to.y) / 2.0));
            let (x, y, kind) = match (&p.at, &p.edge) {
                (Some(at), _) => (at.x, h - at.y, "point"),
                (None, Some(e)) => match keyword(e).as_str() {
                    "north" => (mid.map_or(w / 2.0, |m| m.0), em * 1.2, "edge"),
                    "south" => (mid.map_or(w / 2.0, |m| m.0), h - em * 0.5, "edge"),
                    "east" => (w - em * 0.7, mid.map_or(h / 2.0, |m| m.1), "edge-east"),
                    _ => (em * 0.7, mid.map_or(h / 2.0, |m| m.1), "edge-west"),
                },
                _ => return None,
            };
            let label = marked(
                p.display.clone().unwrap_or_else(|| p.id.clone()),
                &p.known_to,
            );
            let stretch = match (p.at, p.stretch) {
                (None, Some(st)) => stretch_path(st, h, em, kind != "edge"),
                _ => String::new(),
            };
            Some(Mark {
                id: p.id.clone(),
                stretch,
                ..mark(x, y, kind, label, 0.0)
            })
        })
        .collect()
}

/// A stretch of an edge as a path along the frame (`vertical` on the east and
/// west edges); a single point gets a bar one em long so that it can be seen.
fn stretch_path(st: crate::json::map::Stretch, h: f64, em: f64, vertical: bool) -> String {
    let (ax, ay, bx, by) = (st.from.x, h - st.from.y, st.to.x, h - st.to.y);
    if (bx - ax).hypot(by - ay) >= em {
        return format!("M{} {} L{} {}", num(ax), num(ay), num(bx), num(by));
    }
    let (ux, uy) = if vertical { (0.0, 1.0) } else { (1.0, 0.0) };
    let (mx, my, r) = ((ax + bx) / 2.0, (ay + by) / 2.0, em / 2.0);
    format!(
        "M{} {} L{} {}",
        num(mx - ux * r),
        num(my - uy * r),
        num(mx + ux * r),
        num(my + uy * r)
    )
}

/// Every side's unit symbols and element marks, with the echelons drawn.
fn force_marks(s: &ScenarioJson, own: &str, focus: &[String], h: f64) -> Forces {
    let mut out = Forces::default();
    for side in &s.sides {
        let hostile = side.id != own;
        for u in &side.units {
            collect_units(s, &side.id, u, hostile, focus, h, &mut out);
        }
    }
    out
}

/// The unit symbols, element marks and echelons collected so far.
#[derive(Default)]
struct Forces {
    units: Vec<UnitMark>,
    elements: Vec<Mark>,
    echelons: Vec<Echelon>,
    off_table: Vec<String>,
    aboard: Vec<String>,
}

/// The enemy as a side's intel reports place it.
fn report_marks(s: &ScenarioJson, h: f64) -> Vec<UnitMark> {
    s.intel
        .iter()
        .filter_map(|r| {
            let p = r.position?;
            Some(UnitMark {
                id: r.label.clone(),
                x: p.x,
                y: h - p.y,
                fx: p.x,
                fy: h - p.y,
                hostile: true,
                branch: "report".into(),
                modifier: String::new(),
                echelon: String::new(),
                label: r.label.clone(),
                name: r.label.clone(),
                highlight: false,
                later: false,
                shown: true,
                leader: false,
                ax: p.x,
                ay: h - p.y,
            })
        })
        .collect()
}

/// Every label the placer left off the map (and gave no number at its
/// feature), with the grid square of its item.
fn key_entries(v: &MapView, h: f64, step: f64) -> Vec<KeyEntry> {
    let sq = |x: f64, y: f64| square_in(x, h - y, step, (v.width, v.height));
    let mut key = Vec::new();
    let called: Vec<&str> = v.callouts.iter().map(|c| c.id.as_str()).collect();
    let mut add = |id: String, text: &str, x: f64, y: f64| {
        if !text.is_empty() && !called.contains(&id.as_str()) {
            key.push(KeyEntry {
                text: text.to_string(),
                square: sq(x, y),
            });
        }
    };
    for p in v.places.iter().filter(|p| !p.shown) {
        add(format!("place:{}", p.id), &p.label, p.x, p.y);
    }
    for c in v.crossings.iter().filter(|c| !c.shown) {
        add(format!("crossing:{}", c.id), &c.label, c.x, c.y);
    }
    for l in v.lines.iter().filter(|l| !l.shown) {
        add(format!("line:{}", l.id), &l.label, l.x, l.y);
    }
    for a in v.areas.iter().filter(|a| !a.shown) {
        add(format!("area:{}", a.id), &a.label, a.x, a.y);
    }
    for u in v.units.iter().filter(|u| !u.shown) {
        let text = format!("{} ({} {})", u.name, u.echelon, u.branch);
        add(format!("unit:{}", u.id), &text, u.x, u.y);
    }
    for a in v.arrivals.iter().filter(|a| !a.shown) {
        add(format!("arrival:{}", a.id), &a.label, a.x, a.y);
    }
    key
}

fn mark(x: f64, y: f64, kind: &str, label: String, angle: f64) -> Mark {
    Mark {
        id: String::new(),
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
        moved: false,
        ax: x,
        ay: y,
        stretch: String::new(),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn push_new(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

fn collect_units(
    s: &ScenarioJson,
    side: &str,
    u: &Unit,
    hostile: bool,
    focus: &[String],
    h: f64,
    out: &mut Forces,
) {
    let Forces {
        units,
        elements,
        echelons,
        off_table,
        aboard,
    } = out;
    // An element aboard another (embussed, riding) stands where its carrier
    // does: the carrier's mark stands for both, and the passengers are named
    // under the map.
    let mut own_placed: Vec<Point> = Vec::new();
    let mut carried: Vec<String> = Vec::new();
    // The units of the carriers, for a unit that rides whole in another's vehicles.
    let mut carrier_units: Vec<String> = Vec::new();
    let mut placed = 0;
    for e in &u.elements {
        let Some(p) = e.position else { continue };
        placed += 1;
        if let Some(carrier) = e.embussed_in.as_ref().or(e.riding_on.as_ref()) {
            // As a reader knows them (`the HQ of Force A aboard lca-e of E Company`).
            let named = |id: &str| crate::sheets::words::element_words(s, id);
            carried.push(format!("{} aboard {}", named(&e.id), named(&carrier.id)));
            let unit = carrier.id.rsplit_once('.').map_or("", |(unit, _)| unit);
            let unit =
                crate::sheets::words::unit_display(s, unit).unwrap_or_else(|| unit.to_string());
            push_new(&mut carrier_units, &unit);
            continue;
        }
        own_placed.push(p);
        elements.push(Mark {
            id: format!("{side}.{}", e.id),
            hostile,
            later: u.arrives_later,
            ..mark(
                p.x,
                h - p.y,
                "element",
                e.shown().to_string(),
                e.facing.unwrap_or(0.0),
            )
        });
    }
    // A unit riding whole in other units' vehicles is named once, not element
    // by element: `Tank riders aboard 1st Tank Company and 2nd Tank Company`.
    let whole = u.display.as_deref().unwrap_or(&u.id);
    if placed > 1 && carried.len() == placed && !carrier_units.iter().any(|c| c == whole) {
        aboard.push(format!("{whole} aboard {}", and_list(&carrier_units)));
    } else {
        aboard.extend(carried.iter().cloned());
    }
    // Only a unit's own elements fix where its symbol stands; a unit whose
    // elements are all below it is shown by its sub-units. A unit with no
    // element of its own on the table (off-table fire support, a later
    // arrival from an edge) is listed under the map, not drawn; so is one
    // whose elements all ride aboard others.
    if own_placed.is_empty() && carried.is_empty() && !u.elements.is_empty() {
        off_table.push(u.display.clone().unwrap_or_else(|| u.id.clone()));
    }
    if let Some(c) = anchor(&own_placed) {
        let sym = symbol(u);
        let word = keyword(&u.echelon);
        let mark = sym.echelon.mark;
        let e = Echelon {
            mark: mark.into(),
            words: word,
        };
        if !echelons.contains(&e) {
            echelons.push(e);
        }
        units.push(UnitMark {
            id: format!("{side}.{}", u.id),
            x: c.x,
            y: h - c.y,
            fx: c.x,
            fy: h - c.y,
            hostile,
            branch: sym.icon.branch.keyword().into(),
            modifier: sym
                .modifier
                .map(|m| m.modifier.keyword().to_string())
                .unwrap_or_default(),
            echelon: mark.into(),
            label: u.display.clone().unwrap_or_else(|| u.id.clone()),
            name: u.display.clone().unwrap_or_else(|| u.id.clone()),
            highlight: focus.contains(&u.id),
            later: u.arrives_later,
            shown: true,
            leader: false,
            ax: c.x,
            ay: h - c.y,
        });
    }
    for c in &u.units {
        collect_units(s, side, c, hostile, focus, h, out);
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

/// An SVG path through the points, flipping y so north is up.
fn path(ps: &[Point], closed: bool, h: f64) -> String {
    let drawn: Vec<(f64, f64)> = ps.iter().map(|p| (p.x, h - p.y)).collect();
    drawn_path(&drawn, closed)
}

/// An SVG path through points already in map units (y down).
pub(crate) fn drawn_path(ps: &[(f64, f64)], closed: bool) -> String {
    let mut d = String::new();
    for (i, (x, y)) in ps.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { " L" });
        d.push_str(&format!("{} {}", num(*x), num(*y)));
    }
    if closed && !ps.is_empty() {
        d.push_str(" Z");
    }
    d
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
