//! A keystroke in a 200-line scenario that uses three libraries: replace the
//! document, re-check it, build the diagnostics to publish. Criterion gives the
//! mean; the run also prints p50 and p95 over 500 keystrokes.
//!
//! `cargo bench --profile dist -p muster-lsp --bench keystroke`

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use criterion::{criterion_group, criterion_main, Criterion};
use muster_lsp::{Disk, Workspace};
use muster_model::{World, WorldError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(Clone)]
struct Files(Arc<HashMap<String, String>>);

impl World for Files {
    fn read(&self, path: &str) -> Result<String, WorldError> {
        self.0.get(path).cloned().ok_or(WorldError::NotFound)
    }
}

struct MemDisk(Files);

impl Disk for MemDisk {
    fn pack_root(&self, _file: &Path, _folder: &Path) -> Option<PathBuf> {
        Some(PathBuf::from("/pack"))
    }
    fn world(&self, _root: &Path) -> Box<dyn World> {
        Box::new(self.0.clone())
    }
    fn config(&self, _root: &Path) -> Option<String> {
        None
    }
}

/// The shipped Arras scenario (three libraries), padded to 200 lines with
/// umpire notes, each a real item that is parsed and checked.
fn pack() -> (HashMap<String, String>, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files = HashMap::new();
    for lib in std::fs::read_dir(root.join("lib")).unwrap() {
        let p = lib.unwrap().path();
        let name = format!("lib/{}", p.file_name().unwrap().to_string_lossy());
        files.insert(name, std::fs::read_to_string(&p).unwrap());
    }
    let mut text = std::fs::read_to_string(root.join("arras-1940.muster")).unwrap();
    let mut n = 0;
    while text.lines().count() < 200 {
        n += 1;
        text.push_str(&format!("umpire \"note {n} for the umpire\"\n"));
    }
    (files, text)
}

fn keystroke(c: &mut Criterion) {
    let (files, text) = pack();
    let uses = text.lines().filter(|l| l.starts_with("use ")).count();
    assert_eq!(uses, 3);
    let mut ws = Workspace::new(
        Box::new(MemDisk(Files(Arc::new(files)))),
        vec![PathBuf::from("/pack")],
    );
    let path = PathBuf::from("/pack/arras-1940.muster");
    ws.set(path.clone(), text.clone(), 0);
    // Typing in the last note: add a letter, then take it away.
    let edited = text.replacen("note 1 for", "note 1x for", 1);
    let mut version = 0;
    let mut step = |ws: &mut Workspace| {
        version += 1;
        let t = if version % 2 == 0 { &text } else { &edited };
        let out = ws.set(path.clone(), t.clone(), version);
        muster_lsp::publish(ws, out)
    };
    c.bench_function("keystroke/200-line scenario, 3 libraries", |b| {
        b.iter(|| step(&mut ws))
    });
    let mut times: Vec<f64> = (0..500)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(step(&mut ws));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    eprintln!(
        "keystroke over 500 edits: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        times[250], times[475], times[499]
    );
}

criterion_group!(benches, keystroke);
criterion_main!(benches);
