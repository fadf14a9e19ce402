//! The player sheet: one A4 page where it fits, two at most, holding
//! the player's command with its attached units marked attached, every element
//! with its strength, his command status, the signals he sends and waits for, his
//! order and objective by display name, his arrival, and nothing of the enemy but
//! intel. Shown on a fixture with an attached MG platoon (`tests/data/
//! attached-mg.muster`; Pegasus Bridge has none) and on Howard's Pegasus sheet,
//! in the HTML and in the text of the PDF the sealed printer makes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::{build, OutputFile, Templates};

/// The fixture's built files.
fn fixture() -> Vec<OutputFile> {
    let text = include_str!("../data/attached-mg.muster");
    let mut world = MemoryWorld::new();
    world.insert("attached-mg.muster".to_string(), text.to_string());
    let resolved = resolve(&world, "attached-mg.muster", &PackConfig::default());
    assert!(
        resolved.diagnostics.is_empty(),
        "the fixture resolves cleanly: {:?}",
        resolved.diagnostics
    );
    let analysis = analyse(&resolved.model);
    build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap()
}

fn pegasus() -> Vec<OutputFile> {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    build(&model, &analysis, &Templates::builtin().unwrap()).unwrap()
}

fn file<'a>(files: &'a [OutputFile], path: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
}

/// The table row of the command whose first cell names `name`.
fn row<'a>(html: &'a str, name: &str) -> &'a str {
    let table = &html[html.find("<table class=\"command\">").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    table
        .split("<tr")
        .find(|r| {
            r.split("</td>")
                .next()
                .is_some_and(|first| format!("{first}<").contains(&format!(">{name}<")))
        })
        .unwrap_or_else(|| panic!("no row for {name}"))
}

/// The paragraph after a bold label (`Signals you send:`).
fn labelled<'a>(html: &'a str, label: &str) -> &'a str {
    let at = html
        .find(&format!("<span class=\"label\">{label}"))
        .unwrap_or_else(|| panic!("no `{label}`"));
    let rest = &html[at..];
    &rest[..rest.find("</p>").unwrap()]
}

#[test]
fn the_fixture_sheet_marks_the_attached_platoon_and_holds_what_the_player_needs() {
    let files = fixture();
    let html = file(&files, "attached-mg/player-baker.html");
    // The attached platoon is in his command, marked attached, with its elements.
    assert!(html.contains("Attached to you (§14): <strong>Vickers MG Platoon</strong> <span class=\"tag\">attached</span>"));
    let mg = row(html, "Vickers MG Platoon");
    assert!(mg.contains("unit attached"), "{mg}");
    assert!(mg.contains("attached to B Company (§14)"), "{mg}");
    for (name, figures, men) in [
        ("b-hq", "2 figures", "20 men"),
        ("pl-4", "6 figures", "60 men"),
        ("mortars", "2 figures", "20 men"),
        ("mg-hq", "2 figures", "20 men"),
        ("mg-1", "3 figures", "30 men"),
        ("mg-2", "3 figures", "30 men"),
    ] {
        let r = row(html, name);
        assert!(r.contains(figures) && r.contains(men), "{name}: {r}");
        assert!(r.contains("in command"), "{name}: its status: {r}");
    }
    assert!(
        row(html, "mg-1").contains("attached"),
        "the MG rows are marked"
    );
    assert!(!row(html, "pl-4").contains("attached"));
    assert!(row(html, "mg-1").contains("hmg"), "weapons");
    // His order and the one above him by display names, his status and signals.
    assert!(html.contains("<p class=\"order-words\">attack full Hill crest after turn 1 on the flare signal “advance now”</p>"));
    assert!(html.contains(
        "4th Battalion: <span class=\"order-words\">attack full Hill crest by turn 8</span>"
    ));
    assert!(labelled(html, "Your command status:")
        .contains("in command (direct): short radio to the HQ of 4th Battalion"));
    assert!(labelled(html, "Orders reach you").contains("from 4th Battalion: turn"));
    assert!(labelled(html, "Your orders are acted on by").contains("Vickers MG Platoon"));
    assert!(labelled(html, "Signals you send:")
        .contains("the flare signal “crest taken: reserve come up”"));
    assert!(labelled(html, "Signals you wait for:").contains("the flare signal “advance now”"));
    // The victory, the intel, and the objective ringed on the map.
    assert!(html.contains("hold Hill crest at the end"));
    assert!(html.contains("report 1, seen at Croix wood (approximate): machine guns dug in"));
    assert!(html.contains(
        "The heavy dashed ring marks your objective: \
             <strong data-ref=\"objective:crest\">Hill crest</strong>"
    ));
    assert!(
        html.contains("data-feature=\"objective:crest\" cx=\"1000\" cy=\"200\""),
        "the ring on the crest, marked with what it rings"
    );
    // Fogged: nothing of the enemy but the report.
    for secret in ["3. Kompanie", "Hptm. Weiss", "hill-kp", "mg-nest"] {
        assert!(
            !html.contains(secret),
            "{secret} on the British player sheet"
        );
    }
    // A player whose unit arrives later is told when and where.
    let reserve = file(&files, "attached-mg/player-reserve.html");
    assert!(reserve.contains("C Company comes on at 05:40 (turn 5) at Road from Baron"));
    assert!(labelled(reserve, "Signals you wait for:").contains("crest taken: reserve come up"));
    assert!(reserve.contains(
        "4th Battalion: <span class=\"order-words\">attack full Hill crest by turn 8</span>"
    ));
}

#[test]
fn howards_sheet_holds_his_elements_status_signals_and_objective() {
    let files = pegasus();
    let html = file(&files, "pegasus-bridge/player-howard.html");
    assert!(html
        .contains("You command <strong>Coup-de-main force (D Coy, 2nd Ox &amp; Bucks)</strong>"));
    for (name, men) in [
        ("Howard&#x27;s company HQ", "20 men"),
        ("Capt. Neilson&#x27;s sappers", "20 men"),
        ("River-bridge sappers", "20 men"),
    ] {
        assert!(row(html, name).contains(men), "{name}");
    }
    assert_eq!(
        html.matches(">Assault party<").count(),
        5,
        "each platoon's party"
    );
    assert!(row(html, "Assault party").contains("60 men"));
    assert!(row(html, "Lt. Fox&#x27;s platoon").contains("100 men"));
    assert!(labelled(html, "Your command status:").contains("top of the chain of command"));
    assert!(labelled(html, "Signals you send:").contains("the bugle signal “both bridges held"));
    assert!(html.contains("<p class=\"order-words\">attack all-out Pegasus Bridge by turn 2</p>"));
    assert!(html
        .contains("The heavy dashed ring marks your objective: <strong data-ref=\"objective:pegasus\">Pegasus Bridge</strong>"));
    assert!(
        html.contains("Map extract around your command"),
        "an extract, not the whole table"
    );
    for secret in ["Brückenwache", "guard-hq", "II./Panzergrenadier"] {
        assert!(!html.contains(secret), "{secret} on Howard's sheet");
    }
}

#[test]
fn printed_player_sheets_fit_two_pages_and_keep_their_contents() {
    let Some(printer) = support::print::printer() else {
        return;
    };
    let fixture = fixture();
    let pegasus = pegasus();
    for (name, html, wants) in [
        (
            "baker",
            file(&fixture, "attached-mg/player-baker.html"),
            &[
                "Vickers MG Platoon",
                "ATTACHED",
                "60 men",
                "30 men",
                "Your command status:",
                "crest taken: reserve come up",
                "advance now",
                "Hill crest",
            ][..],
        ),
        (
            "howard",
            file(&pegasus, "pegasus-bridge/player-howard.html"),
            &[
                "Coup-de-main force",
                "Assault party",
                "60 men",
                "top of the chain of command",
                "both bridges held",
                "attack all-out Pegasus Bridge by turn 2",
                "objective: Pegasus Bridge",
            ][..],
        ),
    ] {
        let pages = support::print::page_texts(&printer.print(name, html).unwrap(), false);
        assert!(
            (1..=2).contains(&pages.len()),
            "{name}: {} pages",
            pages.len()
        );
        let all = pages
            .join("\n")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for want in wants {
            assert!(all.contains(want), "{name}: the PDF lacks `{want}`:\n{all}");
        }
        eprintln!("{name}: {} printed page(s)", pages.len());
    }
}

/// Howard's map extract is a window on the table around his unit that holds his
/// headquarters and his objective, drawn larger than the whole table would be.
#[test]
fn howards_map_extract_is_centred_on_his_unit_and_holds_his_objective() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = muster_render::json::scenario(&model, &analysis);
    let view = muster_render::json::for_side(&full, "british");
    let page = muster_render::sheets::page::page(&view, Some("british"), Some("howard"));
    let m = &page.map;
    let w = m.window.expect("an extract, not the whole table");
    assert!(w.w < m.width && w.h <= m.height, "{w:?}");
    // Table metres (y north) to map units (y down).
    let inside = |x: f64, y: f64| {
        let y = m.height - y;
        x >= w.x && x <= w.x + w.w && y >= w.y && y <= w.y + w.h
    };
    assert!(inside(1000.0, 800.0), "Pegasus Bridge is in the extract");
    assert!(inside(1120.0, 740.0), "his headquarters is in the extract");
    assert_eq!(m.objectives.len(), 1, "his objective is ringed");
    assert!((m.objectives[0].x - 1000.0).abs() < 1.0);
    assert!(!m.label_boxes.is_empty(), "labels placed inside the window");
}

/// The `data-ref` of every sentence of a sheet that points at its map: each
/// objective named as ringed, each arrival said to be drawn as an arrow.
fn pointing(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in html.match_indices("data-ref=\"") {
        let rest = &html[i + 10..];
        let Some(end) = rest.find('"') else { continue };
        let id = &rest[..end];
        // The sentence runs to the end of its element.
        let sentence = &rest[end..rest.find("</").unwrap_or(rest.len())];
        if id.starts_with("objective:") || sentence.contains("the dashed arrow on the map") {
            out.push(id.to_string());
        }
    }
    out
}

#[test]
fn every_sentence_that_points_at_the_map_is_drawn_on_it() {
    let templates = Templates::builtin().unwrap();
    let mut checked = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        for f in build(&model, &analysis, &templates).unwrap() {
            let name = f.path.rsplit('/').next().unwrap_or_default();
            if !(name.starts_with("player-") || name.starts_with("side-"))
                || !name.ends_with(".html")
            {
                continue;
            }
            // The sheet's own map: the first SVG drawing data-* features.
            let svg_at = f.contents.find("<svg").unwrap_or(0);
            for id in pointing(&f.contents) {
                let drawn = format!("data-feature=\"{id}\"");
                assert!(
                    f.contents[svg_at..].contains(&drawn),
                    "{}: the sheet points at `{id}` on the map, which does not draw it",
                    f.path
                );
                checked += 1;
            }
        }
    }
    // Howard's bridges, Frost's bridge and the later arrivals of the pack.
    assert!(checked >= 10, "only {checked} sentences point at a map");
}

#[test]
fn an_objective_off_the_map_is_not_said_to_be_ringed() {
    // Near miss: the sentence names only what the map rings.
    let html = "<p>The heavy dashed ring marks your objective: <strong data-ref=\"objective:b\">B</strong>.</p>";
    assert_eq!(pointing(html), ["objective:b"]);
    let arrival = "<p data-ref=\"arrival:x\">X comes on at turn 3 at the lane.</p>";
    assert!(pointing(arrival).is_empty());
}

/// The sheet's text with tags dropped and the entities the templates write read back.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&#x27;", "'")
        .replace("&#x2F;", "/")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Every element note the writer gave reaches the player whose command lists the
/// element: the type alone does not say that a troop's tank is its Firefly.
#[test]
fn every_player_sheet_of_the_pack_carries_the_notes_of_its_elements() {
    let mut checked = 0;
    for scenario in [
        "totalize-1944.muster",
        "pegasus-bridge.muster",
        "villers-bocage.muster",
    ] {
        let (model, analysis) = support::pack::load(scenario);
        let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
        for f in files.iter().filter(|f| f.path.contains("/player-")) {
            let Some(start) = f.contents.find("<table class=\"command\">") else {
                continue;
            };
            let table = &f.contents[start..];
            let table = &table[..table.find("</table>").unwrap()];
            // Rows nest by their `dN` class: an element row belongs to the unit row
            // one level up, so `coy-hq` of one company is never taken for another's.
            let mut units: Vec<String> = Vec::new();
            for row in table.split("<tr class=").skip(1) {
                let Some(depth) = row
                    .find("class=\"d")
                    .and_then(|i| row[i + 8..].split('"').next())
                    .and_then(|d| d.parse::<usize>().ok())
                else {
                    continue;
                };
                let html = format!("<tr class={row}");
                let text = text_of(&html);
                let first = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if row.starts_with("\"unit") {
                    units.truncate(depth);
                    let name = text_of(html.split("</td>").next().unwrap_or_default());
                    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
                    // an attached unit's name carries its badge
                    let name = name.strip_suffix(" attached").unwrap_or(&name);
                    units.push(name.to_string());
                    continue;
                }
                let Some(unit) = depth.checked_sub(1).and_then(|d| units.get(d)) else {
                    continue;
                };
                let id = text_of(html.split("</td>").next().unwrap_or_default());
                let id = id.trim();
                let element = model.elements.iter().find(|e| {
                    let u = &model.units[e.unit.0];
                    e.display.as_deref().unwrap_or(&e.name.id) == id
                        && u.display.as_deref().unwrap_or(&u.name.id) == unit
                });
                let Some(element) = element else {
                    panic!("{}: no element “{id}” in unit “{unit}”", f.path);
                };
                for note in &element.notes {
                    assert!(
                        first.contains(&note.text),
                        "{}: `{}` is listed without its note “{}”",
                        f.path,
                        element.qualified,
                        note.text
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 12, "only {checked} notes were looked for");
}

/// A player whose relief or reinforcements arrive later is told who, when and
/// where: Howard hears of the 7th Battalion's companies.
#[test]
fn howards_sheet_says_when_and_where_each_british_arrival_comes() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let text = text_of(file(&files, "pegasus-bridge/player-howard.html"));
    let british: Vec<_> = model
        .arrivals
        .iter()
        .filter(|a| {
            a.side
                .is_some_and(|s| model.sides[s.0].name.id == "british")
        })
        .collect();
    assert!(!british.is_empty(), "Pegasus has British arrivals");
    for a in british {
        let unit = model
            .units
            .iter()
            .find(|u| u.name.id == a.unit.name.id)
            .unwrap();
        let name = unit.display.clone().unwrap_or_else(|| unit.name.id.clone());
        assert!(
            text.contains(&format!("Arriving: {name} at ")),
            "Howard is not told of {name}: {text}"
        );
    }
}
