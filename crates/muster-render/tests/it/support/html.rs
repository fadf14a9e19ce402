//! Reading built sheets as text.

/// Markup removed and entities decoded.
pub fn text_of(html: &str) -> String {
    let mut t = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => t.push(c),
            _ => {}
        }
    }
    t.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&#x2F;", "/")
        .replace("&amp;", "&")
}
