//! MC119 unsafe-template: a pack's own template holds something that runs or loads.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC119,
    summary: "a pack's template may hold markup, styles and the scenario's data, nothing that runs or loads",
    explanation: "A pack may replace the built-in sheet templates with its own (`templates` \
in `muster.toml`). Sheets are opened by everyone who plays the pack and printed by \
`build --pdf`, so a template is data, never code: it may not hold a `<script>`, an \
event-handler attribute (`onload=`, `onclick=`, …), a `javascript:` URL, an `<iframe>`, \
`<object>`, `<embed>`, `<link>`, `<base>` or `<form>`, a CSS `@import`, or a URL that \
points outside the sheet (`src=`, `href=`, `url(…)` may only name `#id` inside the sheet \
or inline `data:`). The template functions that would read the machine (`get_env`, \
`now`, `get_random`) are not available. `build` and `watch` refuse such a template, \
naming its file and line, before anything is written.",
    failing: "# templates/base.html (a pack's override)\n<body onload=\"track()\">\n<img src=\"https://example.org/pixel.png\">\n",
    fixed: "# templates/base.html (a pack's override)\n<body>\n<img src=\"data:image/png;base64,iVBORw0KGgo=\">\n",
};

/// Emitted by the `muster` command when it loads a pack's templates.
pub(crate) const CHECK: Option<CheckFn> = None;
