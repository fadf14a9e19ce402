//! `muster import geojson`: polygons and lines traced in a map tool become `map`
//! items of a scenario, in table metres through its georeference, simplified to
//! what a table can show. It prints `.muster` text or writes a new library file;
//! it never edits the scenario, and on any problem (MC950–MC954) writes nothing.

use super::Status;
use crate::error::CliError;
use crate::pipeline::Source;
use muster_model::earth::Projection;
use muster_model::geometry::{polygon_is_valid, simplify, ShapeProblem};
use muster_model::model::Pos;
use muster_rules::vocab::{LineKind, TerrainKind};
use muster_syntax::{Code, Diagnostic, FileId, Span};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The GeoJSON file: a FeatureCollection or one Feature, in longitude and latitude
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// What the features are: a terrain kind for polygons (`dense-woods`, `buildings
    /// medium normal`) or a line kind for lines (`road`, `river`)
    #[arg(long, value_name = "KIND")]
    pub kind: String,
    /// The property whose text names each feature
    #[arg(long, value_name = "P", default_value = "name")]
    pub name_property: String,
    /// Simplify to this many metres: points that close to the course kept are dropped
    #[arg(long, value_name = "METRES", default_value_t = 10.0)]
    pub tolerance: f64,
    /// The scenario whose georeference and table place the features
    #[arg(long, value_name = "S")]
    pub scenario: PathBuf,
    /// Write a new library file instead of printing the text (never replaces a file)
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// One map item to write.
struct Item {
    id: String,
    name: String,
    points: Vec<Pos>,
}

/// What the features become, from `--kind`.
#[derive(Clone, Copy)]
enum Target {
    Area,
    Line,
}

impl Target {
    fn geometry(self) -> (&'static str, &'static str) {
        match self {
            Target::Area => ("Polygon", "polygons"),
            Target::Line => ("LineString", "lines"),
        }
    }
}

pub fn import(args: &ImportArgs) -> Result<Status, CliError> {
    let target = target(&args.kind)?;
    if !(args.tolerance.is_finite() && args.tolerance >= 0.0) {
        return Err(CliError::BadTolerance(args.tolerance.to_string()));
    }
    if let Some(out) = &args.out {
        if out.symlink_metadata().is_ok() {
            return Err(CliError::Exists(out.clone()));
        }
    }
    let mut s = super::geojson::Scenario::check(&args.scenario)?;
    let Some(georeference) = s.georeference() else {
        return s.refuse("imported");
    };
    let at = s.at;
    let model = s.results[at].model.as_ref().map(|(m, _)| m);
    let table = model.and_then(|m| m.header.as_ref()).and_then(|h| h.table);
    let names: BTreeSet<String> = model
        .map(|m| {
            (m.areas.iter().map(|a| a.name.id.clone()))
                .chain(m.lines.iter().map(|l| l.name.id.clone()))
                .chain(m.crossings.iter().map(|c| c.name.id.clone()))
                .chain(m.places.iter().map(|p| p.name.id.clone()))
                .collect()
        })
        .unwrap_or_default();
    let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::io(&args.file, &e))?;
    let file = FileId(u32::try_from(s.results[at].sources.len()).unwrap_or(u32::MAX));
    let shown = args.file.display().to_string();
    let reader = Reader {
        text: &text,
        file,
        projection: georeference.projection(),
        table: table.unwrap_or((0.0, 0.0)),
        tolerance: args.tolerance,
        name_property: &args.name_property,
        target,
        kind: &args.kind,
    };
    let items = match reader.items(names) {
        Ok(items) => items,
        Err(diagnostics) => {
            let checked = &mut s.results[at];
            checked.diagnostics = diagnostics;
            let source = Source::new(shown.clone(), shown, Arc::from(text.as_str()));
            checked.sources.push(source);
            return s.refuse("imported");
        }
    };
    let muster = render(&items, target, &args.kind);
    match &args.out {
        None => super::print_out(&muster)?,
        Some(out) => {
            let head = format!(
                "// Traced in {}; imported with `muster import geojson --kind {}`.\n",
                args.file.display(),
                args.kind
            );
            write_new(out, &format!("{head}{muster}"))?;
            eprintln!(
                "imported {} into `{}`",
                plural(items.len(), "feature"),
                out.display()
            );
        }
    }
    Ok(Status::Clean)
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `--kind`'s first word: a line kind makes lines, a terrain kind areas.
fn target(kind: &str) -> Result<Target, CliError> {
    let first = kind.split_whitespace().next().unwrap_or("");
    if LineKind::from_keyword(first).is_some() {
        Ok(Target::Line)
    } else if TerrainKind::from_keyword(first).is_some() {
        Ok(Target::Area)
    } else {
        let words = (TerrainKind::ALL.iter().map(|k| k.keyword()))
            .chain(LineKind::ALL.iter().map(|k| k.keyword()));
        Err(CliError::UnknownKind {
            word: first.to_string(),
            suggestion: muster_syntax::wording::suggest(first, words),
        })
    }
}

/// Reads the features of one GeoJSON text.
struct Reader<'a> {
    text: &'a str,
    file: FileId,
    projection: Projection,
    /// Table width and depth in metres.
    table: (f64, f64),
    tolerance: f64,
    name_property: &'a str,
    target: Target,
    kind: &'a str,
}

impl Reader<'_> {
    /// Every feature as map items, or every problem found.
    fn items(&self, mut taken: BTreeSet<String>) -> Result<Vec<Item>, Vec<Diagnostic>> {
        let value: Value = match serde_json::from_str(self.text) {
            Ok(v) => v,
            Err(e) => {
                let at = offset(self.text, e.line(), e.column());
                return Err(vec![*self.not_geojson(
                    Span::new(at, at),
                    format!("the file is not JSON: {e}"),
                    "not JSON here",
                )]);
            }
        };
        let features: Vec<&Value> = match value.get("type").and_then(Value::as_str) {
            Some("FeatureCollection") => value
                .get("features")
                .and_then(Value::as_array)
                .map(|f| f.iter().collect())
                .unwrap_or_default(),
            Some("Feature") => vec![&value],
            other => {
                let what = other.map_or("no `type`".to_string(), |t| format!("type `{t}`"));
                return Err(vec![*self.not_geojson(
                    self.first_line(),
                    format!(
                        "the file is not a GeoJSON FeatureCollection or Feature: it has {what}"
                    ),
                    "expected `\"type\": \"FeatureCollection\"`",
                )]);
            }
        };
        let mut items = Vec::new();
        let mut problems = Vec::new();
        for (k, f) in features.iter().enumerate() {
            let span = self.feature_span(k);
            match self.feature(f, span) {
                Ok(parts) => {
                    let n = parts.len();
                    for (i, (name, points)) in parts.into_iter().enumerate() {
                        let id = fresh_id(&name, n, i, &mut taken);
                        items.push(Item { id, name, points });
                    }
                }
                Err(d) => problems.push(*d),
            }
        }
        if problems.is_empty() {
            Ok(items)
        } else {
            Err(problems)
        }
    }

    /// One feature: its name and each of its parts' points in table metres.
    fn feature(&self, f: &Value, span: Span) -> Result<Vec<(String, Vec<Pos>)>, Box<Diagnostic>> {
        let name = f
            .get("properties")
            .and_then(|p| p.get(self.name_property))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let Some(name) = name else {
            return Err(Box::new(Diagnostic::error(
                Code::MC952,
                format!("feature {} has no text in its `{}` property", self.number(span), self.name_property),
            )
            .with_label(self.file, span, "this feature has no name")
            .with_help(format!(
                "fill the `{}` attribute in the map tool, or name the property that holds the names with `--name-property`",
                self.name_property
            ))));
        };
        let geometry = f.get("geometry").unwrap_or(&Value::Null);
        let ty = geometry
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("no geometry");
        let coords = geometry.get("coordinates").unwrap_or(&Value::Null);
        let (single, plural) = self.target.geometry();
        let parts: Vec<&Value> = match (self.target, ty) {
            (Target::Area, "Polygon") | (Target::Line, "LineString") => vec![coords],
            (Target::Area, "MultiPolygon") | (Target::Line, "MultiLineString") => coords
                .as_array()
                .map(|a| a.iter().collect())
                .unwrap_or_default(),
            _ => {
                return Err(self.not_geojson(
                    span,
                    format!(
                        "`{name}` is a {ty}, and `--kind {}` takes {plural}",
                        self.kind
                    ),
                    "this feature",
                ))
            }
        };
        let mut out = Vec::new();
        for part in parts {
            let line = match self.target {
                Target::Area => {
                    let rings = part.as_array().map(Vec::as_slice).unwrap_or_default();
                    if rings.len() > 1 {
                        return Err(self.not_geojson(
                            span,
                            format!("`{name}` has a hole, which a table area cannot have"),
                            "this feature",
                        ));
                    }
                    rings.first().unwrap_or(&Value::Null)
                }
                Target::Line => part,
            };
            let mut points = self.points(line, name, span, single)?;
            if matches!(self.target, Target::Area)
                && points.len() > 1
                && points.first() == points.last()
            {
                points.pop();
            }
            let closed = matches!(self.target, Target::Area);
            let kept = simplify(&points, self.tolerance, closed);
            match self.target {
                Target::Area => match polygon_is_valid(&kept) {
                    Ok(()) => {}
                    Err(ShapeProblem::SelfIntersecting) => {
                        return Err(Box::new(Diagnostic::error(
                            Code::MC953,
                            format!("`{name}` crosses itself once simplified to {} m", self.tolerance),
                        )
                        .with_label(self.file, span, "this polygon's edges cross")
                        .with_help("mend the outline in the map tool (Check Validity finds the spot), or import with a smaller `--tolerance`")))
                    }
                    Err(p) => {
                        return Err(self.not_geojson(
                            span,
                            format!("`{name}` {} once simplified to {} m", p.describe(), self.tolerance),
                            "this feature",
                        ))
                    }
                },
                Target::Line if kept.len() < 2 => {
                    return Err(self.not_geojson(span, format!("`{name}` has fewer than two points"), "this feature"))
                }
                Target::Line => {}
            }
            out.push((name.to_string(), kept));
        }
        Ok(out)
    }

    /// The positions of one ring or line, in table metres, each on the table.
    fn points(
        &self,
        line: &Value,
        name: &str,
        span: Span,
        single: &str,
    ) -> Result<Vec<Pos>, Box<Diagnostic>> {
        let Some(list) = line.as_array() else {
            return Err(self.not_geojson(
                span,
                format!("`{name}` has no {single} coordinates"),
                "this feature",
            ));
        };
        let margin = muster_rules::limits::COORDINATE_MARGIN.max;
        let mut out = Vec::with_capacity(list.len());
        for c in list {
            let lon = c.get(0).and_then(Value::as_f64);
            let lat = c.get(1).and_then(Value::as_f64);
            let (Some(lon), Some(lat)) = (lon, lat) else {
                return Err(self.not_geojson(
                    span,
                    format!("`{name}` has a position that is not two numbers"),
                    "this feature",
                ));
            };
            if !((-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat)) {
                return Err(self.not_geojson(
                    span,
                    format!("`{name}` has the position [{lon}, {lat}], which is not longitude and latitude"),
                    "this feature",
                ));
            }
            let p = self.projection.to_table(lon, lat);
            let (w, d) = self.table;
            let off = (-p.x).max(p.x - w).max(-p.y).max(p.y - d);
            if off > margin {
                return Err(Box::new(Diagnostic::error(
                    Code::MC954,
                    format!(
                        "`{name}` lies {} off the table, at ({:.0},{:.0}) in table metres",
                        muster_syntax::wording::metres(off),
                        p.x,
                        p.y
                    ),
                )
                .with_label(self.file, span, "this feature")
                .with_help("check the scenario's `georeference`, and that the file is in WGS 84 longitude and latitude (EPSG:4326)")));
            }
            out.push(p);
        }
        Ok(out)
    }

    fn not_geojson(&self, span: Span, message: String, label: &str) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(Code::MC951, message)
            .with_label(self.file, span, label)
            .with_help("import a GeoJSON FeatureCollection of polygons for an area kind or of lines for a line kind, as QGIS saves it"))
    }

    fn first_line(&self) -> Span {
        Span::new(0, self.text.find('\n').unwrap_or(self.text.len()))
    }

    /// The `k`-th `"Feature"` of the text: where the writer reads feature `k`.
    fn feature_span(&self, k: usize) -> Span {
        self.text
            .match_indices("\"Feature\"")
            .nth(k)
            .map_or_else(|| self.first_line(), |(i, s)| Span::new(i, i + s.len()))
    }

    /// Which feature a span is, counted from 1, for messages.
    fn number(&self, span: Span) -> usize {
        self.text
            .get(..span.start)
            .map_or(0, |t| t.matches("\"Feature\"").count())
            + 1
    }
}

/// The byte offset of a 1-based line and column.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let at = (start + column.saturating_sub(1)).min(text.len());
    // back to a character boundary
    (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}

/// An identifier made from a display name: ASCII letters and digits joined by
/// `-`, numbered when the name is taken or the feature has several parts.
fn fresh_id(name: &str, parts: usize, part: usize, taken: &mut BTreeSet<String>) -> String {
    let mut base = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        let plain = plain_letter(c);
        if plain.is_empty() {
            if !base.ends_with('-') && !base.is_empty() {
                base.push('-');
            }
        } else {
            base.push_str(plain);
        }
    }
    let mut base = base.trim_end_matches('-').to_string();
    if !base.starts_with(|c: char| c.is_ascii_lowercase()) {
        base = format!("item-{base}").trim_end_matches('-').to_string();
    }
    if !muster_syntax::is_valid_name(&base) {
        base.push_str("-1");
    }
    if parts > 1 {
        base = format!("{base}-{}", part + 1);
    }
    let mut id = base.clone();
    let mut n = 2;
    while taken.contains(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    taken.insert(id.clone());
    id
}

/// A lowercase letter as plain ASCII (`é` is `e`, `ł` is `l`); empty for a
/// character that is not a letter or digit.
fn plain_letter(c: char) -> &'static str {
    const TABLE: &[(&str, &str)] = &[
        ("àáâãäåą", "a"),
        ("çćč", "c"),
        ("ďđ", "d"),
        ("èéêëęě", "e"),
        ("ìíîï", "i"),
        ("ł", "l"),
        ("ñńň", "n"),
        ("òóôõöø", "o"),
        ("ŕř", "r"),
        ("śšş", "s"),
        ("ß", "ss"),
        ("ťţ", "t"),
        ("ùúûüů", "u"),
        ("ýÿ", "y"),
        ("źżž", "z"),
        ("æ", "ae"),
        ("œ", "oe"),
    ];
    const ASCII: &str = "abcdefghijklmnopqrstuvwxyz0123456789";
    if let Some(i) = ASCII.find(c) {
        return ASCII.get(i..i + 1).unwrap_or("");
    }
    TABLE
        .iter()
        .find(|(from, _)| from.contains(c))
        .map_or("", |(_, to)| to)
}

/// The `map` block of the items, in the canonical layout.
fn render(items: &[Item], target: Target, kind: &str) -> String {
    let mut s = String::from("map {\n");
    for it in items {
        let points: Vec<String> = it
            .points
            .iter()
            .map(|p| format!("({:.0},{:.0})", p.x, p.y))
            .collect();
        let name = it.name.replace('\\', "\\\\").replace('"', "\\\"");
        match target {
            Target::Area => s.push_str(&format!(
                "  area {} {kind} \"{name}\" polygon {}\n",
                it.id,
                points.join(" ")
            )),
            Target::Line => s.push_str(&format!(
                "  {kind} {} \"{name}\" line {}\n",
                it.id,
                points.join(" ")
            )),
        }
    }
    s.push_str("}\n");
    muster_fmt::format(&s).unwrap_or(s)
}

/// Creates `path` as a new file through its folder's handle; an existing file
/// is refused, never replaced.
fn write_new(path: &Path, text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let name = path
        .file_name()
        .ok_or_else(|| CliError::OutputEscapes(path.display().to_string()))?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder).map_err(|e| CliError::write(path, &e))?;
    let dir = crate::beneath::Dir::open(&folder).map_err(|e| CliError::write(path, &e))?;
    let mut file = dir.create_new(name, 0o666).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            CliError::Exists(path.to_path_buf())
        } else {
            CliError::write(path, &e)
        }
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| CliError::write(path, &e))
}
