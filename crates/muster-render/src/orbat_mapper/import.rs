//! An ORBAT Mapper scenario as the text of a muster scenario: its sides, its
//! units nested as written, each placed where it stands at the start on a table
//! laid round them (with the georeference that puts it back on the Earth), its
//! symbol code kept as `branch`, `modifier` and echelon, and elements proposed
//! from its personnel and equipment at the rulebook's scale (§3). Every guess is
//! said in a comment beside what it made.

use muster_codes::Code;
use muster_model::earth::Projection;
use muster_model::model::Pos;
use muster_rules::foot::{figure_range, frontage_mm, usual_figures};
use muster_rules::limits::TABLE_SIDE;
use muster_rules::scale::{
    format_clock, GROUND_SCALE_M_PER_MM, MEN_PER_FIGURE, MINUTES_PER_DAY, USUAL_VEHICLES_PER_MODEL,
};
use muster_rules::vocab::{Branch, Echelon, FootType, Modifier};

use super::{Scenario, Time, Unit, OFF_TABLE, READS, TYPE, VERSION};
use crate::app6::{modifier::MODIFIERS, ECHELONS, ICONS, LAND_UNIT};

/// A table's sides are whole multiples of this many metres.
const ROUND_M: f64 = 10.0;

/// Positions are written to the centimetre.
const PER_CM: f64 = 1e2;

/// ORBAT Mapper's times in its type definitions are milliseconds.
const MILLIS_PER_MINUTE: f64 = 6e4;

/// Metres of table left round the outermost units.
const MARGIN_M: f64 = 200.0;

/// Metres between the elements of one unit, set in a row across its
/// position: a foot base's frontage at the rulebook's ground scale, so the
/// bases stand side by side.
fn spacing_m() -> f64 {
    f64::from(frontage_mm(FootType::Coherent)) * GROUND_SCALE_M_PER_MM
}

/// What stops an import: nothing is written.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub code: Code,
    pub message: String,
    pub help: String,
}

fn problem(code: Code, message: String, help: &str) -> Problem {
    Problem {
        code,
        message,
        help: help.to_string(),
    }
}

/// The muster scenario text of an ORBAT Mapper scenario, or every problem that
/// stops it.
pub fn import(text: &str) -> Result<String, Vec<Problem>> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        vec![problem(
            Code::MC955,
            format!("the file is not JSON: {e}"),
            "export the scenario from ORBAT Mapper as JSON (File, Export, ORBAT Mapper JSON)",
        )]
    })?;
    if value.get("type").and_then(|t| t.as_str()) != Some(TYPE) {
        return Err(vec![problem(
            Code::MC955,
            format!("the file is JSON but not an ORBAT Mapper scenario: its `type` is not `{TYPE}`"),
            "export the scenario from ORBAT Mapper as JSON; an encrypted scenario must be saved unencrypted first",
        )]);
    }
    let version = value.get("version").and_then(|v| v.as_str()).unwrap_or("");
    if !READS.contains(&version) {
        return Err(vec![problem(
            Code::MC956,
            format!("the scenario's ORBAT Mapper version `{version}` is not one muster reads"),
            &format!(
                "muster reads versions {} to {VERSION}: open and save the file in a version of ORBAT Mapper of that range",
                READS.first().copied().unwrap_or(VERSION)
            ),
        )]);
    }
    let s: Scenario = serde_json::from_value(value).map_err(|e| {
        vec![problem(
            Code::MC955,
            format!("the ORBAT Mapper scenario does not have the expected shape: {e}"),
            "check the file against schema/orbat-mapper.schema.json",
        )]
    })?;
    let mut problems = Vec::new();
    let mut points = Vec::new();
    for side in &s.sides {
        for g in &side.groups {
            for u in &g.sub_units {
                positions(u, &mut points, &mut problems);
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // the margin holds the widest row of elements set across a unit's point
    let widest = widest_row(&s);
    let table = Table::round(&points, MARGIN_M + widest)?;
    Ok(write(&s, &table))
}

/// Half the width of the widest row of elements any unit sets across its point.
fn widest_row(s: &Scenario) -> f64 {
    fn walk(u: &Unit, w: &mut usize) {
        *w = (*w).max(elements(u).len());
        u.sub_units.iter().for_each(|c| walk(c, w));
    }
    let mut n = 1;
    for side in &s.sides {
        for g in &side.groups {
            g.sub_units.iter().for_each(|u| walk(u, &mut n));
        }
    }
    (n as f64 - 1.0) / 2.0 * spacing_m()
}

/// Where a unit stands at the start: its location, else its first located state.
fn start_of(u: &Unit) -> Option<(&[f64], bool)> {
    if let Some(l) = u.location.as_deref() {
        return Some((l, false));
    }
    u.state
        .iter()
        .find_map(|s| s.location.as_deref())
        .map(|l| (l, true))
}

/// A unit needs a position when it has men or equipment of its own to place
/// and the file does not say they are off the table.
fn needs_position(u: &Unit) -> bool {
    (!u.personnel.is_empty() || !u.equipment.is_empty() || u.sub_units.is_empty()) && !off_table(u)
}

fn off_table(u: &Unit) -> bool {
    u.status
        .as_deref()
        .is_some_and(|s| s.eq_ignore_ascii_case(OFF_TABLE))
}

fn positions(u: &Unit, points: &mut Vec<(f64, f64)>, problems: &mut Vec<Problem>) {
    match start_of(u) {
        Some((l, _)) => match l {
            [lon, lat, ..] if lon.abs() <= 180.0 && lat.abs() <= 85.0 => points.push((*lon, *lat)),
            _ => problems.push(problem(
                Code::MC958,
                format!(
                    "unit `{}` stands at {l:?}, which is no longitude and latitude a table can lie at",
                    u.name
                ),
                "a position is [longitude, latitude] in degrees, longitude first",
            )),
        },
        None if needs_position(u) => problems.push(problem(
            Code::MC957,
            format!(
                "unit `{}` has no position: ORBAT Mapper gives it neither a location nor a located state",
                u.name
            ),
            "place the unit on ORBAT Mapper's map at the scenario's start, then export again",
        )),
        None => {}
    }
    for c in &u.sub_units {
        positions(c, points, problems);
    }
}

/// The table laid round the units: its corner on the Earth and its size.
struct Table {
    projection: Projection,
    latitude: f64,
    longitude: f64,
    width: f64,
    depth: f64,
}

impl Table {
    /// The table round `points` with `margin` metres to spare on every side.
    fn round(points: &[(f64, f64)], margin: f64) -> Result<Table, Vec<Problem>> {
        let lon0 = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let lat0 = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        if !lon0.is_finite() || !lat0.is_finite() {
            // no unit stands anywhere: a table of the smallest size at 0, 0
            return Ok(Table {
                projection: Projection::new(0.0, 0.0, 0.0),
                latitude: 0.0,
                longitude: 0.0,
                width: TABLE_SIDE.min,
                depth: TABLE_SIDE.min,
            });
        }
        let first = Projection::new(lat0, lon0, 0.0);
        let (lon, lat) = first.to_lon_lat(Pos {
            x: -margin,
            y: -margin,
        });
        // the corner as the georeference will print it, to the micro-degree
        let (latitude, longitude) = (round_to(lat, 1e6), round_to(lon, 1e6));
        let projection = Projection::new(latitude, longitude, 0.0);
        let table: Vec<Pos> = points
            .iter()
            .map(|(lon, lat)| projection.to_table(*lon, *lat))
            .collect();
        let far_x = table.iter().map(|p| p.x).fold(0.0, f64::max) + margin;
        let far_y = table.iter().map(|p| p.y).fold(0.0, f64::max) + margin;
        let (width, depth) = (
            (far_x / ROUND_M).ceil() * ROUND_M,
            (far_y / ROUND_M).ceil() * ROUND_M,
        );
        if width > TABLE_SIDE.max || depth > TABLE_SIDE.max {
            return Err(vec![problem(
                Code::MC958,
                format!(
                    "the units spread over {width:.0} m by {depth:.0} m, more than the largest table ({:.0} m a side)",
                    TABLE_SIDE.max
                ),
                "export only the units of one action from ORBAT Mapper, or split the scenario",
            )]);
        }
        Ok(Table {
            projection,
            latitude,
            longitude,
            width: width.max(TABLE_SIDE.min),
            depth: depth.max(TABLE_SIDE.min),
        })
    }

    fn at(&self, l: &[f64]) -> Pos {
        match l {
            [lon, lat, ..] => self.projection.to_table(*lon, *lat),
            _ => Pos { x: 0.0, y: 0.0 },
        }
    }
}

fn round_to(v: f64, k: f64) -> f64 {
    (v * k).round() / k
}

/// A string of the language, quoted.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A name of the language made from `words`, unique among `taken`.
fn ident(words: &str, fallback: &str, taken: &mut Vec<String>) -> String {
    let mut out = String::new();
    for c in words.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut out = out
        .trim_end_matches('-')
        .chars()
        .take(40)
        .collect::<String>();
    if !out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out = format!("{fallback}-{out}")
            .trim_end_matches('-')
            .to_string();
    }
    let mut name = out.clone();
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{out}-{n}");
        n += 1;
    }
    taken.push(name.clone());
    name
}

/// What a symbol code says of a unit: branch, echelon, modifier, and what
/// could not be kept.
struct Read {
    branch: Branch,
    echelon: Echelon,
    modifier: Option<Modifier>,
    guesses: Vec<String>,
}

fn read_sidc(sidc: &str) -> Read {
    let digits = |a: usize, b: usize| sidc.get(a..b).unwrap_or("");
    let (set, echelon, entity, sector1, sector2) = (
        digits(4, 6),
        digits(8, 10),
        digits(10, 16),
        digits(16, 18),
        digits(18, 20),
    );
    let mut guesses = Vec::new();
    let mut modifier = MODIFIERS
        .iter()
        .find(|m| m.sector2 == sector2)
        .map(|m| m.modifier);
    let exact = ICONS
        .iter()
        .find(|i| i.symbol_set == set && i.entity == entity && i.sector1 == sector1);
    let motorised = ICONS
        .iter()
        .find(|i| i.symbol_set == set && i.motorised == Some(entity));
    let branch = match (exact, motorised) {
        (Some(i), _) => i.branch,
        (None, Some(i)) => {
            modifier = Some(Modifier::Motorised);
            i.branch
        }
        (None, None) => {
            let near = ICONS
                .iter()
                .find(|i| i.symbol_set == set && i.entity.get(..4) == entity.get(..4));
            let b = near.map_or(Branch::Infantry, |i| i.branch);
            guesses.push(format!(
                "symbol {sidc}: muster has no icon for entity {entity}; `branch {b}` is the nearest"
            ));
            b
        }
    };
    let echelon = match ECHELONS.iter().find(|e| e.code == echelon) {
        Some(e) => e.echelon,
        None => {
            let e = if set == LAND_UNIT && echelon.as_bytes().first() == Some(&b'2') {
                Echelon::Division
            } else {
                Echelon::Group
            };
            guesses.push(format!(
                "echelon {echelon} of {sidc} is not one of muster's: written as a {e}"
            ));
            e
        }
    };
    Read {
        branch,
        echelon,
        modifier,
        guesses,
    }
}

/// The scenario's date and start, `YYYY-MM-DD HH:MM`, from its start time.
fn start_text(t: Option<&Time>) -> Option<String> {
    match t? {
        Time::Text(s) => {
            let (d, rest) = s.split_once('T')?;
            Some(format!("{d} {}", rest.get(..5)?))
        }
        Time::Millis(ms) => {
            // milliseconds since 1970-01-01: counted in days from that date
            let minutes = (ms / MILLIS_PER_MINUTE).floor() as i64;
            let day = i64::from(MINUTES_PER_DAY);
            let (y, m, d) = super::export::add_days((1970, 1, 1), minutes.div_euclid(day));
            let clock = format_clock(u32::try_from(minutes.rem_euclid(day)).ok()?);
            Some(format!("{y:04}-{m:02}-{d:02} {clock}"))
        }
    }
}

fn write(s: &Scenario, table: &Table) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "// Imported from the ORBAT Mapper scenario {} (version {}) by `muster import orbat-mapper`.\n",
        quoted(&s.name),
        s.version
    ));
    out.push_str(&format!(
        "// Elements are proposed from each unit's personnel and equipment at the rulebook's scale (§3): \
         {MEN_PER_FIGURE} men to a figure, {USUAL_VEHICLES_PER_MODEL} vehicles or guns to a model. \
         Lines marked `guessed` need the writer's eye.\n\n"
    ));
    out.push_str(&format!("scenario {} {{\n", quoted(&s.name)));
    match start_text(s.start_time.as_ref()) {
        Some(start) => out.push_str(&format!("  start {start}\n")),
        None => out
            .push_str("  // guessed: ORBAT Mapper gives no start time\n  start 1944-06-06 06:00\n"),
    }
    out.push_str(
        "  // guessed: ORBAT Mapper has no turns; set how long the action lasts\n  turns 12\n",
    );
    let mut taken = Vec::new();
    let sides: Vec<String> = s
        .sides
        .iter()
        .map(|side| match side.id.as_str() {
            // a side muster wrote keeps its id
            id if is_ident(id) && !taken.iter().any(|t| t == id) => {
                taken.push(id.to_string());
                id.to_string()
            }
            _ => ident(&side.name, "side", &mut taken),
        })
        .collect();
    if let Some(first) = sides.first() {
        out.push_str(&format!("  first-bound {first}\n"));
    }
    out.push_str(&format!(
        "  table {:.0}m by {:.0}m\n  georeference {} {} north-bearing 0 {}\n}}\n\n",
        table.width,
        table.depth,
        hemisphere(table.latitude, 'N', 'S'),
        hemisphere(table.longitude, 'E', 'W'),
        quoted("laid round the units of the ORBAT Mapper scenario")
    ));
    for (side, id) in s.sides.iter().zip(&sides) {
        out.push_str(&format!("side {id} {}\n", quoted(&side.name)));
    }
    // the forces first, so the templates they are made from go above them
    let mut units = Vec::new();
    let mut templates = Templates::default();
    let mut forces = String::new();
    for (side, id) in s.sides.iter().zip(&sides) {
        forces.push_str(&format!("\nforces {id} {{\n"));
        for g in &side.groups {
            for u in &g.sub_units {
                unit(u, table, None, 1, &mut units, &mut templates, &mut forces);
            }
        }
        forces.push_str("}\n");
    }
    templates.write(&mut out);
    out.push_str(&forces);
    out
}

fn hemisphere(v: f64, plus: char, minus: char) -> String {
    format!("{:.6}{}", v.abs(), if v < 0.0 { minus } else { plus })
}

/// The templates an import writes: one per distinct organisation, so units
/// of the same make share one, each named for its arm and echelon.
#[derive(Default)]
struct Templates {
    made: Vec<Template>,
}

struct Template {
    name: String,
    echelon: Echelon,
    /// The first unit made from it, for the display name.
    display: String,
    /// Each element's line (without position) and the guess it rests on.
    elements: Vec<(String, String)>,
}

impl Templates {
    /// The template holding `elements`, made on first use.
    fn of(&mut self, read: &Read, display: &str, elements: Vec<(String, String)>) -> &str {
        let found = self
            .made
            .iter()
            .position(|t| t.echelon == read.echelon && t.elements == elements);
        let at = found.unwrap_or_else(|| {
            let base = format!("{}-{}", read.branch, read.echelon);
            let mut name = base.clone();
            let mut n = 2;
            while self.made.iter().any(|t| t.name == name) {
                name = format!("{base}-{n}");
                n += 1;
            }
            self.made.push(Template {
                name,
                echelon: read.echelon,
                display: display.to_string(),
                elements,
            });
            self.made.len() - 1
        });
        &self.made[at].name
    }

    /// The templates' text: elements in a row across the placement point,
    /// the headquarters in the middle, within voice of both ends.
    fn write(&self, out: &mut String) {
        for t in &self.made {
            out.push_str(&format!(
                "\n// The organisation of {} as ORBAT Mapper gives it.\ntemplate {} {} {} {{\n",
                quoted(&t.display),
                t.name,
                t.echelon,
                quoted(&t.display)
            ));
            let mut lines = t.elements.clone();
            let hq = lines.remove(0);
            lines.insert(lines.len() / 2, hq);
            let n = lines.len();
            for (i, (line, guess)) in lines.iter().enumerate() {
                let offset = (i as f64 - (n as f64 - 1.0) / 2.0) * spacing_m();
                out.push_str(&format!(
                    "  // guessed: {guess}\n  {line} at ({offset:.2},0)\n"
                ));
            }
            out.push_str("}\n");
        }
    }
}

/// `origin` is the point of the nearest placed unit above: a placement
/// written inside a placed unit is an offset from it.
fn unit(
    u: &Unit,
    table: &Table,
    origin: Option<Pos>,
    depth: usize,
    taken: &mut Vec<String>,
    templates: &mut Templates,
    out: &mut String,
) {
    let pad = "  ".repeat(depth);
    let read = read_sidc(&u.sidc);
    let id = match u.short_name.as_deref() {
        Some(short) if !taken.iter().any(|t| t == short) && is_ident(short) => {
            taken.push(short.to_string());
            short.to_string()
        }
        _ => ident(&u.name, "unit", taken),
    };
    for g in &read.guesses {
        out.push_str(&format!("{pad}// guessed: {g}\n"));
    }
    let modifier = read
        .modifier
        .map(|m| format!(" modifier {m}"))
        .unwrap_or_default();
    let start = start_of(u);
    let own = start.is_some() || off_table(u);
    // a unit with troops of its own is made from the template of its make;
    // one that only groups others is written as itself
    let from = if own {
        let name = templates.of(&read, &u.name, elements(u));
        format!(" from {name}")
    } else {
        String::new()
    };
    let at = start.map(|(l, _)| {
        let p = table.at(l);
        Pos {
            x: round_to(p.x, PER_CM),
            y: round_to(p.y, PER_CM),
        }
    });
    let placed = match at {
        Some(p) => {
            let o = origin.unwrap_or(Pos { x: 0.0, y: 0.0 });
            format!(
                " at ({:.2},{:.2}) facing 0",
                round_to(p.x - o.x, PER_CM),
                round_to(p.y - o.y, PER_CM)
            )
        }
        None => String::new(),
    };
    if let Some((_, true)) = start {
        out.push_str(&format!(
            "{pad}// guessed: ORBAT Mapper places it only later; it stands at its first position from the start\n"
        ));
    }
    out.push_str(&format!(
        "{pad}{} {id} {} branch {}{modifier}{from}{placed} {{\n",
        read.echelon,
        quoted(&u.name),
        read.branch
    ));
    let inner = "  ".repeat(depth + 1);
    if start.is_none() && off_table(u) {
        // the template's elements wait off the table
        for (line, _) in elements(u) {
            if let Some((kind, rest)) = line.split_once(' ') {
                let name = rest.split(' ').next().unwrap_or_default();
                out.push_str(&format!("{inner}{kind} {name} off-table\n"));
            }
        }
    }
    for c in &u.sub_units {
        unit(c, table, at.or(origin), depth + 1, taken, templates, out);
    }
    out.push_str(&format!("{pad}}}\n"));
}

fn is_ident(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The elements proposed for a unit, each a line without its position and
/// the guess it rests on: a headquarters, foot for its men, a model for every
/// few of each equipment.
fn elements(u: &Unit) -> Vec<(String, String)> {
    let men: u32 = u.personnel.iter().map(|p| p.count).sum();
    let mut figures = men.div_ceil(MEN_PER_FIGURE);
    let hq_figures = usual_figures(FootType::Command);
    let mut lines = vec![(
        format!("hq headquarters command figures {hq_figures}"),
        "a headquarters marks where the unit stands".to_string(),
    )];
    figures = figures.saturating_sub(hq_figures);
    let per = usual_figures(FootType::Coherent).max(1);
    let (least, _) = figure_range(FootType::Coherent);
    let mut n = 1;
    while figures > 0 {
        // the last base is filled up to the smallest the rules allow
        let f = figures.min(per).max(least);
        lines.push((
            format!("element foot-{n} coherent figures {f}"),
            format!("{men} men at {MEN_PER_FIGURE} to a figure, as coherent foot"),
        ));
        figures = figures.saturating_sub(f);
        n += 1;
    }
    for (i, e) in u.equipment.iter().enumerate() {
        let models = e.count.div_ceil(USUAL_VEHICLES_PER_MODEL).max(1);
        lines.push((
            format!(
                "element eq-{} {} models {models} note {}",
                i + 1,
                kind_for(&e.name),
                quoted(&format!("ORBAT Mapper: {} {}", e.count, e.name))
            ),
            format!(
                "{} {} at {USUAL_VEHICLES_PER_MODEL} to a model; the kind from the name",
                e.count, e.name
            ),
        ));
    }
    lines
}

/// The element kind an equipment name suggests; a lorry when nothing does.
fn kind_for(name: &str) -> &'static str {
    let n = name.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    if has(&[
        "tank",
        "panzer",
        "tiger",
        "panther",
        "sherman",
        "churchill",
        "cromwell",
        "t-34",
        "kv-",
    ]) {
        "vehicle tank tracked armoured enclosed"
    } else if has(&["armoured car", "armored car", "scout car"]) {
        "vehicle armoured-car wheeled armoured enclosed"
    } else if has(&["half-track", "halftrack", "carrier"]) {
        "vehicle half-track half-tracked armoured open-topped"
    } else if has(&["anti-tank", "antitank", "at gun", "at-gun", "pak"]) {
        "artillery at-gun 57mm"
    } else if has(&["anti-aircraft", "flak", "aa gun", "aa-gun"]) {
        "artillery aa-gun 20mm"
    } else if has(&["mortar"]) {
        "artillery mortar 81mm"
    } else if has(&["howitzer", "gun", "field"]) {
        "artillery howitzer 105mm"
    } else {
        "vehicle lorry wheeled soft"
    }
}
