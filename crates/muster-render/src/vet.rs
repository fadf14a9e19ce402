//! What a pack's own template may hold: markup, styles and data from the
//! scenario, nothing that runs or loads. Sheets are printed and served; a
//! template that brought script, event handlers or a URL to fetch would turn a
//! shared pack into code that runs on every reader's machine.

/// A refused construct: where it is (1-based line) and what it is, in the
/// author's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub line: usize,
    pub what: String,
}

/// Elements that run, embed another document or load on their own.
const ELEMENTS: &[(&str, &str)] = &[
    ("<script", "a `<script>` element"),
    (
        "<iframe",
        "an `<iframe>` (another document inside the sheet)",
    ),
    ("<frame", "a `<frame>` (another document inside the sheet)"),
    ("<object", "an `<object>` element"),
    ("<embed", "an `<embed>` element"),
    ("<applet", "an `<applet>` element"),
    ("<portal", "a `<portal>` element"),
    ("<link", "a `<link>` element (it loads a file)"),
    ("<base", "a `<base>` element"),
    ("<form", "a `<form>` element"),
];

/// Attributes whose value is a URL: only a reference inside the sheet (`#id`)
/// or inline data (`data:`) may stand there.
const URL_ATTRIBUTES: &[&str] = &[
    "src",
    "href",
    "srcset",
    "data",
    "action",
    "formaction",
    "poster",
    "background",
    "ping",
    "cite",
    "manifest",
    "codebase",
    "longdesc",
    "lowsrc",
];

/// Names of the template engine's functions that would read the machine.
const MACHINE_FUNCTIONS: &[&str] = &["get_env", "get_random", "now"];

/// The first construct of `text` a template may not hold, if any.
pub fn vet(text: &str) -> Option<Refusal> {
    let lower = text.to_ascii_lowercase();
    let found = |at: usize, what: String| {
        Some(Refusal {
            line: text[..at].matches('\n').count() + 1,
            what,
        })
    };
    let mut first: Option<(usize, String)> = None;
    let mut keep = |at: usize, what: String| {
        if first.as_ref().is_none_or(|(f, _)| at < *f) {
            first = Some((at, what));
        }
    };
    for (tag, what) in ELEMENTS {
        for at in starts_of(&lower, tag) {
            let next = lower[at + tag.len()..].chars().next();
            if next.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-') {
                keep(at, (*what).to_string());
                break;
            }
        }
    }
    if let Some(at) = lower.find("javascript:") {
        keep(at, "a `javascript:` URL".into());
    }
    if let Some(at) = lower.find("srcdoc") {
        keep(at, "a `srcdoc` document".into());
    }
    if let Some(at) = lower.find("@import") {
        keep(at, "a CSS `@import` (it loads a file)".into());
    }
    if let Some(at) = lower.find("http-equiv=\"refresh\"") {
        keep(at, "a `<meta>` refresh (it loads another page)".into());
    }
    for function in ["url(", "image-set("] {
        for at in starts_of(&lower, function) {
            if !local_reference(&lower[at + function.len()..]) {
                keep(
                    at,
                    format!("a CSS `{function})` that is not `#id` or `data:`"),
                );
                break;
            }
        }
    }
    for attribute in URL_ATTRIBUTES {
        for at in starts_of(&lower, attribute) {
            if let Some(value) = attribute_value(&lower, at, attribute.len()) {
                if !local_reference(value) {
                    keep(
                        at,
                        format!("`{attribute}=` naming something outside the sheet (only `#id` and `data:` may stand there)"),
                    );
                    break;
                }
            }
        }
    }
    if let Some(at) = event_handler(&lower) {
        keep(at, "an event-handler attribute (`on…=`)".into());
    }
    for name in MACHINE_FUNCTIONS {
        for at in starts_of(&lower, name) {
            let before = lower[..at].chars().next_back();
            let after = lower[at + name.len()..].trim_start();
            if before.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_')
                && after.starts_with('(')
                && inside_tera(&lower, at)
            {
                keep(
                    at,
                    format!("the template function `{name}` (it reads the machine)"),
                );
                break;
            }
        }
    }
    first.and_then(|(at, what)| found(at, what))
}

/// Every byte offset where `needle` starts in `haystack`.
fn starts_of<'a>(haystack: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    haystack.match_indices(needle).map(|(at, _)| at)
}

/// Whether a URL (after an opening quote or parenthesis, spaces allowed) points
/// inside the sheet: a fragment `#id` or inline `data:`.
fn local_reference(rest: &str) -> bool {
    let value = rest
        .trim_start()
        .trim_start_matches(['"', '\''])
        .trim_start();
    value.starts_with('#') || value.starts_with("data:")
}

/// The value of the attribute whose name stands at `at` (`len` bytes long): only
/// when the name is a whole attribute name followed by `=`.
fn attribute_value(lower: &str, at: usize, len: usize) -> Option<&str> {
    let before = lower[..at].chars().next_back()?;
    if !(before.is_ascii_whitespace() || matches!(before, '"' | '\'' | '/' | ':')) {
        return None;
    }
    let rest = lower[at + len..].trim_start();
    let value = rest.strip_prefix('=')?;
    inside_tag(lower, at).then_some(value)
}

/// The offset of the first `on…=` attribute inside a tag.
fn event_handler(lower: &str) -> Option<usize> {
    starts_of(lower, "on").find(|&at| {
        let Some(before) = lower[..at].chars().next_back() else {
            return false;
        };
        if !(before.is_ascii_whitespace() || matches!(before, '"' | '\'' | '/')) {
            return false;
        }
        let rest = &lower[at + 2..];
        let name_len = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        name_len >= 2 && rest[name_len..].trim_start().starts_with('=') && inside_tag(lower, at)
    })
}

/// Whether `at` lies inside a markup tag (after a `<` not yet closed by `>`).
fn inside_tag(lower: &str, at: usize) -> bool {
    let head = &lower[..at];
    match (head.rfind('<'), head.rfind('>')) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Whether `at` lies inside a template tag (`{{ … }}` or `{% … %}`).
fn inside_tera(lower: &str, at: usize) -> bool {
    let head = &lower[..at];
    let open = head.rfind("{{").max(head.rfind("{%"));
    let close = head.rfind("}}").max(head.rfind("%}"));
    match (open, close) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn refused(text: &str) -> String {
        vet(text).map(|r| r.what).unwrap_or_default()
    }

    #[test]
    fn what_runs_or_loads_is_refused() {
        for (text, said) in [
            ("<p>x</p>\n<SCRIPT>alert(1)</SCRIPT>", "`<script>`"),
            ("<svg><script href=\"#a\"/></svg>", "`<script>`"),
            ("<img src=\"http://127.0.0.1:9/x.png\">", "`src=`"),
            ("<img src='//example.org/x.png'>", "`src=`"),
            ("<img src={{ s.header.title }}>", "`src=`"),
            (
                "<iframe src=\"file:///etc/hostname\"></iframe>",
                "`<iframe>`",
            ),
            ("<p>javascript:alert(1)</p>", "`javascript:`"),
            ("<a href=\"javascript:alert(1)\">x</a>", "`href=`"),
            ("<body onload=\"x()\">", "event-handler"),
            ("<svg><rect ONCLICK = \"x()\"/></svg>", "event-handler"),
            ("<style>@import url(x.css);</style>", "`@import`"),
            ("p { background: url(http://127.0.0.1:9/) }", "`url()`"),
            ("p { background: url( 'file:///etc/passwd' ) }", "`url()`"),
            ("<use xlink:href=\"http://x/y.svg#a\"/>", "`href=`"),
            ("<link rel=\"stylesheet\" href=\"#x\">", "`<link>`"),
            (
                "<meta http-equiv=\"refresh\" content=\"0;url=x\">",
                "refresh",
            ),
            ("{{ get_env(name=\"HOME\") }}", "`get_env`"),
            ("{% set t = now() %}", "`now`"),
        ] {
            assert!(refused(text).contains(said), "{text}: {}", refused(text));
        }
    }

    #[test]
    fn markup_styles_and_references_inside_the_sheet_pass() {
        for text in [
            "<use href=\"#b-{{ u.branch }}\"/>",
            "<rect fill=\"url(#p-{{ k }})\"/>",
            "<img src=\"data:image/png;base64,AAAA\">",
            "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
            "<p>Carry on = keep going; the scripture says</p>",
            "<p class=\"onward\">{{ s.header.title }}</p>",
            "{# now( is a comment word #} <p>right now (at dawn)</p>",
            "<p>{{ s.known | length }}</p>",
        ] {
            assert_eq!(vet(text), None, "{text}");
        }
    }

    #[test]
    fn the_first_refusal_names_its_line() {
        let found = vet("<p>\n</p>\n<img src=\"http://x/\">\n<script></script>").unwrap();
        assert_eq!(found.line, 3);
        assert!(found.what.contains("`src=`"), "{}", found.what);
    }
}
