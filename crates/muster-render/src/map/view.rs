//! The map's data: every mark, label and legend entry the map template draws,
//! in SVG user units, and the print sizes a map is made for.

use serde::Serialize;
use std::collections::BTreeMap;

use super::font::text_width;
use super::svg::nice_length;

use super::grid::Grid;
use super::hatch::Fill;
use super::orders::{ArrivalMark, OrderMark, PlanMark};
use super::symbols::Symbols;

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
    /// Metres of ground per table millimetre: with `height` (the table's depth,
    /// where y flips to north-up) the studio turns a pointer into ground and
    /// table coordinates from the SVG's `data-*` attributes alone.
    pub ground_scale: f64,
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
    /// Terrain and line kinds present, for the legend.
    pub terrain_kinds: Vec<String>,
    pub line_kinds: Vec<String>,
    /// Scenario terrain kinds (§98) drawn, each in a style of its own.
    pub scenario_kinds: Vec<ScenarioKind>,
    /// Crossing kinds present (`bridge`, `ford`), for the legend.
    pub crossing_kinds: Vec<String>,
    /// Whether any place is a point (drawn as a dot), for the legend.
    pub has_points: bool,
    /// Branch icons drawn, in legend order; echelon marks drawn.
    pub branches: Vec<String>,
    pub echelons: Vec<Echelon>,
    /// Mobility modifiers drawn, in the table's order, for the legend.
    pub modifiers: Vec<String>,
    /// Which legend entries apply: intel reports, later arrivals, plan kinds.
    pub has_reports: bool,
    pub has_later: bool,
    pub order_kinds: Vec<String>,
    pub plan_kinds: Vec<String>,
    /// Side ids drawn as friendly (rectangle) and hostile (diamond).
    pub friendly: Vec<String>,
    pub hostile: Vec<String>,
    /// The symbols, each defined once.
    pub svg: Symbols,
    /// Where the white copies behind each name are drawn, round it: a halo
    /// that keeps names legible over hatching. A stroked outline would do the
    /// same, but Chromium prints stroked text as a font of its own per size,
    /// which weighed a game pack down by megabytes.
    pub halo: Vec<[f64; 2]>,
    /// The legend's sample of each area style drawn, by style.
    pub swatches: BTreeMap<String, Fill>,
    /// The font every map text is set in, whose widths size the label boxes.
    pub font: &'static str,
    /// Every label box the placer chose (text and unit symbols), for tests.
    #[serde(skip)]
    pub label_boxes: Vec<LabelBox>,
    /// Every leader line drawn (from, to), for tests.
    #[serde(skip)]
    pub leaders: Vec<[f64; 4]>,
    /// The leader lines of names set a little off their feature.
    pub label_leaders: Vec<LabelLeader>,
    /// Names given as a number at their feature, resolved under the map.
    pub callouts: Vec<Callout>,
    /// Units with no element on the table, listed under the map.
    pub off_table: Vec<String>,
    /// Elements drawn as the carrier they ride in or on (`e-1 aboard lca-e`).
    pub aboard: Vec<String>,
    /// Dense spots framed on this map and drawn again larger below it.
    pub inset_frames: Vec<InsetFrame>,
    pub insets: Vec<MapView>,
    /// For an inset: its number, how many times the map's scale it prints at,
    /// and whether it could part every mark.
    pub inset: Option<InsetOf>,
    /// A map extract's window on the table (map units, y down): the drawing is
    /// clipped to it and its labels kept inside it; None for the whole table.
    pub window: Option<Window>,
    /// Whether some element marks are drawn set apart from where they stand.
    pub spread: bool,
    /// What this map and its insets could not draw as they should, for the
    /// build to report (MC904–MC906); rendering itself reports nothing.
    #[serde(skip)]
    pub notes: Vec<MapNote>,
    /// Objectives ringed on a player's map (map units, y down).
    pub objectives: Vec<ObjectiveMark>,
    /// Where the north arrow stands.
    pub nx: f64,
    pub ny: f64,
}

/// Something a map could not draw as it should.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum MapNote {
    /// A name with no room at its feature, on a leader or as a number at it:
    /// given under the map only (`KIND:ID`, or `unit:SIDE.UNIT`).
    Unplaced(String),
    /// A dense spot whose inset, as wide as a page allows, still cannot part
    /// its marks: the qualified ids of its elements.
    InsetTooSmall(Vec<String>),
    /// Element marks with no free spot to be set apart to: still printed on
    /// top of each other (qualified ids).
    Stacked(Vec<String>),
}

/// An objective ringed on a player's map: where (map units, y down) and the
/// id of what it rings.
#[derive(Debug, Clone, Serialize)]
pub struct ObjectiveMark {
    pub id: String,
    pub x: f64,
    pub y: f64,
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

/// A dense spot's frame on the map (map units, y down) and its inset's number.
#[derive(Debug, Clone, Serialize)]
pub struct InsetFrame {
    pub number: usize,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// Where its `inset N` stands (text centre, baseline): at a corner of
    /// the frame clear of every mark, chosen with the map's names.
    pub lx: f64,
    pub ly: f64,
}

/// What an inset is: its number, its scale against the map's (`2.5` times),
/// and whether every mark in it stands clear of the others.
#[derive(Debug, Clone, Serialize)]
pub struct InsetOf {
    pub number: usize,
    pub times: String,
    pub parts_all: bool,
}

/// A leader line from a feature (`x1, y1`) to its name (`x2, y2`); `id` is
/// the feature's `KIND:ID`, for `data-leader`.
#[derive(Debug, Clone, Serialize)]
pub struct LabelLeader {
    pub id: String,
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
}

/// A feature named by a number at it (text centre `x`, baseline `y`), its
/// name given with the number under the map; `id` is the feature's `KIND:ID`.
#[derive(Debug, Clone, Serialize)]
pub struct Callout {
    pub id: String,
    pub number: String,
    pub text: String,
    pub x: f64,
    pub y: f64,
    /// A unit's number, printed under its symbol in place of its name: the
    /// symbol draws it, so the map draws no number of its own there.
    pub on_symbol: bool,
}

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

/// A scenario terrain kind as the map draws it: its id, its name for the
/// legend, whether it is a line or an area kind, and its style (`railway`,
/// `sunken`, `hedge`, `ditch`, `wall`, `dashed`; for an area, the fill
/// pattern it takes).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ScenarioKind {
    pub id: String,
    pub label: String,
    pub line: bool,
    pub style: String,
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
    /// Its id, for `data-feature="area:ID"`.
    pub id: String,
    pub d: String,
    pub kind: String,
    /// The scenario terrain kind (§98) it is of, shown instead of `kind`.
    pub terrain: Option<String>,
    /// The style it is filled in: its kind's, or its scenario kind's.
    pub fill: String,
    /// That style's ground colour and marks on this map (`hatch.rs`).
    pub paint: Fill,
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
    /// Its id, for `data-feature="line:ID"`.
    pub id: String,
    pub d: String,
    pub kind: String,
    /// The scenario terrain kind (§98) it is of, drawn in a style of its own.
    pub terrain: Option<String>,
    /// That style (see [`ScenarioKind`]); empty for a built-in kind.
    pub style: String,
    pub width: f64,
    pub label: String,
    /// Where the label goes (text centre, baseline), chosen clear of other labels.
    pub x: f64,
    pub y: f64,
    /// The label's turn in degrees, to run along the line.
    pub angle: f64,
    pub shown: bool,
    /// The drawn points (y down), for choosing where along the line to label it.
    #[serde(skip)]
    pub points: Vec<(f64, f64)>,
}

/// A point with a label (place, crossing, element).
#[derive(Debug, Clone, Serialize)]
pub struct Mark {
    /// What it draws, for the `data-*` attributes: a place's or crossing's id,
    /// an element's qualified id (`SIDE.UNIT.ELEMENT`).
    pub id: String,
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
    /// An element mark set apart from a crowd (`spread.rs`): drawn at `x, y`
    /// on a line from `ax, ay`, where the element stands.
    pub moved: bool,
    pub ax: f64,
    pub ay: f64,
    /// Of an edge place: the stretch of the edge units use, as a path along the
    /// frame (empty for the whole edge).
    pub stretch: String,
}

/// A unit symbol: an APP-6 frame with its branch icon and echelon mark, drawn at
/// `fx, fy` (its true centre `x, y` when free, else close by with a leader line).
#[derive(Debug, Clone, Serialize)]
pub struct UnitMark {
    /// The unit's qualified id (`SIDE.UNIT`), for `data-unit`.
    pub id: String,
    pub x: f64,
    pub y: f64,
    pub fx: f64,
    pub fy: f64,
    pub hostile: bool,
    /// A branch of [`crate::app6::ICONS`], or `report` for an intel report.
    pub branch: String,
    /// Its APP-6 mobility modifier's keyword (`airborne`), drawn at the foot
    /// of the frame from [`crate::app6::modifier::MODIFIERS`]; empty for none.
    pub modifier: String,
    pub echelon: String,
    /// What its symbol carries: its display name, or, where that finds no room
    /// beside its elements, a number that the key under the map resolves.
    pub label: String,
    /// Its display name.
    pub name: String,
    pub highlight: bool,
    /// Arrives later: drawn faint at its planned position.
    pub later: bool,
    /// False when no free spot was found near it: it is listed in the key.
    pub shown: bool,
    /// Whether a leader line joins the symbol to its troops.
    pub leader: bool,
    /// Where that leader starts: the edge of its own elements' marks nearest
    /// the symbol.
    pub ax: f64,
    pub ay: f64,
}

/// The scale bar: `metres` of ground is `length` user units and `mm` on the table.
#[derive(Debug, Clone, Serialize)]
pub struct ScaleBar {
    pub x: f64,
    pub y: f64,
    pub length: f64,
    pub metres: f64,
    pub mm: f64,
    /// `500 m = 250 mm on the table`, or its first line (`50 m = 25 mm`)
    /// when `under` holds the rest.
    pub label: String,
    /// The label's second line, empty when it fits on one.
    pub under: String,
    /// Where the label starts (its left end and baseline), from the bar's start.
    pub lx: f64,
    pub ly: f64,
    /// Whether the `0` under the bar's start stands clear of the figure
    /// under its end (not on a bar a few millimetres long).
    pub zero: bool,
}

impl ScaleBar {
    /// A bar of `metres` of ground at `x, y` on a map of `m_per_mm` metres per
    /// table millimetre with its words where `words` says; and where the bar
    /// and its words end on the right.
    fn laid(x: f64, y: f64, metres: f64, m_per_mm: f64, e: f64, words: Words) -> (ScaleBar, f64) {
        let mm = metres / m_per_mm.max(1e-9);
        let size = 0.7 * e;
        let short = format!("{metres:.0} m = {mm:.0} mm");
        let end = text_width(&format!("{metres:.0} m"), size, false) / 2.0;
        let rest = "on the table".to_string();
        let (label, under, lx, ly) = match words {
            Words::Beside => (
                format!("{short} on the table"),
                String::new(),
                metres + 2.5 * e,
                0.5 * e,
            ),
            Words::TwoLines => (short, rest, metres + end + 0.6 * e, 0.5 * e),
            Words::Below => (short, rest, 0.0, 2.6 * e),
        };
        let wide = text_width(&label, size, false).max(text_width(&under, size, false));
        let reach = x + (lx + wide).max(metres + end);
        let zero = metres - end >= text_width("0", size, false) + 0.3 * e;
        let bar = ScaleBar {
            x,
            y,
            length: metres,
            metres,
            mm,
            label,
            under,
            lx,
            ly,
            zero,
        };
        (bar, reach)
    }

    /// How much taller the band under the map must be for the bar's words:
    /// more than nothing only where they go under the bar.
    pub(crate) fn below(&self, e: f64) -> f64 {
        if self.ly > e {
            2.2 * e
        } else {
            0.0
        }
    }
}

/// Where a scale bar's words go: beside it on one line or two, or on two
/// lines under it (the narrowest maps).
#[derive(Debug, Clone, Copy)]
enum Words {
    Beside,
    TwoLines,
    Below,
}

/// The scale bar and the north arrow in the band under a map whose frame's
/// bottom right corner is `x1, y1`, the bar starting at `x0` and near
/// `target` metres long: the arrow at the band's right end, the bar's words
/// beside the bar. Where a narrow map (an inset) has no room for both, the
/// arrow moves into the margin right of the frame, then the words take two
/// lines, then the bar shortens, then its words go under it (the band
/// growing by [`ScaleBar::below`]): they never run into the arrow or off the
/// drawing. Returns the bar and the arrow's point.
pub(crate) fn scale_and_north(
    (x0, x1, y1): (f64, f64, f64),
    target: f64,
    m_per_mm: f64,
    e: f64,
) -> (ScaleBar, f64, f64) {
    let ny = y1 + 4.2 * e;
    let y = y1 + 3.2 * e;
    // Where the arrow's `N` begins, less a little room.
    let room = |nx: f64| nx - 1.0 * e - text_width("N", 0.85 * e, true) - 0.4 * e;
    let (inside, margin) = (x1 - 1.5 * e, x1 + 1.7 * e);
    let first = nice_length(target);
    let shorter = nice_length(first * 0.5);
    let tries = [
        (inside, first, Words::Beside),
        (margin, first, Words::Beside),
        (margin, first, Words::TwoLines),
        (margin, shorter, Words::TwoLines),
    ];
    for (nx, metres, words) in tries {
        let (bar, reach) = ScaleBar::laid(x0, y, metres, m_per_mm, e, words);
        if reach <= room(nx) {
            return (bar, nx, ny);
        }
    }
    let bar = ScaleBar::laid(x0, y, shorter, m_per_mm, e, Words::Below).0;
    (bar, margin, ny)
}

/// The NATO echelon mark of an echelon keyword (§9), from the symbol codes'
/// table; `•` for a word that is none.
pub fn echelon_mark(e: &str) -> &'static str {
    crate::app6::ECHELONS
        .iter()
        .find(|x| x.echelon.keyword() == e)
        .map_or("•", |x| x.mark)
}
