//! Merging a scenario's printed sheets into its game pack: one PDF, the pages of
//! each sheet copied as Chromium printed them (each keeps its own size, landscape
//! or portrait, and its page marks), with one bookmark per sheet.
//!
//! It reads what Chromium writes (cross-reference tables, every object written
//! whole) and refuses anything else with a reason, never a panic: a general PDF
//! library cost about a quarter of a first release build for this one join. Only
//! what the pages use is copied, so each sheet's catalogue, outline and structure
//! tree are left behind.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::Write as _;

/// One PDF object as read. Numbers, names, strings, `true`, `false` and `null`
/// keep their written bytes, so they are written back exactly as they came.
#[derive(Debug, Clone, PartialEq)]
enum Obj {
    Atom(Vec<u8>),
    Ref(u32),
    Array(Vec<Obj>),
    Dict(Dict),
    Stream(Dict, Vec<u8>),
}

/// A dictionary's entries in written order; keys with their slash (`/Type`).
type Dict = Vec<(Vec<u8>, Obj)>;

fn get<'d>(dict: &'d Dict, key: &[u8]) -> Option<&'d Obj> {
    dict.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn set(dict: &mut Dict, key: &[u8], value: Obj) {
    match dict.iter_mut().find(|(k, _)| k == key) {
        Some((_, v)) => *v = value,
        None => dict.push((key.to_vec(), value)),
    }
}

/// Nesting a printed sheet never reaches; deeper input is refused, not followed.
const DEEPEST: usize = 64;

/// A reader of PDF syntax over the bytes of one file.
struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
}

fn is_space(c: u8) -> bool {
    matches!(c, 0 | b'\t' | b'\n' | 0x0c | b'\r' | b' ')
}

fn is_delimiter(c: u8) -> bool {
    matches!(
        c,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

impl<'a> Lexer<'a> {
    fn at(b: &'a [u8], i: usize) -> Self {
        Lexer {
            b,
            i: i.min(b.len()),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if is_space(c) {
                self.i += 1;
            } else if c == b'%' {
                while self.peek().is_some_and(|c| c != b'\n' && c != b'\r') {
                    self.i += 1;
                }
            } else {
                break;
            }
        }
    }

    /// The bytes up to the next space or delimiter.
    fn word(&mut self) -> &'a [u8] {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| !is_space(c) && !is_delimiter(c))
        {
            self.i += 1;
        }
        &self.b[start..self.i]
    }

    fn keyword(&mut self, word: &[u8]) -> bool {
        self.skip_space();
        let start = self.i;
        if self.word() == word {
            true
        } else {
            self.i = start;
            false
        }
    }

    fn integer(&mut self) -> Option<u64> {
        self.skip_space();
        let start = self.i;
        let w = self.word();
        match std::str::from_utf8(w).ok().and_then(|s| s.parse().ok()) {
            Some(n) => Some(n),
            None => {
                self.i = start;
                None
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Obj, String> {
        if depth > DEEPEST {
            return Err("objects nested too deep".into());
        }
        self.skip_space();
        let start = self.i;
        match self.peek() {
            None => Err("the file ends inside an object".into()),
            Some(b'/') => {
                self.i += 1;
                self.word();
                Ok(Obj::Atom(self.b[start..self.i].to_vec()))
            }
            Some(b'(') => {
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    self.i += 1;
                    match c {
                        b'\\' => self.i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                return Ok(Obj::Atom(self.b[start..self.i].to_vec()));
                            }
                        }
                        _ => {}
                    }
                }
                Err("a string is never closed".into())
            }
            Some(b'<') if self.b.get(self.i + 1) == Some(&b'<') => {
                self.i += 2;
                Ok(Obj::Dict(self.dict(depth)?))
            }
            Some(b'<') => {
                let end = self.b[self.i..]
                    .iter()
                    .position(|&c| c == b'>')
                    .ok_or("a hex string is never closed")?;
                self.i += end + 1;
                Ok(Obj::Atom(self.b[start..self.i].to_vec()))
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    if self.peek() == Some(b']') {
                        self.i += 1;
                        return Ok(Obj::Array(items));
                    }
                    items.push(self.value(depth + 1)?);
                }
            }
            Some(c) if c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.') => {
                let number = self.word().to_vec();
                // `12 0 R` is a reference: two integers and an `R`.
                let after = self.i;
                if number.iter().all(u8::is_ascii_digit) {
                    if let (Some(_), true) = (self.integer(), self.keyword(b"R")) {
                        let n = std::str::from_utf8(&number)
                            .ok()
                            .and_then(|s| s.parse().ok())
                            .ok_or("an object number out of range")?;
                        return Ok(Obj::Ref(n));
                    }
                }
                self.i = after;
                Ok(Obj::Atom(number))
            }
            Some(_) => match self.word() {
                w @ (b"true" | b"false" | b"null") => Ok(Obj::Atom(w.to_vec())),
                w => Err(format!(
                    "unexpected `{}` at byte {start}",
                    String::from_utf8_lossy(&w[..w.len().min(20)])
                )),
            },
        }
    }

    fn dict(&mut self, depth: usize) -> Result<Dict, String> {
        let mut dict = Dict::new();
        loop {
            self.skip_space();
            if self
                .b
                .get(self.i..)
                .is_some_and(|rest| rest.starts_with(b">>"))
            {
                self.i += 2;
                return Ok(dict);
            }
            let Obj::Atom(key) = self.value(depth + 1)? else {
                return Err("a dictionary key is not a name".into());
            };
            if !key.starts_with(b"/") {
                return Err("a dictionary key is not a name".into());
            }
            let value = self.value(depth + 1)?;
            dict.push((key, value));
        }
    }
}

/// One PDF as read: where each object starts, and its trailer.
struct Doc<'a> {
    bytes: &'a [u8],
    offsets: HashMap<u32, usize>,
    trailer: Dict,
}

impl<'a> Doc<'a> {
    fn load(bytes: &'a [u8]) -> Result<Doc<'a>, String> {
        if !bytes.starts_with(b"%PDF-") {
            return Err("not a PDF".into());
        }
        let tail = bytes.len().saturating_sub(1024);
        let at = find_last(&bytes[tail..], b"startxref")
            .map(|i| tail + i + b"startxref".len())
            .ok_or("no `startxref` at its end")?;
        let mut pos = Lexer::at(bytes, at)
            .integer()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or("no offset after `startxref`")?;
        let mut offsets = HashMap::new();
        let mut trailer = None;
        // Newest section first; an update's `Prev` leads to the one it amends.
        for _ in 0..32 {
            let mut lx = Lexer::at(bytes, pos);
            if !lx.keyword(b"xref") {
                return Err("its cross-references are not a table".into());
            }
            while let Some(first) = lx.integer() {
                let count = lx
                    .integer()
                    .ok_or("a cross-reference section without a count")?;
                for n in first..first.saturating_add(count) {
                    let offset = lx.integer().ok_or("a short cross-reference entry")?;
                    lx.integer().ok_or("a short cross-reference entry")?;
                    lx.skip_space();
                    let kind = lx.word();
                    let (Ok(n), Ok(offset)) = (u32::try_from(n), usize::try_from(offset)) else {
                        return Err("a cross-reference entry out of range".into());
                    };
                    if kind == b"n" {
                        offsets.entry(n).or_insert(offset);
                    }
                }
            }
            if !lx.keyword(b"trailer") {
                return Err("no trailer after the cross-references".into());
            }
            let Obj::Dict(section) = lx.value(0)? else {
                return Err("the trailer is not a dictionary".into());
            };
            let prev = match get(&section, b"/Prev") {
                Some(Obj::Atom(n)) => std::str::from_utf8(n).ok().and_then(|s| s.parse().ok()),
                _ => None,
            };
            trailer.get_or_insert(section);
            match prev {
                Some(p) => pos = p,
                None => {
                    return Ok(Doc {
                        bytes,
                        offsets,
                        trailer: trailer.unwrap_or_default(),
                    })
                }
            }
        }
        Err("too many updates".into())
    }

    /// Object `n`'s value, and a reader just after it (where a stream would start).
    fn value_of(&self, n: u32) -> Result<(Obj, Lexer<'a>), String> {
        let &at = self
            .offsets
            .get(&n)
            .ok_or(format!("object {n} is missing"))?;
        let mut lx = Lexer::at(self.bytes, at);
        if lx.integer() != Some(u64::from(n)) || lx.integer().is_none() || !lx.keyword(b"obj") {
            return Err(format!("object {n} is not where its cross-reference says"));
        }
        let value = lx.value(0)?;
        Ok((value, lx))
    }

    /// Object `n`, its stream's data included.
    fn object(&self, n: u32) -> Result<Obj, String> {
        let (value, mut lx) = self.value_of(n)?;
        let Obj::Dict(dict) = value else {
            return Ok(value);
        };
        if !lx.keyword(b"stream") {
            return Ok(Obj::Dict(dict));
        }
        // The data starts after the end of the `stream` line.
        if lx.peek() == Some(b'\r') {
            lx.i += 1;
        }
        if lx.peek() == Some(b'\n') {
            lx.i += 1;
        }
        let length = match get(&dict, b"/Length") {
            Some(Obj::Ref(r)) => self.value_of(*r)?.0,
            Some(other) => other.clone(),
            None => return Err(format!("object {n}'s stream has no length")),
        };
        let length = match length {
            Obj::Atom(l) => std::str::from_utf8(&l)
                .ok()
                .and_then(|s| s.parse::<usize>().ok()),
            _ => None,
        }
        .ok_or(format!("object {n}'s stream length is not a number"))?;
        let data = self
            .bytes
            .get(lx.i..lx.i.saturating_add(length))
            .ok_or(format!("object {n}'s stream runs past the end"))?;
        Ok(Obj::Stream(dict, data.to_vec()))
    }

    fn dict(&self, obj: &Obj) -> Result<Dict, String> {
        match obj {
            Obj::Dict(d) | Obj::Stream(d, _) => Ok(d.clone()),
            Obj::Ref(n) => match self.object(*n)? {
                Obj::Dict(d) | Obj::Stream(d, _) => Ok(d),
                _ => Err(format!("object {n} is not a dictionary")),
            },
            _ => Err("a dictionary was expected".into()),
        }
    }

    /// The pages in order, each with the attributes it inherits from its page tree
    /// made its own (the merged document has a page tree of its own).
    fn pages(&self) -> Result<Vec<(u32, Dict)>, String> {
        let root = get(&self.trailer, b"/Root").ok_or("no catalogue")?;
        let catalog = self.dict(root)?;
        let Some(Obj::Ref(tree)) = get(&catalog, b"/Pages") else {
            return Err("no page tree".into());
        };
        let mut pages = Vec::new();
        let mut seen = HashSet::new();
        self.walk(*tree, &Dict::new(), 0, &mut seen, &mut pages)?;
        Ok(pages)
    }

    fn walk(
        &self,
        node: u32,
        inherited: &Dict,
        depth: usize,
        seen: &mut HashSet<u32>,
        pages: &mut Vec<(u32, Dict)>,
    ) -> Result<(), String> {
        if depth > DEEPEST || !seen.insert(node) {
            return Err("the page tree loops or is too deep".into());
        }
        let mut dict = self.dict(&Obj::Ref(node))?;
        let mut passed = inherited.clone();
        for key in INHERITED {
            match get(&dict, key) {
                Some(v) => set(&mut passed, key, v.clone()),
                None => {
                    if let Some(v) = get(inherited, key) {
                        set(&mut dict, key, v.clone());
                    }
                }
            }
        }
        match get(&dict, b"/Type") {
            Some(Obj::Atom(t)) if t == b"/Pages" => {
                let kids = match get(&dict, b"/Kids") {
                    Some(Obj::Array(kids)) => kids.clone(),
                    _ => return Err(format!("page tree node {node} has no kids")),
                };
                for kid in kids {
                    let Obj::Ref(kid) = kid else {
                        return Err(format!(
                            "page tree node {node} has a kid that is not a reference"
                        ));
                    };
                    self.walk(kid, &passed, depth + 1, seen, pages)?;
                }
                Ok(())
            }
            _ => {
                pages.push((node, dict));
                Ok(())
            }
        }
    }
}

/// The page attributes a page may inherit from its page tree.
const INHERITED: [&[u8]; 4] = [b"/MediaBox", b"/CropBox", b"/Resources", b"/Rotate"];

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// How many pages a PDF has (0 when it cannot be read).
pub fn page_count(bytes: &[u8]) -> usize {
    Doc::load(bytes)
        .and_then(|d| d.pages())
        .map_or(0, |p| p.len())
}

/// The merged file as it is written: objects by number, then the table.
struct Out {
    bytes: Vec<u8>,
    /// Where each object starts, by its number (0 is the table's free head).
    offsets: Vec<usize>,
}

impl Out {
    fn write(&mut self, n: u32, obj: &Obj) {
        let n = n as usize;
        if self.offsets.len() <= n {
            self.offsets.resize(n + 1, 0);
        }
        self.offsets[n] = self.bytes.len();
        let _ = writeln!(self.bytes, "{n} 0 obj");
        emit(&mut self.bytes, obj);
        self.bytes.extend_from_slice(b"\nendobj\n");
    }
}

fn emit(out: &mut Vec<u8>, obj: &Obj) {
    match obj {
        Obj::Atom(a) => out.extend_from_slice(a),
        Obj::Ref(n) => {
            let _ = write!(out, "{n} 0 R");
        }
        Obj::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                emit(out, item);
            }
            out.push(b']');
        }
        Obj::Dict(d) => emit_dict(out, d),
        Obj::Stream(d, data) => {
            let mut d = d.clone();
            set(
                &mut d,
                b"/Length",
                Obj::Atom(data.len().to_string().into_bytes()),
            );
            emit_dict(out, &d);
            out.extend_from_slice(b"\nstream\n");
            out.extend_from_slice(data);
            out.extend_from_slice(b"\nendstream");
        }
    }
}

fn emit_dict(out: &mut Vec<u8>, d: &Dict) {
    out.extend_from_slice(b"<<");
    for (k, v) in d {
        out.extend_from_slice(k);
        out.push(b' ');
        emit(out, v);
        out.push(b'\n');
    }
    out.extend_from_slice(b">>");
}

/// A text string any reader shows as written: UTF-16 with its byte-order mark.
fn text_string(s: &str) -> Obj {
    let mut hex = String::from("<FEFF");
    for unit in s.encode_utf16() {
        hex.push_str(&format!("{unit:04X}"));
    }
    hex.push('>');
    Obj::Atom(hex.into_bytes())
}

fn name(n: &str) -> Obj {
    Obj::Atom(format!("/{n}").into_bytes())
}

fn number(n: usize) -> Obj {
    Obj::Atom(n.to_string().into_bytes())
}

/// Gives copied objects their new numbers, in the order they are first met.
struct Renumber {
    map: HashMap<u32, u32>,
    queue: VecDeque<u32>,
}

impl Renumber {
    fn id(&mut self, old: u32, next: &mut u32) -> u32 {
        *self.map.entry(old).or_insert_with(|| {
            self.queue.push_back(old);
            *next += 1;
            *next - 1
        })
    }

    fn apply(&mut self, obj: &mut Obj, next: &mut u32) {
        match obj {
            Obj::Ref(n) => *n = self.id(*n, next),
            Obj::Array(items) => items.iter_mut().for_each(|o| self.apply(o, next)),
            Obj::Dict(d) | Obj::Stream(d, _) => {
                d.iter_mut().for_each(|(_, v)| self.apply(v, next));
            }
            Obj::Atom(_) => {}
        }
    }
}

/// Merges PDFs given as (bookmark title, bytes), in that order.
pub fn merge(sheets: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    // 1: the page tree, 2: the catalogue, 3: the outline; copies from 4 on.
    const PAGES: u32 = 1;
    const CATALOG: u32 = 2;
    const OUTLINE: u32 = 3;
    let mut out = Out {
        bytes: b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec(),
        offsets: vec![0; 4],
    };
    let mut next = 4u32;
    let mut kids = Vec::new();
    let mut marks = Vec::new();
    for (title, bytes) in sheets {
        let doc = Doc::load(bytes).map_err(|e| format!("{title}: {e}"))?;
        let pages = doc.pages().map_err(|e| format!("{title}: {e}"))?;
        if pages.is_empty() {
            return Err(format!("{title}: the printed PDF has no page"));
        }
        let mut renumber = Renumber {
            map: HashMap::new(),
            queue: VecDeque::new(),
        };
        let mut prepared = HashMap::new();
        for (old, dict) in pages {
            let new = renumber.id(old, &mut next);
            // the sheet's first page carries its bookmark
            if prepared.is_empty() {
                marks.push((title.clone(), new));
            }
            kids.push(new);
            prepared.insert(old, dict);
        }
        while let Some(old) = renumber.queue.pop_front() {
            let new = renumber.id(old, &mut next);
            let (mut obj, page) = match prepared.remove(&old) {
                Some(mut page) => {
                    // the merged tree is its parent; the sheet's own is not copied
                    page.retain(|(k, _)| k != b"/Parent");
                    (Obj::Dict(page), true)
                }
                None => (doc.object(old).map_err(|e| format!("{title}: {e}"))?, false),
            };
            renumber.apply(&mut obj, &mut next);
            if let (Obj::Dict(d), true) = (&mut obj, page) {
                set(d, b"/Parent", Obj::Ref(PAGES));
            }
            out.write(new, &obj);
        }
    }
    if kids.is_empty() {
        return Err("no sheet to join".into());
    }
    out.write(
        PAGES,
        &Obj::Dict(vec![
            (b"/Type".to_vec(), name("Pages")),
            (b"/Count".to_vec(), number(kids.len())),
            (
                b"/Kids".to_vec(),
                Obj::Array(kids.iter().map(|&k| Obj::Ref(k)).collect()),
            ),
        ]),
    );
    let first_mark = next;
    for (i, (title, page)) in marks.iter().enumerate() {
        let id = first_mark + i as u32;
        let mut item = vec![
            (b"/Title".to_vec(), text_string(title)),
            (b"/Parent".to_vec(), Obj::Ref(OUTLINE)),
            (
                b"/Dest".to_vec(),
                Obj::Array(vec![Obj::Ref(*page), name("Fit")]),
            ),
        ];
        if i > 0 {
            item.push((b"/Prev".to_vec(), Obj::Ref(id - 1)));
        }
        if i + 1 < marks.len() {
            item.push((b"/Next".to_vec(), Obj::Ref(id + 1)));
        }
        out.write(id, &Obj::Dict(item));
    }
    let last_mark = first_mark + marks.len() as u32 - 1;
    out.write(
        OUTLINE,
        &Obj::Dict(vec![
            (b"/Type".to_vec(), name("Outlines")),
            (b"/First".to_vec(), Obj::Ref(first_mark)),
            (b"/Last".to_vec(), Obj::Ref(last_mark)),
            (b"/Count".to_vec(), number(marks.len())),
        ]),
    );
    out.write(
        CATALOG,
        &Obj::Dict(vec![
            (b"/Type".to_vec(), name("Catalog")),
            (b"/Pages".to_vec(), Obj::Ref(PAGES)),
            (b"/Outlines".to_vec(), Obj::Ref(OUTLINE)),
            (b"/PageMode".to_vec(), name("UseOutlines")),
        ]),
    );
    let table = out.bytes.len();
    let size = out.offsets.len();
    let _ = write!(out.bytes, "xref\n0 {size}\n0000000000 65535 f \n");
    for &offset in &out.offsets[1..] {
        let _ = writeln!(out.bytes, "{offset:010} 00000 n ");
    }
    let _ = write!(
        out.bytes,
        "trailer\n<</Size {size} /Root {CATALOG} 0 R>>\nstartxref\n{table}\n%%EOF\n"
    );
    Ok(out.bytes)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;

    /// A PDF of `n` pages of the given width, written the way Chromium writes one:
    /// a table of cross-references, the media box on the page tree, a structure
    /// tree and an outline of its own that the join leaves behind.
    fn pdf(n: usize, width: i64) -> Vec<u8> {
        let mut objects: Vec<String> = Vec::new();
        // 1 catalogue, 2 page tree, 3 structure tree, 4 font; pages and contents after.
        let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 5 + 2 * i)).collect();
        objects.push("<</Type /Catalog /Pages 2 0 R /StructTreeRoot 3 0 R>>".into());
        objects.push(format!(
            "<</Type /Pages /Count {n} /Kids [{}] /MediaBox [0 0 {width} 842] /Resources <</Font <</F1 4 0 R>>>>>>",
            kids.join(" ")
        ));
        objects.push("<</Type /StructTreeRoot /K []>>".into());
        objects.push("<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>".into());
        for i in 0..n {
            objects.push(format!(
                "<</Type /Page /Parent 2 0 R /Contents {} 0 R /StructParents {i}>>",
                6 + 2 * i
            ));
            let content = format!("BT /F1 12 Tf 72 720 Td (page {i} \\) ) Tj ET");
            objects.push(format!(
                "<</Length {}>>\nstream\n{content}\nendstream",
                content.len()
            ));
        }
        let mut bytes = b"%PDF-1.4\n".to_vec();
        let mut offsets = Vec::new();
        for (i, o) in objects.iter().enumerate() {
            offsets.push(bytes.len());
            bytes.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
        }
        let table = bytes.len();
        bytes.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
        );
        for o in offsets {
            bytes.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
        }
        bytes.extend_from_slice(
            format!(
                "trailer\n<</Size {} /Root 1 0 R>>\nstartxref\n{table}\n%%EOF\n",
                objects.len() + 1
            )
            .as_bytes(),
        );
        bytes
    }

    fn atom(o: Option<&Obj>) -> String {
        match o {
            Some(Obj::Atom(a)) => String::from_utf8_lossy(a).into_owned(),
            other => panic!("not an atom: {other:?}"),
        }
    }

    #[test]
    fn pages_keep_their_order_and_size_with_a_bookmark_per_sheet() {
        let merged = merge(&[
            ("Umpire briefing".into(), pdf(2, 595)),
            ("Set-up sheet, Café Gondrée".into(), pdf(1, 842)),
        ])
        .unwrap();
        let doc = Doc::load(&merged).unwrap();
        let pages = doc.pages().unwrap();
        let widths: Vec<String> = pages
            .iter()
            .map(|(_, p)| match get(p, b"/MediaBox") {
                Some(Obj::Array(b)) => atom(b.get(2)),
                other => panic!("no media box: {other:?}"),
            })
            .collect();
        assert_eq!(widths, ["595", "595", "842"]);
        // each page keeps its contents and the font its resources name
        for (_, p) in &pages {
            let Some(Obj::Ref(c)) = get(p, b"/Contents") else {
                panic!("no contents")
            };
            let Obj::Stream(_, data) = doc.object(*c).unwrap() else {
                panic!("contents are not a stream")
            };
            assert!(data.starts_with(b"BT /F1 12 Tf"), "{data:?}");
            let res = doc.dict(get(p, b"/Resources").unwrap()).unwrap();
            let fonts = doc.dict(get(&res, b"/Font").unwrap()).unwrap();
            let font = doc.dict(get(&fonts, b"/F1").unwrap()).unwrap();
            assert_eq!(atom(get(&font, b"/BaseFont")), "/Helvetica");
        }
        // the bookmarks: one per sheet, at its first page, titles as written
        let catalog = doc.dict(get(&doc.trailer, b"/Root").unwrap()).unwrap();
        let outline = doc.dict(get(&catalog, b"/Outlines").unwrap()).unwrap();
        let mut item = get(&outline, b"/First").cloned();
        let mut titles = Vec::new();
        while let Some(Obj::Ref(n)) = item {
            let d = doc.dict(&Obj::Ref(n)).unwrap();
            let hex = atom(get(&d, b"/Title"));
            let units: Vec<u16> = hex.as_bytes()[5..hex.len() - 1]
                .chunks(4)
                .map(|c| u16::from_str_radix(std::str::from_utf8(c).unwrap(), 16).unwrap())
                .collect();
            let Some(Obj::Array(dest)) = get(&d, b"/Dest") else {
                panic!("no destination")
            };
            let page = pages
                .iter()
                .position(|(id, _)| Some(&Obj::Ref(*id)) == dest.first());
            titles.push((String::from_utf16(&units).unwrap(), page));
            item = get(&d, b"/Next").cloned();
        }
        assert_eq!(
            titles,
            [
                ("Umpire briefing".to_string(), Some(0)),
                ("Set-up sheet, Café Gondrée".to_string(), Some(2))
            ]
        );
        // what only the sheets' own catalogues held is left behind
        assert!(!merged.windows(14).any(|w| w == b"StructTreeRoot"));
        assert_eq!(page_count(&merged), 3);
    }

    #[test]
    fn a_broken_pdf_is_an_error_not_a_panic() {
        assert!(merge(&[("x".into(), b"not a pdf".to_vec())]).is_err());
        let good = pdf(1, 595);
        // every cut of a good file is refused or read, never a panic
        for cut in (0..good.len()).step_by(7) {
            let _ = merge(&[("x".into(), good[..cut].to_vec())]);
            let _ = page_count(&good[..cut]);
        }
        // a trailer nested far too deep is refused, not followed down
        let deep = format!(
            "%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer\n<</Root {}\nstartxref\n9\n%%EOF\n",
            "[".repeat(100_000)
        );
        let e = merge(&[("Deep".into(), deep.into_bytes())]).unwrap_err();
        assert_eq!(e, "Deep: objects nested too deep");
    }

    #[test]
    fn a_cross_reference_stream_is_refused_with_its_reason() {
        let pdf = b"%PDF-1.5\n1 0 obj\n<</Type /XRef>>\nstream\n\nendstream\nendobj\nstartxref\n9\n%%EOF\n";
        let e = merge(&[("Umpire".into(), pdf.to_vec())]).unwrap_err();
        assert_eq!(e, "Umpire: its cross-references are not a table");
    }
}
