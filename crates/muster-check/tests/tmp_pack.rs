#![allow(clippy::unwrap_used)]
#[test]
fn dump() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut w = muster_model::MemoryWorld::new();
    let mut scen = vec![];
    for dir in ["", "lib/"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "muster") {
                let name = format!("{dir}{}", p.file_name().unwrap().to_string_lossy());
                w.insert(name.clone(), std::fs::read_to_string(&p).unwrap());
                if dir.is_empty() {
                    scen.push(name);
                }
            }
        }
    }
    scen.sort();
    for s in scen {
        let o = muster_check::run(&w, &s, &Default::default());
        for d in &o.diagnostics {
            let (f, line) = d
                .primary()
                .map(|l| {
                    let f = &o.model.files[l.file.0 as usize];
                    (
                        f.path.clone(),
                        f.text[..l.span.start].matches('\n').count() + 1,
                    )
                })
                .unwrap_or_default();
            eprintln!("{s}: {} {:?} {f}:{line} {}", d.code, d.severity, d.message);
        }
    }
}
