//! The pages `muster watch --serve` makes up: the index of scenarios and briefings,
//! and the small script injected into served HTML that reloads it after a rebuild
//! (files on disk stay script-free).

use crate::beneath::{Dir, Kind};

/// The endpoint the injected script polls; its body is the build counter.
pub const VERSION_PATH: &str = "/__muster/version";

/// The reload script, primed with the version the page was served at so a rebuild
/// landing between serving and the first poll is not missed; `nonce` is the one
/// the response's Content-Security-Policy allows.
pub fn reload_script(version: u64, nonce: &str) -> String {
    format!(
        "<script nonce=\"{nonce}\">/* injected by muster watch --serve: reload after each rebuild */\n\
         (function(){{var v=\"{version}\";function poll(){{fetch(\"{VERSION_PATH}\",{{cache:\"no-store\"}})\
         .then(function(r){{return r.text()}}).then(function(t){{if(t!==v){{location.reload();return}}\
         setTimeout(poll,500)}}).catch(function(){{setTimeout(poll,2000)}})}}setTimeout(poll,500)}})();</script>\n"
    )
}

/// `html` with the reload script placed before its last `</body>` (or appended),
/// and the page's own CSP (a `<meta>` that forbids every script) opened for that
/// one script: a browser enforces both policies, so the header's nonce alone
/// would not run it.
pub fn inject(html: &str, version: u64, nonce: &str) -> String {
    let html = admit_in_meta_csp(html, nonce);
    let script = reload_script(version, nonce);
    match html.to_ascii_lowercase().rfind("</body>") {
        Some(at) => format!("{}{script}{}", &html[..at], &html[at..]),
        None => format!("{html}{script}"),
    }
}

/// The served copy of a page whose `<meta http-equiv="Content-Security-Policy">`
/// lets the reload script run (by `nonce`) and poll (`connect-src 'self'`);
/// every other directive stays as written.
fn admit_in_meta_csp(html: &str, nonce: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let Some(meta) = lower.find("http-equiv=\"content-security-policy\"") else {
        return html.to_string();
    };
    let tag_end = lower[meta..].find('>').map_or(lower.len(), |e| meta + e);
    let tag_start = lower[..meta].rfind('<').unwrap_or(meta);
    let Some(content) = lower[tag_start..tag_end]
        .find("content=\"")
        .map(|c| tag_start + c + "content=\"".len())
    else {
        return html.to_string();
    };
    let Some(close) = html[content..tag_end].find('"').map(|c| content + c) else {
        return html.to_string();
    };
    let mut directives: Vec<String> = html[content..close]
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .filter(|d| {
            let name = d.split_whitespace().next().unwrap_or("");
            !name.eq_ignore_ascii_case("script-src") && !name.eq_ignore_ascii_case("connect-src")
        })
        .map(str::to_string)
        .collect();
    directives.push(format!("script-src 'nonce-{nonce}'"));
    directives.push("connect-src 'self'".to_string());
    format!(
        "{}{}{}",
        &html[..content],
        directives.join("; "),
        &html[close..]
    )
}

/// Text safe inside HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Percent-encodes a path segment for a link.
pub(crate) fn encode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The index: one section per scenario folder in the output, a link per file.
pub fn index(out: &Dir, status: &str, version: u64, nonce: &str) -> String {
    let mut body = String::new();
    let mut scenarios = sorted_entries(out);
    scenarios.retain(|(_, is_dir)| *is_dir);
    if scenarios.is_empty() {
        body.push_str(
            "<p>No briefings built yet: a scenario is built once it has no errors.</p>\n",
        );
    }
    for (name, _) in &scenarios {
        body.push_str(&format!("<section>\n<h2>{}</h2>\n<ul>\n", escape(name)));
        let mut files = out
            .sub(std::ffi::OsStr::new(name), false)
            .map(|d| sorted_entries(&d))
            .unwrap_or_default();
        files.retain(|(f, is_dir)| !is_dir && !f.starts_with('.'));
        // Briefings first, then the JSON.
        files.sort_by_key(|(f, _)| (!f.ends_with(".html"), f.clone()));
        for (file, _) in files {
            body.push_str(&format!(
                "<li><a href=\"/{}/{}\">{}</a></li>\n",
                encode(name),
                encode(&file),
                escape(&file)
            ));
        }
        body.push_str("</ul>\n</section>\n");
    }
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>muster watch</title>\n<style>body{{font-family:system-ui,sans-serif;\
         max-width:50rem;margin:2rem auto;padding:0 1rem}}pre{{white-space:pre-wrap}}</style>\n\
         </head>\n<body>\n<h1>Scenarios and briefings</h1>\n<pre>{}</pre>\n{body}{}</body>\n</html>\n",
        escape(status),
        reload_script(version, nonce)
    )
}

/// Visible entries of a folder as (name, is folder), sorted by name; links and
/// other odd files are left out.
fn sorted_entries(dir: &Dir) -> Vec<(String, bool)> {
    let mut entries: Vec<(String, bool)> = dir
        .entries()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, kind)| {
            let name = name.to_str()?.to_string();
            match kind {
                Kind::Folder => Some((name, true)),
                Kind::File => Some((name, false)),
                Kind::Other => None,
            }
        })
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    entries.sort();
    entries
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::fs;

    #[test]
    fn injects_before_the_body_ends() {
        let page = inject("<html><body><p>x</p></BODY></html>", 3, "n0");
        let script = page.find("<script nonce=\"n0\">").unwrap();
        assert!(script > page.find("<p>x</p>").unwrap());
        assert!(script < page.find("</BODY>").unwrap());
        assert!(page.contains("var v=\"3\""));
        assert!(inject("plain", 1, "n").starts_with("plain<script nonce=\"n\">"));
    }

    #[test]
    fn the_pages_own_csp_admits_only_the_reload_script() {
        let page =
            "<head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
                    script-src 'none'; img-src data:\"></head><body></body>";
        let served = inject(page, 1, "n1");
        assert!(
            served.contains(
                "content=\"default-src 'none'; img-src data:; script-src 'nonce-n1'; \
                 connect-src 'self'\">"
            ),
            "{served}"
        );
    }

    #[test]
    fn index_lists_scenarios_and_their_files() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("pegasus-bridge")).unwrap();
        fs::write(dir.path().join("pegasus-bridge/umpire.html"), "").unwrap();
        fs::write(dir.path().join("pegasus-bridge/scenario.json"), "").unwrap();
        fs::write(dir.path().join("pegasus-bridge/.muster-tmp-x"), "").unwrap();
        let page = index(&Dir::open(dir.path()).unwrap(), "a <b> c", 1, "n");
        assert!(page.contains("<h2>pegasus-bridge</h2>"));
        assert!(page.contains("<a href=\"/pegasus-bridge/umpire.html\">umpire.html</a>"));
        assert!(!page.contains("muster-tmp"));
        assert!(page.find("umpire.html") < page.find("scenario.json"));
        assert!(page.contains("a &lt;b&gt; c"));
    }
}
