//! Author text is data, never markup or template code: script tags, attribute
//! breakouts and template syntax in names and prose render as inert text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_model::model::{Model, Prose};
use muster_render::{build, Templates};

const PAYLOAD: &str = "<script>alert(1)</script> \"><img onerror=alert(1)> {{ x }} {% raw %} '/&";

fn p() -> Prose {
    Prose {
        text: PAYLOAD.into(),
        loc: Default::default(),
    }
}

fn poison(m: &mut Model) {
    if let Some(h) = m.header.as_mut() {
        h.title = p();
        h.notes.push(p());
        h.end_conditions.push(p());
    }
    for s in &mut m.sides {
        s.display = Some(PAYLOAD.into());
        for pl in &mut s.players {
            pl.display = Some(PAYLOAD.into());
        }
    }
    for u in &mut m.units {
        u.display = Some(PAYLOAD.into());
        u.notes.push(p());
        u.umpire_notes.push(p());
    }
    for e in &mut m.elements {
        e.notes.push(p());
        e.umpire_notes.push(p());
    }
    for a in &mut m.areas {
        a.display = Some(PAYLOAD.into());
    }
    for l in &mut m.lines {
        l.display = Some(PAYLOAD.into());
    }
    for c in &mut m.crossings {
        c.display = Some(PAYLOAD.into());
    }
    for pl in &mut m.places {
        pl.display = Some(PAYLOAD.into());
    }
    for o in &mut m.orders {
        o.prose = Some(p());
    }
    for s in &mut m.signals {
        s.meaning = Some(p());
    }
    for v in &mut m.victories {
        v.prose = p();
    }
    for i in &mut m.intel {
        i.words = Some(p());
    }
    for a in &mut m.arrivals {
        a.prose = Some(p());
    }
    for e in &mut m.events {
        e.prose = p();
    }
    for n in &mut m.nets {
        n.display = Some(PAYLOAD.into());
    }
    m.umpire_notes.push(p());
}

fn check(name: &str, mut model: Model, analysis: &muster_model::analysis::Analysis) -> usize {
    poison(&mut model);
    let files = build(&model, analysis, &Templates::builtin().unwrap()).unwrap();
    let mut n = 0;
    for f in &files {
        if f.path.ends_with(".json") {
            let v: serde_json::Value = serde_json::from_str(&f.contents).unwrap();
            assert_eq!(
                v["header"]["title"], PAYLOAD,
                "{name}: {} keeps the text verbatim",
                f.path
            );
            continue;
        }
        let lower = f.contents.to_lowercase();
        assert!(
            !lower.contains("<script"),
            "{name}: {} has a script tag",
            f.path
        );
        assert!(!lower.contains("<img"), "{name}: {} has an img tag", f.path);
        assert!(
            f.contents.matches("onerror").count()
                == f.contents.matches("&quot;&gt;&lt;img onerror").count(),
            "{name}: {} has a live attribute breakout",
            f.path
        );
        assert!(
            f.contents
                .contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"),
            "{name}: {} escapes",
            f.path
        );
        assert!(
            f.contents.contains("{{ x }} {% raw %}"),
            "{name}: {} shows template syntax as text",
            f.path
        );
        n += 1;
    }
    n
}

#[test]
fn author_text_renders_as_inert_text_in_every_briefing() {
    let (model, analysis) = support::gen::scenario(3, 2);
    let mut n = check("generated", model, &analysis);
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    n += check("pegasus-bridge", model, &analysis);
    assert!(n >= 10, "only {n} briefings checked");
}

#[test]
fn a_pack_template_override_is_autoescaped_too() {
    let mut overrides = std::collections::BTreeMap::new();
    overrides.insert(
        "side.html".to_string(),
        "<h1>{{ s.header.title }}</h1>".to_string(),
    );
    let templates = Templates::with_overrides(&overrides).unwrap();
    let (mut model, analysis) = support::gen::scenario(4, 1);
    poison(&mut model);
    let files = build(&model, &analysis, &templates).unwrap();
    let side = files
        .iter()
        .find(|f| f.path.ends_with("side-blue.html"))
        .unwrap();
    // The sheets' policy comes first, added when the template left it out.
    let body = side
        .contents
        .strip_prefix(&format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
            muster_render::SHEET_CSP
        ))
        .unwrap_or(&side.contents);
    assert!(body.starts_with("<h1>&lt;script&gt;"), "{}", side.contents);
}
