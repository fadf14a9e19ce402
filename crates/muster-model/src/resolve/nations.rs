//! MC110: a nation the language does not know (`nation germna`). Checked on the
//! text as written, once per place it is written, so a template used by three
//! units gives one finding, not three.

use super::{Ctx, FileItems};
use muster_rules::nations::{is_nation, NATIONS};
use muster_syntax::{ast, Code, Diagnostic, FileId, Ident};

/// Reports every unknown nation of every side, template and unit header (a
/// library's come from its cached [`super::library::Library`]).
pub(crate) fn check(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        let found = match &f.library {
            Some(lib) => lib.nations(f.file),
            None => of_file(f.file, &f.tree.items),
        };
        cx.diags.extend(found);
    }
}

/// MC110 for every unknown nation written in one file's items, in source order.
pub(crate) fn of_file(file: FileId, items: &[ast::Item]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for item in items {
        match item {
            ast::Item::Side(s) => s.nations.iter().for_each(|n| unknown(&mut out, file, n)),
            ast::Item::Template(t) => {
                if let Some(n) = &t.nation {
                    unknown(&mut out, file, n);
                }
                units(&mut out, file, &t.body.units);
            }
            ast::Item::Forces(fs) => units(&mut out, file, &fs.units),
            _ => {}
        }
    }
    out
}

fn units(out: &mut Vec<Diagnostic>, file: FileId, list: &[ast::Unit]) {
    for u in list {
        if let Some(n) = &u.nation {
            unknown(out, file, n);
        }
        units(out, file, &u.body.units);
    }
}

fn unknown(out: &mut Vec<Diagnostic>, file: FileId, n: &Ident) {
    if is_nation(&n.name) {
        return;
    }
    let list = format!("the nations are {}", NATIONS.join(", "));
    let help = match muster_syntax::wording::did_you_mean(&n.name, NATIONS.iter().copied()) {
        Some(h) => format!("{h} {list}"),
        None => list,
    };
    out.push(
        Diagnostic::error(Code::MC110, format!("unknown nation `{}`", n.name))
            .with_label(file, n.span, "not a nation muster knows")
            .with_help(help),
    );
}
