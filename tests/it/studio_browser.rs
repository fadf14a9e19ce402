//! The map studio in a real browser: `muster studio` serves its page, the sealed
//! headless Chromium of `muster-print` opens it (every request handed to this
//! test, which asks the studio's server over loopback), and the test points with
//! real mouse events: the pointer reads a known point to the metre, a click on an
//! element names its file and line, a save moves the element without a reload,
//! and a side's view shows only what that side's briefing map shows.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::watch_browser::{browser_and_pack, http, serving, PATIENCE};

use muster_print::{LivePage, Request};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

fn fixture() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/studio/ridge.muster");
    fs::read_to_string(path).unwrap()
}

/// Waits until `expression` is true in the page; the wait is not the assertion.
fn until(page: &LivePage, expression: &str, what: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if page.evaluate(expression) == Ok(json!(true)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}; browser log: {:#?}",
            page.log()
        );
        thread::sleep(Duration::from_millis(100));
    }
}

/// The centre of the first element `selector` names, in window pixels.
fn centre(page: &LivePage, selector: &str) -> (f64, f64) {
    let at = page
        .evaluate(&format!(
            "(function(){{var r=document.querySelector({selector:?}).getBoundingClientRect();\
             return [r.x+r.width/2,r.y+r.height/2]}})()"
        ))
        .unwrap();
    (at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
}

fn text(page: &LivePage, selector: &str) -> String {
    let value = page
        .evaluate(&format!("document.querySelector({selector:?}).textContent"))
        .unwrap();
    value.as_str().unwrap_or_default().to_string()
}

/// The `data-*` marks of the map items in an HTML or SVG text.
fn marks(html: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for attr in ["data-element", "data-unit", "data-feature", "data-stretch"] {
        let open = format!("{attr}=\"");
        for piece in html.split(&open).skip(1) {
            found.insert(format!("{attr}={}", piece.split('"').next().unwrap()));
        }
    }
    found
}

/// The first line of `text` holding `needle`, 1-based.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn the_studio_points_to_coordinates_and_source_follows_saves_and_keeps_the_fog() {
    let source = fixture();
    let Some((printer, dir, scenario)) = browser_and_pack("ridge", &source) else {
        return;
    };
    let pack = dir.path().join("pack");
    // No `--out`: the studio builds into a folder of its own.
    let (_studio, rx, url) = serving(dir.path(), &["studio", "pack", "--port", "0"]);
    assert!(url.ends_with("/__muster/studio/"), "{url}");
    // The findings come first, then the status line.
    let built = loop {
        let line = rx.recv_timeout(PATIENCE).unwrap();
        if line.contains(" built") {
            break line;
        }
    };
    assert!(built.contains("1 built"), "{built}");
    assert!(
        !dir.path().join("out").exists() && fs::read_dir(&pack).unwrap().count() == 1,
        "the studio writes nothing beside the sources"
    );

    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_string();
    let origin = format!("http://{address}");
    let asked = address.clone();
    let page = printer
        .open(&url, move |request: &Request| {
            let path = request.url.strip_prefix(&origin)?;
            matches!(request.method.as_str(), "GET" | "POST")
                .then(|| http(&asked, &request.method, path))
        })
        .unwrap();
    page.resize(1280, 860).unwrap();
    let farm = "#stage svg [data-feature=\"place:farm\"]";
    until(
        &page,
        &format!("!!document.querySelector({farm:?})"),
        "the map never showed",
    );
    page.evaluate("window.__studioMarker = 1").unwrap();

    // Zoomed in on the farm, the pointer reads its written point to the metre.
    let (fx, fy) = centre(&page, farm);
    for _ in 0..2 {
        page.evaluate(&format!(
            "document.getElementById('viewport').dispatchEvent(new WheelEvent('wheel',\
             {{clientX:{fx},clientY:{fy},deltaY:-100,bubbles:true,cancelable:true}}))"
        ))
        .unwrap();
    }
    let (fx, fy) = centre(&page, farm);
    page.mouse("mouseMoved", fx, fy).unwrap();
    let readout = text(&page, "#readout");
    let numbers: Vec<f64> = readout
        .trim_start_matches('(')
        .split([',', ')'])
        .take(2)
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert!(
        (numbers[0] - 600.0).abs() <= 1.0 && (numbers[1] - 400.0).abs() <= 1.0,
        "the farm is at (600,400): {readout}"
    );
    // At 2 m of ground per table millimetre: 30 cm east, 20 cm north.
    let table: Vec<f64> = readout
        .split("table ")
        .nth(1)
        .unwrap()
        .trim_end_matches(" cm")
        .split(" × ")
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(
        (table[0] - 30.0).abs() <= 0.1 && (table[1] - 20.0).abs() <= 0.1,
        "{readout}"
    );
    let view = page
        .evaluate("document.getElementById('stage').style.transform")
        .unwrap();

    // A click on the HQ names the file and the line its position is written on.
    let hq = "#stage svg [data-element=\"british.a-coy.a-hq\"]";
    let (hx, hy) = centre(&page, hq);
    page.mouse("mouseMoved", hx, hy).unwrap();
    page.mouse("mousePressed", hx, hy).unwrap();
    page.mouse("mouseReleased", hx, hy).unwrap();
    until(
        &page,
        "!!document.querySelector('#source a')",
        "no source shown",
    );
    let link = page
        .evaluate(
            "(function(){var a=document.querySelector('#source a');\
             return [a.dataset.file,a.dataset.line,a.getAttribute('href')]})()",
        )
        .unwrap();
    let file = fs::canonicalize(&scenario).unwrap().display().to_string();
    let line = line_of(&source, "hq a-hq");
    assert_eq!(link[0], json!(file));
    assert_eq!(link[1], json!(line.to_string()));
    assert_eq!(link[2], json!(format!("vscode://file{file}:{line}")));
    let copied = text(&page, "#copied");
    assert!(
        copied.starts_with('(') && copied.ends_with(')') && copied.contains(','),
        "a click copies the point: {copied}"
    );

    // So does a click on an order's arrow: the line of the order.
    let arrow = "#stage svg [data-feature=\"order:a-coy\"]";
    let (ox, oy) = centre(&page, arrow);
    page.mouse("mouseMoved", ox, oy).unwrap();
    page.mouse("mousePressed", ox, oy).unwrap();
    page.mouse("mouseReleased", ox, oy).unwrap();
    let ordered = line_of(&source, "a-coy attack");
    until(
        &page,
        &format!("(document.querySelector('#source a')||{{}}).dataset.line === '{ordered}'"),
        "the order's line is not shown",
    );

    // The editor's cursor (as the language server reports it) lights up the
    // item written on that line.
    let cursor = format!(
        "/__muster/link/cursor?file={file}&line={}",
        line_of(&source, "place farm")
    );
    assert_eq!(http(&address, "POST", &cursor).status, 200);
    until(
        &page,
        "!!document.querySelector('#stage [data-cursor=\"data-feature=place:farm\"]')",
        "the farm is not highlighted",
    );

    // The separated section's finding is drawn at it and listed beside the map.
    until(
        &page,
        "document.querySelectorAll('#stage [data-finding]').length === 1",
        "the finding is not on the map",
    );
    assert!(text(&page, "#findings").contains("MC301"));
    // A click on the listed finding names the line it is reported on.
    page.evaluate(
        "Array.from(document.querySelectorAll('#findings li'))\
         .find(function(li){return li.textContent.startsWith('MC301')}).click()",
    )
    .unwrap();
    let reported = line_of(&source, "element scouts");
    until(
        &page,
        &format!("(document.querySelector('#source a')||{{}}).dataset.line === '{reported}'"),
        "the finding's line is not shown",
    );

    // A save moves the HQ on the page, with no reload and the view kept.
    fs::write(&scenario, source.replace("at (300,200)", "at (500,250)")).unwrap();
    until(
        &page,
        &format!(
            "(document.querySelector({hq:?}).getAttribute('transform')||'')\
             .startsWith('translate(500 550)')"
        ),
        "the HQ did not move on the page",
    );
    assert_eq!(
        page.evaluate("window.__studioMarker").unwrap(),
        json!(1),
        "the page reloaded"
    );
    assert_eq!(
        page.evaluate("document.getElementById('stage').style.transform")
            .unwrap(),
        view,
        "the zoom was lost"
    );

    // A side's view: the map of its briefing, nothing more.
    page.evaluate(
        "(function(){var s=document.getElementById('layer');s.value='british';\
         s.dispatchEvent(new Event('change'))})()",
    )
    .unwrap();
    until(
        &page,
        "!document.querySelector('#stage svg [data-feature=\"area:mines\"]')",
        "the side's view never showed",
    );
    let shown = page
        .evaluate("document.querySelector('#stage svg').outerHTML")
        .unwrap();
    let shown = marks(shown.as_str().unwrap());
    let briefing = http(&address, "GET", "/ridge/side-british.html");
    let briefing = String::from_utf8(briefing.body).unwrap();
    let first_map = briefing.split("</svg>").next().unwrap();
    assert_eq!(shown, marks(first_map));
    assert!(shown.contains("data-feature=place:farm"), "{shown:?}");
    assert!(
        !shown
            .iter()
            .any(|m| m.contains("german.") || m.contains("mines")),
        "{shown:?}"
    );
    for drawn in ["data-finding", "data-link"] {
        assert_eq!(
            page.evaluate(&format!(
                "document.querySelectorAll('#stage [{drawn}]').length"
            ))
            .unwrap(),
            json!(0),
            "{drawn}"
        );
    }
    // Its hot/cold rings stand round its own elements only: the ones it sees;
    // command links are the umpire's.
    page.evaluate(
        "document.getElementById('show-rings').click();\
         document.getElementById('show-links').click()",
    )
    .unwrap();
    until(
        &page,
        "document.querySelectorAll('#stage [data-studio=\"rings\"] circle').length === 2",
        "no rings round the two British elements",
    );
    let log: Vec<Value> = page.log();
    let violations: Vec<String> = log
        .iter()
        .map(Value::to_string)
        .filter(|m| m.contains("Content Security Policy"))
        .collect();
    assert!(violations.is_empty(), "CSP violations: {violations:#?}");

    // The picture docs/editors.md shows.
    page.evaluate(
        "(function(){var s=document.getElementById('layer');s.value='umpire';\
         s.dispatchEvent(new Event('change'));document.getElementById('fit').click();\
         document.getElementById('show-rings').click()})()",
    )
    .unwrap();
    until(
        &page,
        "!!document.querySelector('#stage svg [data-feature=\"area:mines\"]') && \
         document.querySelectorAll('#stage [data-finding]').length > 0",
        "the umpire's view never came back",
    );
    // The one element in command links to its HQ by voice; the table is one
    // set-up sheet.
    page.evaluate("document.getElementById('show-grid').click()")
        .unwrap();
    until(
        &page,
        "document.querySelectorAll('#stage [data-sheet]').length === 1",
        "the set-up sheet is not drawn",
    );
    let links = page
        .evaluate(
            "Array.from(document.querySelectorAll('#stage [data-link]'))\
             .map(function(l){return l.getAttribute('data-link')})",
        )
        .unwrap();
    assert_eq!(links, json!(["german.guard.guards>german.guard.guard-hq"]));
    let (sx, sy) = centre(&page, "#stage svg [data-element=\"british.a-coy.scouts\"]");
    page.mouse("mouseMoved", sx, sy).unwrap();
    let shot = page.screenshot(1280, 860).unwrap();
    assert!(shot.starts_with(b"\x89PNG"));
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/studio.png");
    if std::env::var_os("MUSTER_BLESS").is_some() {
        fs::write(&docs, shot).unwrap();
    }
    assert!(docs.is_file(), "bless docs/studio.png with MUSTER_BLESS=1");
}
