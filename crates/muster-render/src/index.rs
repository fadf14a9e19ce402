//! The output folder's `index.html`: every scenario built, each sheet with whom
//! it is for, so an umpire hands out the right paper. Pure: the CLI writes it.

use crate::build::OutputFile;

/// One built scenario as the index lists it.
#[derive(Debug, Clone)]
pub struct IndexScenario {
    /// The scenario's title.
    pub title: String,
    /// Its output files (only those with a [`crate::Sheet`] are listed).
    pub files: Vec<OutputFile>,
    /// The game pack's path when the sheets were printed: each sheet's PDF
    /// then stands beside its HTML and the index links both.
    pub game_pack: Option<String>,
}

/// Text safe inside HTML, attributes included.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Percent-encodes each segment of an output-relative path for a link.
fn href(path: &str) -> String {
    path.split('/')
        .map(|seg| {
            seg.bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                        (b as char).to_string()
                    }
                    _ => format!("%{b:02X}"),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The index page, scenarios in the order given.
pub fn index_html(scenarios: &[IndexScenario], generator: &str) -> String {
    let mut body = String::new();
    if scenarios.is_empty() {
        body.push_str("<p>No scenario was built: a scenario is built once it has no errors.</p>\n");
    }
    for sc in scenarios {
        body.push_str(&format!(
            "<section>\n<h2>{}</h2>\n{}<table>\n<thead><tr><th>Sheet</th><th>For</th><th>File</th>{}</tr></thead>\n<tbody>\n",
            escape(&sc.title),
            sc.game_pack.as_ref().map_or_else(String::new, |p| format!(
                "<p>Every sheet in one PDF: <a href=\"{}\">{}</a></p>\n",
                escape(&href(p)),
                escape(p)
            )),
            if sc.game_pack.is_some() { "<th>PDF</th>" } else { "" }
        ));
        for f in &sc.files {
            let Some(sheet) = &f.sheet else { continue };
            let pdf = match (&sc.game_pack, f.path.strip_suffix(".html")) {
                (Some(_), Some(stem)) => {
                    let p = format!("{stem}.pdf");
                    format!(
                        "<td><a href=\"{}\">{}</a></td>",
                        escape(&href(&p)),
                        escape(&p)
                    )
                }
                _ => String::new(),
            };
            body.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td><a href=\"{}\">{}</a></td>{pdf}</tr>\n",
                escape(&sheet.what),
                escape(&sheet.for_whom),
                escape(&href(&f.path)),
                escape(&f.path)
            ));
        }
        body.push_str("</tbody>\n</table>\n</section>\n");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <meta name=\"generator\" content=\"{}\">\n<title>Scenario sheets</title>\n\
         <style>body{{font:11pt/1.4 \"Liberation Sans\",Arial,sans-serif;margin:2em;color:#000}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #888;padding:.2em .6em;text-align:left}}</style>\n\
         </head>\n<body>\n<h1>Scenario sheets</h1>\n\
         <p>Each sheet is for one reader only: the umpire's sheets hold both sides; give each side and player only their own.</p>\n\
         {body}</body>\n</html>\n",
        escape(generator)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sheet;

    #[test]
    fn every_text_is_escaped() {
        let html = index_html(
            &[IndexScenario {
                title: "<script>x</script>".into(),
                files: vec![OutputFile {
                    path: "a b/\"x\".html".into(),
                    contents: String::new(),
                    sheet: Some(Sheet {
                        what: "Side briefing".into(),
                        for_whom: "side: <b>Reds</b>".into(),
                    }),
                }],
                game_pack: None,
            }],
            "muster",
        );
        assert!(!html.contains("<script>"));
        assert!(!html.contains("<b>"));
        assert!(html.contains("href=\"a%20b/%22x%22.html\""));
    }

    #[test]
    fn a_printed_scenario_links_each_sheets_pdf_and_its_game_pack() {
        let sheet = |path: &str| OutputFile {
            path: path.into(),
            contents: String::new(),
            sheet: Some(Sheet {
                what: "Umpire briefing".into(),
                for_whom: "umpire".into(),
            }),
        };
        let scenario = |game_pack: Option<&str>| IndexScenario {
            title: "Pegasus Bridge".into(),
            files: vec![sheet("pegasus/umpire.html")],
            game_pack: game_pack.map(str::to_string),
        };
        let printed = index_html(&[scenario(Some("pegasus/game-pack.pdf"))], "muster");
        assert!(printed.contains("<a href=\"pegasus/umpire.html\">"));
        assert!(printed.contains("<a href=\"pegasus/umpire.pdf\">"));
        assert!(printed.contains("<a href=\"pegasus/game-pack.pdf\">"));
        let html_only = index_html(&[scenario(None)], "muster");
        assert!(!html_only.contains(".pdf"));
    }
}
