//! Merging a scenario's printed sheets into its game pack: one PDF, the pages of
//! each sheet copied as Chromium printed them (each keeps its own size, landscape
//! or portrait, and its page marks), with one bookmark per sheet.

use lopdf::{Bookmark, Dictionary, Document, Object, ObjectId};

/// How many pages a PDF has (0 when it cannot be read).
pub fn page_count(bytes: &[u8]) -> usize {
    Document::load_mem(bytes).map_or(0, |d| d.get_pages().len())
}

/// The page attributes a page may inherit from its page tree; copied onto each
/// page, since the merged document has a page tree of its own.
const INHERITED: [&[u8]; 4] = [b"MediaBox", b"CropBox", b"Resources", b"Rotate"];

/// Merges PDFs given as (bookmark title, bytes), in that order.
pub fn merge(sheets: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut out = Document::with_version("1.7");
    let pages_id = out.new_object_id();
    let mut next_id = out.max_id + 1;
    let mut kids: Vec<ObjectId> = Vec::new();
    let mut marks: Vec<(String, ObjectId)> = Vec::new();
    for (title, bytes) in sheets {
        let mut doc = Document::load_mem(bytes).map_err(|e| format!("{title}: {e}"))?;
        for page in doc.get_pages().into_values() {
            let dict = with_inherited(&doc, page).map_err(|e| format!("{title}: {e}"))?;
            doc.objects.insert(page, Object::Dictionary(dict));
        }
        doc.renumber_objects_with(next_id);
        next_id = doc.max_id + 1;
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let Some(first) = pages.first() else {
            return Err(format!("{title}: the printed PDF has no page"));
        };
        marks.push((title.clone(), *first));
        for (id, object) in std::mem::take(&mut doc.objects) {
            match object.type_name().unwrap_or(b"") {
                // The merged document has its own catalogue, page tree and outline.
                b"Catalog" | b"Pages" | b"Outlines" | b"Outline" => {}
                b"Page" => {
                    let mut page = object.as_dict().map_err(|e| e.to_string())?.clone();
                    page.set("Parent", pages_id);
                    out.objects.insert(id, Object::Dictionary(page));
                }
                _ => {
                    out.objects.insert(id, object);
                }
            }
        }
        kids.extend(pages);
    }
    let count = i64::try_from(kids.len()).map_err(|e| e.to_string())?;
    let mut tree = Dictionary::new();
    tree.set("Type", "Pages");
    tree.set("Count", count);
    tree.set(
        "Kids",
        kids.into_iter().map(Object::Reference).collect::<Vec<_>>(),
    );
    out.objects.insert(pages_id, Object::Dictionary(tree));
    out.max_id = next_id;
    let mut catalog = Dictionary::new();
    catalog.set("Type", "Catalog");
    catalog.set("Pages", pages_id);
    for (title, page) in marks {
        out.add_bookmark(Bookmark::new(title, [0.0; 3], 0, page), None);
    }
    if let Some(outline) = out.build_outline() {
        catalog.set("Outlines", outline);
        catalog.set("PageMode", "UseOutlines");
    }
    let catalog_id = out.add_object(catalog);
    out.trailer.set("Root", catalog_id);
    // Drop what only the dropped catalogues referred to (structure trees).
    out.prune_objects();
    let mut bytes = Vec::new();
    out.save_to(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The page's dictionary with the attributes it inherits made its own.
fn with_inherited(doc: &Document, page: ObjectId) -> lopdf::Result<Dictionary> {
    let mut dict = doc.get_dictionary(page)?.clone();
    for key in INHERITED {
        if dict.has(key) {
            continue;
        }
        let mut node = dict.get(b"Parent").and_then(Object::as_reference).ok();
        // A page tree is shallow; the bound stops a malformed cycle.
        for _ in 0..64 {
            let Some(id) = node else { break };
            let parent = doc.get_dictionary(id)?;
            if let Ok(value) = parent.get(key) {
                dict.set(key.to_vec(), value.clone());
                break;
            }
            node = parent.get(b"Parent").and_then(Object::as_reference).ok();
        }
    }
    Ok(dict)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use lopdf::{dictionary, Stream};

    /// A PDF of `n` pages of the given width, its media box on the page tree.
    fn pdf(n: usize, width: i64) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let mut kids = Vec::new();
        for _ in 0..n {
            let content = doc.add_object(Stream::new(dictionary! {}, b"".to_vec()));
            kids.push(Object::Reference(doc.add_object(dictionary! {
                "Type" => "Page", "Parent" => pages_id, "Contents" => content,
            })));
        }
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => kids, "Count" => i64::try_from(n).unwrap(),
                "MediaBox" => vec![0.into(), 0.into(), width.into(), 842.into()],
            }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn pages_keep_their_order_and_size_with_a_bookmark_per_sheet() {
        let merged = merge(&[
            ("Umpire briefing".into(), pdf(2, 595)),
            ("Set-up sheet".into(), pdf(1, 842)),
        ])
        .unwrap();
        let doc = Document::load_mem(&merged).unwrap();
        let widths: Vec<i64> = doc
            .get_pages()
            .into_values()
            .map(|p| {
                let page = doc.get_dictionary(p).unwrap();
                page.get(b"MediaBox").unwrap().as_array().unwrap()[2]
                    .as_i64()
                    .unwrap()
            })
            .collect();
        assert_eq!(widths, [595, 595, 842]);
        let toc = doc.get_toc().unwrap();
        let titles: Vec<(&str, usize)> =
            toc.toc.iter().map(|t| (t.title.as_str(), t.page)).collect();
        assert_eq!(titles, [("Umpire briefing", 1), ("Set-up sheet", 3)]);
    }

    #[test]
    fn a_broken_pdf_is_an_error_not_a_panic() {
        assert!(merge(&[("x".into(), b"not a pdf".to_vec())]).is_err());
    }
}
