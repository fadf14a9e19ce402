//! The briefing templates: built-ins embedded at compile time, overridable by a pack.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};
use tera::{Context, Tera};

use crate::error::RenderError;
use crate::json::ScenarioJson;
use crate::paper::Paper;
use crate::sheets::page::Page;

/// The built-in templates, by name.
const BUILTIN: &[(&str, &str)] = &[
    (
        "briefing.css",
        include_str!("../../../templates/briefing.css"),
    ),
    ("base.html", include_str!("../../../templates/base.html")),
    (
        "_header.html",
        include_str!("../../../templates/_header.html"),
    ),
    (
        "_legend.html",
        include_str!("../../../templates/_legend.html"),
    ),
    ("_map.html", include_str!("../../../templates/_map.html")),
    (
        "_insets.html",
        include_str!("../../../templates/_insets.html"),
    ),
    ("_tile.html", include_str!("../../../templates/_tile.html")),
    (
        "_narrative.html",
        include_str!("../../../templates/_narrative.html"),
    ),
    ("_oob.html", include_str!("../../../templates/_oob.html")),
    (
        "_orders.html",
        include_str!("../../../templates/_orders.html"),
    ),
    (
        "_command.html",
        include_str!("../../../templates/_command.html"),
    ),
    (
        "_plans.html",
        include_str!("../../../templates/_plans.html"),
    ),
    (
        "_front.html",
        include_str!("../../../templates/_front.html"),
    ),
    (
        "_umpire.html",
        include_str!("../../../templates/_umpire.html"),
    ),
    (
        "_balance.html",
        include_str!("../../../templates/_balance.html"),
    ),
    (
        "umpire.html",
        include_str!("../../../templates/umpire.html"),
    ),
    ("side.html", include_str!("../../../templates/side.html")),
    (
        "player.html",
        include_str!("../../../templates/player.html"),
    ),
    ("setup.html", include_str!("../../../templates/setup.html")),
    ("cards.html", include_str!("../../../templates/cards.html")),
    (
        "_muster.html",
        include_str!("../../../templates/_muster.html"),
    ),
];

/// The Content-Security-Policy of every sheet: no script, nothing loaded from
/// anywhere, only inline styles and inline (`data:`) images. The built-in
/// `base.html` states it in a `<meta>`; a page whose template left it out gets it
/// added, and the print browser sends it as a header too.
pub const SHEET_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/// The `<meta>` that states [`SHEET_CSP`].
fn csp_meta() -> String {
    format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{SHEET_CSP}\">")
}

/// `html` with the sheet's CSP `<meta>`: as written when the template has it,
/// else placed first after the doctype (the HTML parser moves it into the head,
/// and a policy applies from where it stands, so before anything that loads).
/// A page is held until it is written, so the room its rendering grew into is
/// given back.
fn sealed(mut html: String) -> String {
    let meta = csp_meta();
    if html.contains(&meta) {
        html.shrink_to_fit();
        return html;
    }
    let doctype = "<!doctype html>";
    let at = if html
        .get(..doctype.len())
        .is_some_and(|d| d.eq_ignore_ascii_case(doctype))
    {
        doctype.len()
    } else {
        0
    };
    format!("{}{meta}{}", &html[..at], &html[at..])
}

/// A context holding only the scenario `s`, moved in (`insert` would copy it).
fn only_s(s: Value) -> tera::Result<Context> {
    let mut m = Map::new();
    m.insert("s".into(), s);
    Context::from_value(Value::Object(m))
}

/// A template function that refuses to run: sheets are made from the scenario
/// alone, never from the machine that builds them.
fn machine_refused(name: &'static str) -> impl tera::Function {
    move |_: &std::collections::HashMap<String, Value>| -> tera::Result<Value> {
        Err(tera::Error::msg(format!(
            "`{name}` is not available to templates: a sheet shows the scenario, not the machine"
        )))
    }
}

/// The template context of one view (the umpire's, or one side's), kept across
/// that view's pages so the scenario JSON is serialised into it only once.
#[derive(Debug)]
pub(crate) struct ViewContext {
    ctx: Context,
}

/// A page's reader's side as `page.side`: the side less its tree of units.
#[derive(Serialize)]
struct SideShown<'a> {
    id: &'a str,
    display: &'a Option<String>,
    nations: &'a [String],
    players: &'a [crate::json::header::Player],
    strength: &'a Option<crate::json::RealStrength>,
}

impl<'a> SideShown<'a> {
    fn of(sd: &'a crate::json::header::Side) -> SideShown<'a> {
        SideShown {
            id: &sd.id,
            display: &sd.display,
            nations: &sd.nations,
            players: &sd.players,
            strength: &sd.strength,
        }
    }
}

/// A set of briefing templates, ready to render.
#[derive(Debug, Clone)]
pub struct Templates {
    tera: Tera,
    paper: Paper,
}

impl Templates {
    /// The built-in templates.
    pub fn builtin() -> Result<Templates, RenderError> {
        Templates::with_overrides(&BTreeMap::new())
    }

    /// The built-ins with some replaced or added by name (`side.html`, `briefing.css`).
    /// Every template is autoescaped, whatever its name.
    pub fn with_overrides(overrides: &BTreeMap<String, String>) -> Result<Templates, RenderError> {
        let mut tera = Tera::default();
        // An empty suffix matches every name: user text is always escaped.
        tera.autoescape_on(vec![""]);
        // Templates are data: the engine's functions that read the machine (the
        // environment, the clock, randomness) answer with an error instead.
        for name in ["get_env", "get_random", "now"] {
            tera.register_function(name, machine_refused(name));
        }
        let mut all: BTreeMap<&str, &str> = BUILTIN.iter().copied().collect();
        for (name, text) in overrides {
            if let Some(refusal) = crate::vet::vet(text) {
                return Err(RenderError::Unsafe {
                    name: name.clone(),
                    line: refusal.line,
                    what: refusal.what,
                });
            }
            all.insert(name.as_str(), text.as_str());
        }
        tera.add_raw_templates(all)
            .map_err(|e| RenderError::template("templates", &e))?;
        Ok(Templates {
            tera,
            paper: Paper::default(),
        })
    }

    /// The same templates printing on another paper size.
    pub fn with_paper(mut self, paper: Paper) -> Templates {
        self.paper = paper;
        self
    }

    /// The paper the pages print on.
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// The names of the built-in templates, for packs that override them.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// A context holding what every page of one view shares (the scenario JSON as
    /// `s`, the paper size), serialised once and reused by [`Templates::render_page`].
    /// `s` leaves out each side's tree of units: the pages print the order of
    /// battle from their own rows (`oob`), and the tree is most of a large
    /// scenario. The units are lent out of `s` while it is serialised.
    pub(crate) fn view_context(&self, s: &mut ScenarioJson) -> Result<ViewContext, RenderError> {
        let units: Vec<_> = s
            .sides
            .iter_mut()
            .map(|sd| std::mem::take(&mut sd.units))
            .collect();
        let mut ctx = Context::new();
        let inserted = ctx.try_insert("s", &*s);
        for (sd, u) in s.sides.iter_mut().zip(units) {
            sd.units = u;
        }
        inserted.map_err(|e| RenderError::template("context", &e))?;
        ctx.insert("paper", self.paper.css());
        Ok(ViewContext { ctx })
    }

    /// Renders template `name` for one page of a view: only the page's own parts
    /// are serialised into the view's context (replacing the previous page's), so
    /// the result is the same as [`Templates::render`] with the whole [`Page`].
    pub(crate) fn render_page(
        &self,
        name: &str,
        view: &mut ViewContext,
        page: &Page<'_>,
    ) -> Result<String, RenderError> {
        let err = |e: tera::Error| RenderError::template(name, &e);
        // The reader's side without its tree of units, which `oob` prints.
        let side = serde_json::to_value(page.page.side.map(SideShown::of))
            .map_err(|e| err(tera::Error::json(e)))?;
        let mut info = page.page.clone();
        info.side = None;
        let mut info = serde_json::to_value(&info).map_err(|e| err(tera::Error::json(e)))?;
        if let Value::Object(m) = &mut info {
            m.insert("side".into(), side);
        }
        let mut parts = Map::new();
        parts.insert("page".into(), info);
        // `from_value` moves the values in; `insert` would copy them once more.
        view.ctx
            .extend(Context::from_value(Value::Object(parts)).map_err(err)?);
        view.ctx.try_insert("oob", &page.oob).map_err(err)?;
        view.ctx.try_insert("orders", &page.orders).map_err(err)?;
        view.ctx.try_insert("map", &page.map).map_err(err)?;
        view.ctx
            .try_insert("victories", &page.victories)
            .map_err(err)?;
        view.ctx.try_insert("turns", &page.turns).map_err(err)?;
        view.ctx.try_insert("balance", &page.balance).map_err(err)?;
        view.ctx
            .try_insert("signal_words", &page.signal_words)
            .map_err(err)?;
        view.ctx.try_insert("sheet", &page.sheet).map_err(err)?;
        view.ctx.try_insert("names", &page.names).map_err(err)?;
        self.tera.render(name, &view.ctx).map(sealed).map_err(err)
    }

    /// Sets what the view's next pages print besides the page itself: the umpire's
    /// front sheet and house rules, or a reader's briefing (drafted where the writer
    /// gave none). A side's view gets no front sheet.
    pub(crate) fn set_extras(
        &self,
        view: &mut ViewContext,
        front: Option<&crate::sheets::front::FrontSheet>,
        briefing: &[crate::json::narrative::Section],
    ) -> Result<(), RenderError> {
        let err = |e: tera::Error| RenderError::template("context", &e);
        view.ctx.try_insert("front", &front).map_err(err)?;
        view.ctx.try_insert("briefing", briefing).map_err(err)?;
        Ok(())
    }

    /// Renders the set-up sheet: the umpire's page, last rendered into `view`,
    /// with the set-up `map` in place of the umpire's and the set-up lists.
    /// Only those two are serialised; the page's other parts are the
    /// umpire's, already in the context.
    pub(crate) fn render_setup(
        &self,
        view: &mut ViewContext,
        map: &crate::map::MapView,
        setup: &crate::sheets::setup::Setup,
    ) -> Result<String, RenderError> {
        let name = "setup.html";
        let err = |e: tera::Error| RenderError::template(name, &e);
        view.ctx.try_insert("setup", setup).map_err(err)?;
        view.ctx.try_insert("map", map).map_err(err)?;
        self.tera.render(name, &view.ctx).map(sealed).map_err(err)
    }

    /// Renders a side's command cards: the cards' own context, with the view's
    /// scenario moved in for the page footer and back out, never copied.
    pub(crate) fn render_cards(
        &self,
        view: &mut ViewContext,
        cards: &crate::sheets::cards::CardsPage<'_>,
    ) -> Result<String, RenderError> {
        let name = "cards.html";
        let err = |e: tera::Error| RenderError::template(name, &e);
        let mut ctx = Context::from_serialize(cards).map_err(err)?;
        ctx.insert("paper", self.paper.css());
        if let Some(s) = view.ctx.remove("s") {
            ctx.extend(only_s(s).map_err(err)?);
        }
        let out = self.tera.render(name, &ctx);
        if let Some(s) = ctx.remove("s") {
            view.ctx.extend(only_s(s).map_err(err)?);
        }
        out.map(sealed).map_err(err)
    }

    /// Renders template `name` with a serialisable page context.
    pub fn render<T: serde::Serialize>(&self, name: &str, page: &T) -> Result<String, RenderError> {
        let mut ctx = Context::from_serialize(page).map_err(|e| RenderError::template(name, &e))?;
        ctx.insert("paper", self.paper.css());
        self.tera
            .render(name, &ctx)
            .map(sealed)
            .map_err(|e| RenderError::template(name, &e))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn with(name: &str, text: &str) -> Result<Templates, RenderError> {
        let mut overrides = BTreeMap::new();
        overrides.insert(name.to_string(), text.to_string());
        Templates::with_overrides(&overrides)
    }

    #[test]
    fn the_built_in_base_states_the_sheet_policy() {
        let base = BUILTIN.iter().find(|(n, _)| *n == "base.html").unwrap().1;
        assert!(base.contains(&csp_meta()), "{base}");
    }

    #[test]
    fn a_page_whose_template_dropped_the_policy_gets_it_first() {
        assert_eq!(
            sealed("<!DOCTYPE html><html><p>x</p>".into()),
            format!("<!DOCTYPE html>{}<html><p>x</p>", csp_meta())
        );
        assert_eq!(sealed("<p>x</p>".into()), format!("{}<p>x</p>", csp_meta()));
        let kept = format!("<head>{}</head>", csp_meta());
        assert_eq!(sealed(kept.clone()), kept);
    }

    #[test]
    fn templates_cannot_read_the_machine() {
        // Written so the static check does not see the call: the engine refuses too.
        let templates = with("side.html", "{% set f = \"x\" %}{{ f }}").unwrap();
        for name in ["get_env", "get_random", "now"] {
            let err = templates
                .tera
                .clone()
                .render_str(&format!("{{{{ {name}(name=\"HOME\") }}}}"), &Context::new())
                .unwrap_err();
            let chain = RenderError::template("t", &err).to_string();
            assert!(chain.contains("not available to templates"), "{chain}");
        }
        let refused = with("side.html", "<p>{{ get_env(name=\"SECRET\") }}</p>").unwrap_err();
        assert!(refused.to_string().contains("`get_env`"), "{refused}");
    }

    #[test]
    fn an_override_that_runs_or_loads_is_refused_with_its_line() {
        let err = with("base.html", "<html>\n<body onload=\"go()\">").unwrap_err();
        assert_eq!(
            err.to_string(),
            "template `base.html` line 2 holds an event-handler attribute (`on…=`)"
        );
        assert!(with("side.html", "<p>{{ s.header.title }}</p>").is_ok());
    }
}
