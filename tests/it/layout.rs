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
/// Text at this size or above is body text; legends, keys and labels may go
/// down to the smallest size. A quarter of a point of slack for rounding.
const BODY_PT: f64 = 8.0;
const SMALLEST_PT: f64 = 7.0;
const SLACK_PT: f64 = 0.25;
/// A line of running text has at least this many words.
const RUNNING_WORDS: usize = 6;
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

/// The ids and names a scenario's sheets print (every `id`, `display` and
/// `name` of its JSON, whole and word by word), to tell a name broken
/// across two lines from two words.
pub(crate) fn names_of(folder: &Path) -> BTreeSet<String> {
    fn walk(v: &serde_json::Value, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if let (true, Some(s)) =
                        (["id", "display", "name"].contains(&k.as_str()), x.as_str())
                    {
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

/// What is wrong with the layout of one printed sheet, one line a finding.
pub(crate) fn layout_problems(pdf: &Path, names: &BTreeSet<String>) -> Vec<String> {
    let pages = read_pages(pdf);
    let mut found = Vec::new();
    // Characters printed at each half point, for the body size.
    let mut sizes: BTreeMap<i64, usize> = BTreeMap::new();
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
                if size >= HEADING_PT || is_table_header(l) {
                    found.push(format!(
                        "{at}: ends with the heading or table header \"{}\" ({size:.1} pt)",
                        line_text(l)
                    ));
                }
            }
        }
        for l in &lines {
            // Running text: a line of six words or more (map names, table
            // cells and legends are shorter).
            if l.len() >= RUNNING_WORDS {
                for w in l.iter() {
                    *sizes.entry((w.size() * 2.0).round() as i64).or_default() +=
                        w.text.chars().count();
                }
            }
        }
        for w in lines.iter().copied().flatten() {
            let size = w.size();
            // One or two glyphs are a symbol's mark or a piece of turned
            // text (pdftotext boxes a name set along a line a few letters at
            // a time, too low); an APP-6 frame's marks are part of a symbol.
            let symbol = w.text.chars().count() <= 2
                || w.text.chars().all(|c| "•IX?".contains(c))
                || w.text == "HQ";
            if !symbol && size < SMALLEST_PT - SLACK_PT {
                found.push(format!("{at}: \"{}\" printed at {size:.1} pt", w.text));
            }
        }
        for block in &page.blocks {
            for pair in block.windows(2) {
                let (Some(a), Some(b)) = (pair[0].last(), pair[1].first()) else {
                    continue;
                };
                let trim = |s: &str| {
                    s.trim_matches(|c: char| "()[],.;:“”\"'".contains(c))
                        .to_string()
                };
                let whole = trim(&format!("{}{}", a.text, b.text));
                // A break after a hyphen or dash is where a compound name may
                // wrap; a lone letter is one of a turned name's.
                if names.contains(&whole)
                    && trim(&a.text).chars().count() >= 2
                    && !a.text.ends_with(['-', '–'])
                    && !names.contains(&trim(&a.text))
                {
                    found.push(format!(
                        "{at}: \"{whole}\" broken across two lines as \"{}\" / \"{}\"",
                        a.text, b.text
                    ));
                }
            }
        }
    }
    // The body's size: the size most characters of running text are printed at.
    if let Some((half_points, _)) = sizes.iter().max_by_key(|(_, n)| **n) {
        let body = *half_points as f64 / 2.0;
        if body < BODY_PT - SLACK_PT {
            found.push(format!("the body text is {body:.1} pt"));
        }
    }
    found
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
