//! The printed pack's layout, read back from every sheet's PDF with
//! `pdftotext -bbox-layout` (each word's box in points): no page under a
//! quarter full but a sheet's last, no heading or table header as the last
//! thing on a page, no id or name broken across two lines, body text at
//! least 8 pt and nothing printed under 7 pt (legends, keys, labels).
//! The game packs are these sheets joined, so each sheet is read once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::printed::{can_print, printed_pack};

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;
/// A word's box is its font's ascent plus descent high: about 1.11 em for
/// the Liberation fonts every sheet is set in.
const BOX_PER_PT: f64 = 1.11;
/// Every text of a sheet is at least this size but a map's lettering, which
/// may go down to the smallest size. A quarter of a point of slack for rounding.
const BODY_PT: f64 = 8.0;
const SMALLEST_PT: f64 = 7.0;
const SLACK_PT: f64 = 0.25;
/// The font of a map's lettering and legend (`map::font::FONT_FAMILY`, Liberation
/// Sans): a briefing's own text is set in Liberation Serif and Mono, so the
/// font tells a map's words from the page's wherever the map stands.
const MAP_FONT: &str = "LiberationSans";
/// A heading is at least this large (the smallest, an umpire sheet's h3, is 10.5 pt).
const HEADING_PT: f64 = 10.3;

/// A word as pdftotext places it (points, y down).
#[derive(Debug, Clone)]
pub(crate) struct Word {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub text: String,
}

impl Word {
    /// The word's font size in points, from its box's height.
    pub fn size(&self) -> f64 {
        (self.y1 - self.y0) / BOX_PER_PT
    }
}

/// A page: its height and its blocks of lines of words, in reading order.
#[derive(Debug)]
pub(crate) struct Page {
    pub height: f64,
    pub blocks: Vec<Vec<Vec<Word>>>,
}

impl Page {
    /// The lines between the page's margins: without the audience, scenario
    /// and page-number marks printed in them.
    pub fn body_lines(&self) -> Vec<&Vec<Word>> {
        let (top, bottom) = (10.0 * PT_PER_MM, self.height - 10.0 * PT_PER_MM);
        self.blocks
            .iter()
            .flatten()
            .filter(|l| l.iter().all(|w| w.y0 > top && w.y1 < bottom))
            .collect()
    }
}

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!("{name}=\"");
    tag.find(&key)
        .and_then(|i| {
            let rest = &tag[i + key.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .unwrap_or(0.0)
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// A run of text as `pdftohtml -xml` places it (points, y down): its box and
/// the family of its font.
struct Run {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
    family: String,
}

/// The runs of each page of `pdf` and whether its text is set in a map's font
/// only (command cards, which hold no map, print in the same sans serif).
fn runs(pdf: &Path) -> (Vec<Vec<Run>>, bool) {
    let out = std::process::Command::new("pdftohtml")
        .args(["-xml", "-i", "-zoom", "1", "-stdout", "-q"])
        .arg(pdf)
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftohtml {}", pdf.display());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut families: BTreeMap<String, String> = BTreeMap::new();
    let mut pages: Vec<Vec<Run>> = Vec::new();
    for raw in text.lines() {
        let t = raw.trim_start();
        let text_attr = |name: &str| {
            let key = format!("{name}=\"");
            t.find(&key).and_then(|i| {
                let rest = &t[i + key.len()..];
                Some(rest[..rest.find('"')?].to_string())
            })
        };
        if t.starts_with("<page ") {
            pages.push(Vec::new());
        } else if t.starts_with("<fontspec ") {
            if let (Some(id), Some(family)) = (text_attr("id"), text_attr("family")) {
                families.insert(id, family);
            }
        } else if t.starts_with("<text ") {
            let (left, top) = (attr(t, "left"), attr(t, "top"));
            let family = text_attr("font")
                .and_then(|f| families.get(&f).cloned())
                .unwrap_or_default();
            if let Some(p) = pages.last_mut() {
                p.push(Run {
                    left,
                    top,
                    right: left + attr(t, "width"),
                    bottom: top + attr(t, "height"),
                    family,
                });
            }
        }
    }
    let sans_only = !pages.iter().flatten().any(|r| r.family.contains("Serif"));
    (pages, sans_only)
}

/// Whether `w` is a map's lettering: set in the map's font on a sheet whose
/// own text is not, or placed by no run (a name turned along a line, which
/// pdftohtml boxes as a whole).
fn is_lettering(w: &Word, runs: &[Run], sans_only: bool) -> bool {
    if sans_only {
        return false;
    }
    let (x, y) = ((w.x0 + w.x1) / 2.0, (w.y0 + w.y1) / 2.0);
    runs.iter()
        .find(|r| {
            x >= r.left - 1.0 && x <= r.right + 1.0 && y >= r.top - 1.0 && y <= r.bottom + 1.0
        })
        .is_none_or(|r| r.family.contains(MAP_FONT))
}

/// Every page of `pdf` with its words, by `pdftotext -bbox-layout`.
pub(crate) fn read_pages(pdf: &Path) -> Vec<Page> {
    let out = std::process::Command::new("pdftotext")
        .arg("-bbox-layout")
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut pages: Vec<Page> = Vec::new();
    for raw in text.lines() {
        let t = raw.trim_start();
        if t.starts_with("<page ") {
            pages.push(Page {
                height: attr(t, "height"),
                blocks: Vec::new(),
            });
        } else if t.starts_with("<block ") {
            if let Some(p) = pages.last_mut() {
                p.blocks.push(Vec::new());
            }
        } else if t.starts_with("<line ") {
            if let Some(b) = pages.last_mut().and_then(|p| p.blocks.last_mut()) {
                b.push(Vec::new());
            }
        } else if t.starts_with("<word ") {
            let inner = t
                .split_once('>')
                .map(|(_, r)| r.trim_end_matches("</word>"))
                .unwrap_or("");
            let word = Word {
                x0: attr(t, "xMin"),
                y0: attr(t, "yMin"),
                x1: attr(t, "xMax"),
                y1: attr(t, "yMax"),
                text: unescape(inner),
            };
            if let Some(l) = pages
                .last_mut()
                .and_then(|p| p.blocks.last_mut())
                .and_then(|b| b.last_mut())
            {
                l.push(word);
            }
        }
    }
    pages
}

fn line_text(l: &[Word]) -> String {
    l.iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a line is a table's header: its words in capitals (the sheets
/// print `th` upper case), one of them a word of three letters or more (not
/// a grid square such as `F4–F5`).
fn is_table_header(l: &[Word]) -> bool {
    let text = line_text(l);
    !text.chars().any(|c| c.is_lowercase())
        && l.iter()
            .any(|w| w.text.chars().count() >= 3 && w.text.chars().all(|c| c.is_ascii_uppercase()))
}

/// The names a scenario's sheets print: the last part of every id (an
/// element's own name, `flammenwerfer` of `kg-brinkmann.flammenwerfer`) and
/// every display name and `name` of its JSON, whole and word by word.
pub(crate) fn names_of(folder: &Path) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if let (true, Some(s)) =
                        (["id", "display", "name"].contains(&k.as_str()), x.as_str())
                    {
                        let s = if k == "id" {
                            s.rsplit('.').next().unwrap_or(s)
                        } else {
                            s
                        };
                        out.insert(s.to_string());
                        out.extend(s.split_whitespace().map(str::to_string));
                    }
                    walk(x, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let text = fs::read_to_string(folder.join("scenario.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = BTreeSet::new();
    walk(&json, &mut out);
    out
}

/// A word as a name is compared: without the punctuation round it, and of a
/// dotted id only its last part.
fn bare(text: &str) -> &str {
    let t = text.trim_matches(|c: char| "()[],;:“”\"'".contains(c));
    let t = t.trim_end_matches('.');
    t.rsplit('.').next().unwrap_or(t)
}

/// Whether a line ending in `text` ends at a dot: a sentence's or an
/// abbreviation's end (`wz. 34`), or an id's own dot, never inside a word.
fn after_a_dot(text: &str) -> bool {
    text.trim_end_matches(|c: char| ")]”\"',;:".contains(c))
        .ends_with('.')
}

/// The marks a name may wrap after when it holds them: hyphens and dashes.
const DASHES: [char; 3] = ['-', '‐', '–'];

/// Names of `names` broken inside a word on a page of `lines`: a word that
/// ends its line and the words starting the lines under it that together spell
/// a name (or a word of one) it is not itself, joined where the name has no
/// space or hyphen. Each finding as `"whole" as "a" / "b"`.
pub(crate) fn broken_names(lines: &[&Vec<Word>], names: &BTreeSet<String>) -> Vec<String> {
    let words: Vec<&Word> = lines.iter().copied().flatten().collect();
    // The next line's first word under `a`, in its column: starting at or left
    // of `a`, nothing just before it on its line.
    let under = |a: &Word| -> Option<&Word> {
        let h = a.y1 - a.y0;
        words
            .iter()
            .copied()
            .filter(|b| {
                b.y0 > a.y0 + 0.5 * h
                    && b.y0 < a.y1 + 0.6 * h
                    && b.x0 <= a.x0 + 1.0
                    && b.x0 > a.x0 - 100.0
                    && !words.iter().any(|c| {
                        (c.y0 - b.y0).abs() < 0.3 * h && c.x1 <= b.x0 + 0.1 && c.x1 > b.x0 - 0.6 * h
                    })
            })
            .min_by(|p, q| (a.x0 - p.x0).total_cmp(&(a.x0 - q.x0)))
    };
    // Whether `a` ends its line: no word just after it.
    let ends_line = |a: &Word| {
        let h = a.y1 - a.y0;
        !words
            .iter()
            .any(|c| (c.y0 - a.y0).abs() < 0.3 * h && c.x0 >= a.x1 - 0.1 && c.x0 < a.x1 + 0.6 * h)
    };
    let starts_a_name = |t: &str| {
        names
            .range(t.to_string()..)
            .next()
            .is_some_and(|n| n.starts_with(t))
    };
    let mut found = Vec::new();
    for a in words.iter().copied() {
        let first = bare(&a.text);
        if first.chars().count() < 2
            || names.contains(first)
            || !ends_line(a)
            || after_a_dot(&a.text)
        {
            continue;
        }
        let (mut spelt, mut shown, mut last) = (first.to_string(), vec![a.text.clone()], a);
        while let Some(b) = under(last) {
            let next = bare(&b.text);
            // A break at the name's own hyphen keeps the hyphen; one the name
            // does not have is a word split by hyphenation.
            let with = format!("{spelt}{next}");
            let joined = match spelt.strip_suffix(DASHES) {
                Some(cut) if !names.contains(&with) && !starts_a_name(&with) => {
                    format!("{cut}{next}")
                }
                _ => with.clone(),
            };
            shown.push(b.text.clone());
            if names.contains(&joined) {
                if !(spelt.ends_with(DASHES) && joined == with) {
                    found.push(format!("\"{joined}\" as {}", shown.join(" / ")));
                }
                break;
            }
            if !starts_a_name(&joined) || !ends_line(b) || after_a_dot(&b.text) {
                break;
            }
            spelt = joined;
            last = b;
        }
    }
    found
}

/// What is wrong with the layout of one printed sheet, one line a finding.
pub(crate) fn layout_problems(pdf: &Path, names: &BTreeSet<String>) -> Vec<String> {
    let pages = read_pages(pdf);
    let (runs, sans_only) = runs(pdf);
    let mut found = Vec::new();
    let n = pages.len();
    for (i, page) in pages.iter().enumerate() {
        let at = format!("page {} of {n}", i + 1);
        let last_page = i + 1 == n;
        let lines = page.body_lines();
        let Some(low) = lines
            .iter()
            .flat_map(|l| l.iter().map(|w| w.y1))
            .reduce(f64::max)
        else {
            found.push(format!("{at}: nothing printed"));
            continue;
        };
        // The text area: the sheets' 12 mm top and 13 mm bottom margins.
        let (top, area) = (12.0 * PT_PER_MM, page.height - 25.0 * PT_PER_MM);
        let full = (low - top) / area;
        if !last_page && full < 0.25 {
            found.push(format!(
                "{at}: only {:.0}% of the page is used",
                full * 100.0
            ));
        }
        if !last_page {
            for l in lines.iter().filter(|l| l.iter().any(|w| w.y1 >= low - 1.0)) {
                let size = l.iter().map(Word::size).fold(0.0, f64::max);
                // A wrapped name's last line in capitals (`DLM` of `Escadron
                // de SOMUA S35, 3e DLM`) is a table's body, not its header.
                let a_name = l.iter().all(|w| names.contains(w.text.trim_matches(',')));
                if size >= HEADING_PT || (is_table_header(l) && !a_name) {
                    found.push(format!(
                        "{at}: ends with the heading or table header \"{}\" ({size:.1} pt)",
                        line_text(l)
                    ));
                }
            }
        }
        let here = runs.get(i).map(Vec::as_slice).unwrap_or_default();
        for w in lines.iter().copied().flatten() {
            let size = w.size();
            // One or two glyphs are a symbol's mark or a piece of turned
            // text (pdftotext boxes a name set along a line a few letters at
            // a time, too low); an APP-6 frame's marks are part of a symbol.
            let symbol = w.text.chars().count() <= 2
                || w.text.chars().all(|c| "•IX?".contains(c))
                || w.text == "HQ";
            let (least, what) = if is_lettering(w, here, sans_only) {
                (SMALLEST_PT, "map lettering")
            } else {
                (BODY_PT, "text")
            };
            if !symbol && size < least - SLACK_PT {
                found.push(format!(
                    "{at}: {what} \"{}\" printed at {size:.1} pt",
                    w.text
                ));
            }
        }
        // Map lettering is placed whole by the map; a turned name comes out
        // of pdftotext a few letters a word, which is no break.
        let text: Vec<Vec<Word>> = lines
            .iter()
            .map(|l| {
                l.iter()
                    .filter(|w| !is_lettering(w, here, sans_only))
                    .cloned()
                    .collect()
            })
            .collect();
        let text: Vec<&Vec<Word>> = text.iter().collect();
        for b in broken_names(&text, names) {
            found.push(format!("{at}: {b} broken across lines"));
        }
    }
    found
}

/// A word of `text` at `x`, on the line `row` of a table set at 8 pt.
fn placed(text: &str, x: f64, row: f64) -> Word {
    let y = 100.0 + row * 10.0;
    Word {
        x0: x,
        y0: y,
        x1: x + 4.0 * text.chars().count() as f64,
        y1: y + 8.0 * BOX_PER_PT,
        text: text.into(),
    }
}

/// An element's own name broken inside a narrow column is found, whatever
/// stands in the next column; one wrapped at its own hyphen or space is not.
#[test]
fn a_name_broken_inside_a_word_is_found_and_one_wrapped_at_its_hyphen_is_not() {
    let names: BTreeSet<String> = [
        "flammenwerfer",
        "Fallschirmjäger-Sturmpionierkompanie",
        "Road",
        "to",
        "Apeldoorn",
        "wz34",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let find = |rows: Vec<Vec<Word>>| {
        let lines: Vec<&Vec<Word>> = rows.iter().collect();
        broken_names(&lines, &names)
    };
    // `flammenwerf` / `er` in a column, `specialist` in the next one.
    let broken = find(vec![
        vec![
            placed("flammenwerf", 50.0, 0.0),
            placed("specialist", 110.0, 0.0),
        ],
        vec![placed("er", 50.0, 1.0), placed("flamethrower", 110.0, 1.0)],
    ]);
    assert_eq!(broken, ["\"flammenwerfer\" as flammenwerf / er"]);
    // Split over three lines, the last piece after the name's own hyphen.
    let broken = find(vec![
        vec![placed("Fallschirmjäger-", 50.0, 0.0)],
        vec![placed("Sturmpionier", 50.0, 1.0)],
        vec![placed("kompanie", 50.0, 2.0)],
    ]);
    assert_eq!(broken.len(), 1, "{broken:?}");
    // Hyphenation adds a hyphen the name does not have.
    let broken = find(vec![
        vec![placed("flammen-", 50.0, 0.0)],
        vec![placed("werfer", 50.0, 1.0)],
    ]);
    assert_eq!(broken, ["\"flammenwerfer\" as flammen- / werfer"]);
    // Wrapped at its own hyphen and its own spaces: whole words.
    assert!(find(vec![
        vec![placed("Fallschirmjäger-", 50.0, 0.0)],
        vec![placed("Sturmpionierkompanie", 50.0, 1.0)],
    ])
    .is_empty());
    assert!(find(vec![
        vec![placed("Road", 50.0, 0.0), placed("to", 70.0, 0.0)],
        vec![placed("Apeldoorn", 50.0, 1.0)],
    ])
    .is_empty());
    // A line that ends at a dot (`wz. 34`, an id's `kg-brinkmann.`) is no
    // break inside a word, even where the two parts spell a name.
    assert!(find(vec![
        vec![placed("wz.", 50.0, 0.0)],
        vec![placed("34", 50.0, 1.0)]
    ])
    .is_empty());
}

/// Every sheet's PDF of the shipped pack, by scenario: the game pack is the
/// same pages joined.
fn sheets(out: &Path) -> Vec<(String, Vec<std::path::PathBuf>)> {
    let mut scenarios: Vec<_> = fs::read_dir(out)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("game-pack.pdf").exists())
        .map(|e| {
            let mut pdfs: Vec<_> = fs::read_dir(e.path())
                .unwrap()
                .flatten()
                .map(|f| f.path())
                .filter(|p| {
                    p.extension().is_some_and(|x| x == "pdf")
                        && p.file_name().is_some_and(|n| n != "game-pack.pdf")
                })
                .collect();
            pdfs.sort();
            (e.file_name().to_string_lossy().into_owned(), pdfs)
        })
        .collect();
    scenarios.sort();
    scenarios
}

#[test]
fn every_printed_sheet_of_the_pack_is_laid_out_for_reading() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut found = Vec::new();
    let mut read = 0;
    for (scenario, pdfs) in sheets(out) {
        let names = names_of(&out.join(&scenario));
        for pdf in pdfs {
            let name = pdf.file_name().unwrap().to_string_lossy().into_owned();
            for f in layout_problems(&pdf, &names) {
                found.push(format!("{scenario}/{name}: {f}"));
            }
            read += 1;
        }
    }
    assert!(read > 60, "only {read} sheets read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Printed points of the command cards' layout (`cards.html`): a landscape
/// page's 10 mm side margin, cards 127 mm wide 4 mm apart, 4 mm padding.
const CARD_LEFT_PT: f64 = 10.0 * PT_PER_MM;
const CARD_PT: f64 = 127.0 * PT_PER_MM;
const CARD_GAP_PT: f64 = 4.0 * PT_PER_MM;
const CARD_PAD_PT: f64 = 4.0 * PT_PER_MM;
/// A card's title (its unit's name) is set at 10.5 pt.
const CARD_TITLE_PT: f64 = 10.5;

/// What is wrong with a sheet of command cards: a word outside its card, a
/// name struck through by the title rule (the line after it starting before
/// the name ends), a paragraph squeezed to a word a line.
pub(crate) fn card_problems(pdf: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (i, page) in read_pages(pdf).iter().enumerate() {
        let at = format!("page {}", i + 1);
        let lines = page.body_lines();
        // Which card column a word stands in, by its left edge.
        let column = |w: &Word| ((w.x0 - CARD_LEFT_PT) / (CARD_PT + CARD_GAP_PT)).floor();
        for w in lines.iter().copied().flatten() {
            let c = column(w);
            let left = CARD_LEFT_PT + c * (CARD_PT + CARD_GAP_PT);
            if c < 0.0
                || w.x0 < left + CARD_PAD_PT - 1.0
                || w.x1 > left + CARD_PT - CARD_PAD_PT + 1.0
            {
                found.push(format!("{at}: \"{}\" stands outside its card", w.text));
            }
        }
        for col in [0.0, 1.0] {
            let mut here: Vec<&Vec<Word>> = lines
                .iter()
                .copied()
                .filter(|l| l.first().is_some_and(|w| column(w) == col))
                .collect();
            here.sort_by(|a, b| a[0].y0.total_cmp(&b[0].y0));
            for pair in here.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let title = |l: &Vec<Word>| (l[0].size() - CARD_TITLE_PT).abs() < 0.3;
                if title(a) && !title(b) && b[0].y0 < a[0].y1 + 0.5 * PT_PER_MM {
                    found.push(format!(
                        "{at}: the title rule runs into \"{}\" under \"{}\"",
                        line_text(b),
                        line_text(a)
                    ));
                }
            }
        }
        for block in &page.blocks {
            let words: usize = block.iter().map(Vec::len).sum();
            if block.len() >= 3 && words < 2 * block.len() {
                let text: Vec<String> = block.iter().map(|l| line_text(l)).collect();
                found.push(format!(
                    "{at}: squeezed a word a line: {}",
                    text.join(" / ")
                ));
            }
        }
    }
    found
}

#[test]
fn every_command_card_of_the_pack_holds_its_names() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut found = Vec::new();
    let mut read = 0;
    let mut ones = 0;
    for (scenario, pdfs) in sheets(out) {
        for pdf in pdfs.iter().filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("cards-"))
        }) {
            let name = pdf.file_name().unwrap().to_string_lossy().into_owned();
            for f in card_problems(pdf) {
                found.push(format!("{scenario}/{name}: {f}"));
            }
            // Counts agree in number: `1 model`, `2 figures`.
            let words: Vec<String> = read_pages(pdf)
                .iter()
                .flat_map(|p| p.blocks.iter().flatten().flatten().map(|w| w.text.clone()))
                .collect();
            for pair in words.windows(2) {
                let noun = pair[1].trim_end_matches([',', ';', '.', ')']);
                let plural = ["models", "figures", "vehicles", "men", "elements", "guns"];
                if pair[0] == "1" && plural.contains(&noun) {
                    found.push(format!("{scenario}/{name}: \"1 {noun}\""));
                }
                ones += usize::from(pair[0] == "1" && ["model", "figure"].contains(&noun));
            }
            read += 1;
        }
    }
    assert!(read >= 24, "only {read} card sheets read");
    assert!(ones > 0, "no card counts one model or figure");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A unit named in sixty characters, its order's words and its elements'
/// long names, still prints inside its card with its title rule under it.
#[test]
fn a_card_for_a_unit_with_a_sixty_character_name_holds_it() {
    if !can_print() {
        return;
    }
    let long = "Fallschirmjäger-Sturmpionierkompanie Hauptmann von Brandenst";
    assert_eq!(long.chars().count(), 60);
    let pack = crate::common::TempPack::new();
    let named = crate::common::CLEAN.replace("\"A Company\"", &format!("\"{long}\""));
    assert_ne!(named, crate::common::CLEAN);
    pack.write("pack/crossroads.muster", &named);
    let mut cmd = pack.muster(&["build", "pack", "--out", "out", "--pdf"]);
    let (code, _out, stderr) = crate::common::run(&mut cmd);
    assert_eq!(code, 0, "{stderr}");
    let folder = pack.path().join("out/crossroads");
    let mut cards = 0;
    for f in fs::read_dir(&folder).unwrap().flatten() {
        let name = f.file_name().to_string_lossy().into_owned();
        if name.starts_with("cards-") && name.ends_with(".pdf") {
            let problems = card_problems(&f.path());
            assert!(problems.is_empty(), "{name}: {}", problems.join("\n"));
            let text = read_pages(&f.path())
                .iter()
                .flat_map(|p| p.blocks.iter().flatten().flatten().map(|w| w.text.clone()))
                .collect::<Vec<_>>()
                .join(" ");
            if text.contains("Brandenst") {
                cards += 1;
            }
        }
    }
    assert_eq!(cards, 1, "the long name is on one card sheet");
}

/// The text of each page of `pdf`, its words joined by spaces.
fn page_texts(pdf: &Path) -> Vec<String> {
    read_pages(pdf)
        .iter()
        .map(|p| {
            p.blocks
                .iter()
                .flatten()
                .map(|l| line_text(l))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Every umpire sheet and game pack of the pack opens with the front sheet
/// that runs the game, whole on page 1: the turn track, the victory conditions
/// and the adjudication checklist down to its last line; the reference tables
/// (command, order of battle) only after it.
#[test]
fn every_umpire_sheet_and_game_pack_opens_with_the_whole_front_sheet_on_page_1() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut found = Vec::new();
    let mut read = 0;
    for (scenario, _) in sheets(out) {
        let folder = out.join(&scenario);
        let html = fs::read_to_string(folder.join("umpire.html")).unwrap();
        let ending = checklist_ending(&html).unwrap_or_else(|| {
            panic!("{scenario}: the umpire sheet has no adjudication checklist")
        });
        for name in ["umpire.pdf", "game-pack.pdf"] {
            let pages = page_texts(&folder.join(name));
            let first = pages.first().map(String::as_str).unwrap_or("");
            let heads = ["Running the game", "TURN", "CLOCK", "WHAT HAPPENS"];
            let rest = ["Victory conditions", "Adjudication checklist", &ending];
            for words in heads.into_iter().chain(rest) {
                if !first.contains(words) {
                    found.push(format!("{scenario}/{name}: page 1 has no \"{words}\""));
                }
            }
            for words in ["Order of battle", "Command and communications"] {
                match pages.iter().position(|p| p.contains(words)) {
                    Some(0) => found.push(format!("{scenario}/{name}: \"{words}\" on page 1")),
                    None if name == "umpire.pdf" => {
                        found.push(format!("{scenario}/{name}: no \"{words}\""))
                    }
                    _ => {}
                }
            }
            read += 1;
        }
    }
    assert!(read >= 24, "only {read} sheets read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The last words of the adjudication checklist, the front sheet's last
/// entry, as the umpire's HTML gives them (its entries are plain text).
fn checklist_ending(html: &str) -> Option<String> {
    let list = &html[html.find("<dl class=\"checklist\">")?..];
    let list = &list[..list.find("</dl>")?];
    let last = &list[list.rfind("<dd>")? + 4..];
    let text = unescape(&last[..last.find("</dd>")?].replace("&#x27;", "'"));
    let words: Vec<&str> = text.split_whitespace().collect();
    Some(words[words.len().saturating_sub(5)..].join(" "))
}

/// The words of a player's order as the player sheet's HTML gives them: each
/// phase's, or the line saying the unit follows its superior's.
fn order_of(html: &str) -> Vec<String> {
    let from = html.find("<section id=\"your-order\">").unwrap_or(0);
    let section = &html[from..];
    let section = &section[..section.find("</section>").unwrap_or(section.len())];
    let mut out = Vec::new();
    for part in section.split("<p class=\"order-words\">").skip(1) {
        let words = &part[..part.find("</p>").unwrap_or(part.len())];
        out.push(unescape(&words.replace("&#x27;", "'")));
    }
    if out.is_empty() && section.contains("no order of its own") {
        out.push("no order of its own".into());
    }
    out
}

/// Every player sheet of the pack gives the player's order, each phase of it
/// to its last word, on page 1.
#[test]
fn every_player_sheet_of_the_pack_gives_the_order_on_page_1() {
    if !can_print() {
        return;
    }
    let players: Vec<(String, std::path::PathBuf)> = sheets(printed_pack())
        .into_iter()
        .flat_map(|(scenario, pdfs)| pdfs.into_iter().map(move |p| (scenario.clone(), p)))
        .filter(|(_, p)| p.to_string_lossy().contains("/player-"))
        .collect();
    assert!(players.len() >= 25, "only {} player sheets", players.len());
    let mut found = Vec::new();
    for (scenario, pdf) in &players {
        let orders = order_of(&fs::read_to_string(pdf.with_extension("html")).unwrap());
        let at = format!("{scenario}/{}", pdf.display());
        if orders.is_empty() {
            found.push(format!("{at}: no order on the sheet"));
        }
        let pages = page_texts(pdf);
        let first = pages.first().map(String::as_str).unwrap_or("");
        for words in std::iter::once("YOUR ORDER".to_string()).chain(orders) {
            if !first.contains(&words) {
                found.push(format!("{at}: \"{words}\" not on page 1"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The ids of `folder`'s scenario a reader should never meet, each with the
/// name he should read instead: units, map items, players and nets that have
/// a display name, every signal (read by what is seen or heard and what it
/// means) and every element's dotted id. Ids that read as a plain word
/// (`town`, `germans`) are left out, as are ids that equal their name; an
/// element's own name (`zug-1`) is its name on the sheets.
pub(crate) fn ids_with_names(folder: &Path) -> BTreeMap<String, String> {
    fn units(u: &serde_json::Value, out: &mut BTreeMap<String, String>, own: &mut Vec<String>) {
        if let (Some(id), Some(d)) = (u["id"].as_str(), u["display"].as_str()) {
            out.insert(id.into(), d.into());
        }
        for e in u["elements"].as_array().into_iter().flatten() {
            if let (Some(id), Some(name)) = (e["id"].as_str(), e["name"].as_str()) {
                out.insert(id.into(), format!("{name} of its unit"));
                own.push(name.into());
            }
        }
        for c in u["units"].as_array().into_iter().flatten() {
            units(c, out, own);
        }
    }
    let text = fs::read_to_string(folder.join("scenario.json")).unwrap();
    let s: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = BTreeMap::new();
    let mut own = Vec::new();
    for side in s["sides"].as_array().into_iter().flatten() {
        for u in side["units"].as_array().into_iter().flatten() {
            units(u, &mut out, &mut own);
        }
        for p in side["players"].as_array().into_iter().flatten() {
            if let (Some(id), Some(d)) = (p["id"].as_str(), p["display"].as_str()) {
                out.insert(id.into(), d.into());
            }
        }
    }
    for kind in ["places", "areas", "lines", "crossings"] {
        for x in s["map"][kind].as_array().into_iter().flatten() {
            if let (Some(id), Some(d)) = (x["id"].as_str(), x["display"].as_str()) {
                out.insert(id.into(), d.into());
            }
        }
    }
    for n in s["nets"].as_array().into_iter().flatten() {
        if let (Some(id), Some(d)) = (n["id"].as_str(), n["display"].as_str()) {
            out.insert(id.into(), d.into());
        }
    }
    for g in s["signals"].as_array().into_iter().flatten() {
        if let Some(id) = g["id"].as_str() {
            let meaning = g["meaning"].as_str().unwrap_or("its kind and meaning");
            out.insert(id.into(), meaning.into());
        }
    }
    out.retain(|id, name| {
        id != name
            && (id.contains(['-', '_', '.']) || id.chars().any(|c| c.is_ascii_digit()))
            && !own.contains(id)
    });
    out
}

/// Every word of the writer's own texts in `folder`'s scenario (display names,
/// notes, signal meanings, intel words, events, briefings): such a word may
/// look like an id (`D514`, `Hill-252`) and still be the writer's.
fn prose_words(folder: &Path) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, key: &str, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, k, out)),
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, key, out)),
            serde_json::Value::String(s)
                if ![
                    "id",
                    "name",
                    "unit",
                    "side",
                    "signal",
                    "from",
                    "to",
                    "via",
                    "commands",
                    "nearest",
                    "parent",
                    "command_element",
                ]
                .contains(&key) =>
            {
                out.extend(s.split_whitespace().map(|w| bare(w).to_string()));
            }
            _ => {}
        }
    }
    let text = fs::read_to_string(folder.join("scenario.json")).unwrap();
    let s: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = BTreeSet::new();
    walk(&s, "", &mut out);
    out
}

/// Whether `w` is set in the id font of the umpire's reference columns.
fn in_id_font(w: &Word, runs: &[Run]) -> bool {
    let (x, y) = ((w.x0 + w.x1) / 2.0, (w.y0 + w.y1) / 2.0);
    runs.iter().any(|r| {
        r.family.contains("Mono")
            && x >= r.left - 1.0
            && x <= r.right + 1.0
            && y >= r.top - 1.0
            && y <= r.bottom + 1.0
    })
}

/// The ids of `ids` printed in `pdf` where a reader reads them: every word on
/// every page, maps and their keys included, but the umpire's reference
/// columns, which are set in the id font.
pub(crate) fn printed_ids(
    pdf: &Path,
    ids: &BTreeMap<String, String>,
    prose: &BTreeSet<String>,
) -> Vec<String> {
    let (runs, _) = runs(pdf);
    let mut found = BTreeSet::new();
    for (i, page) in read_pages(pdf).iter().enumerate() {
        let here = runs.get(i).map(Vec::as_slice).unwrap_or_default();
        for w in page.blocks.iter().flatten().flatten() {
            let t = bare(&w.text).trim_end_matches('.');
            if ids.contains_key(t) && !prose.contains(t) && !in_id_font(w, here) {
                found.insert(format!("\"{t}\" (read \"{}\")", ids[t]));
            }
        }
    }
    found.into_iter().collect()
}

/// Every printed sheet of the shipped pack (umpire, set-up, side and player
/// sheets, command cards) names what it prints by display name, on its maps
/// and in their keys as much as in its text: no id where the scenario gives a
/// name, the umpire's reference columns alone excepted.
#[test]
fn no_printed_sheet_of_the_pack_shows_an_id_where_a_name_exists() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut found = Vec::new();
    let mut read = 0;
    let mut reference = 0;
    for (scenario, pdfs) in sheets(out) {
        let folder = out.join(&scenario);
        let ids = ids_with_names(&folder);
        let prose = prose_words(&folder);
        for pdf in pdfs {
            let name = pdf.file_name().unwrap().to_string_lossy().into_owned();
            for id in printed_ids(&pdf, &ids, &prose) {
                found.push(format!("{scenario}/{name}: {id}"));
            }
            // Not vacuous: the umpire's reference columns print ids, which the
            // scan sees and leaves.
            if name == "umpire.pdf" {
                let (runs, _) = runs(&pdf);
                let seen = read_pages(&pdf).iter().enumerate().any(|(i, p)| {
                    let here = runs.get(i).map(Vec::as_slice).unwrap_or_default();
                    p.blocks
                        .iter()
                        .flatten()
                        .flatten()
                        .any(|w| ids.contains_key(bare(&w.text)) && in_id_font(w, here))
                });
                reference += usize::from(seen);
            }
            read += 1;
        }
    }
    assert!(read > 60, "only {read} sheets read");
    assert!(reference >= 12, "the umpire's id columns were not seen");
    assert!(found.is_empty(), "ids printed:\n{}", found.join("\n"));
}
