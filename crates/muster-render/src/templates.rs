//! The briefing templates: built-ins embedded at compile time, overridable by a pack.

use std::collections::BTreeMap;

use tera::{Context, Tera};

use crate::error::RenderError;

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
    ("_map.html", include_str!("../../../templates/_map.html")),
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
        "_umpire.html",
        include_str!("../../../templates/_umpire.html"),
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
];

/// Paper size for the print CSS (`@page size`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
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
        let mut all: BTreeMap<&str, &str> = BUILTIN.iter().copied().collect();
        for (name, text) in overrides {
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

    /// The names of the built-in templates, for packs that override them.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// Renders template `name` with a serialisable page context.
    pub fn render<T: serde::Serialize>(&self, name: &str, page: &T) -> Result<String, RenderError> {
        let mut ctx = Context::from_serialize(page).map_err(|e| RenderError::template(name, &e))?;
        ctx.insert("paper", self.paper.css());
        self.tera
            .render(name, &ctx)
            .map_err(|e| RenderError::template(name, &e))
    }
}
