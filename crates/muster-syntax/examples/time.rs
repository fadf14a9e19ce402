//! Times parsing a file: `cargo run --release -p muster-syntax --example time FILE`.
#![allow(clippy::unwrap_used, clippy::print_stdout)]
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let start = std::time::Instant::now();
    let p = muster_syntax::parse(muster_syntax::FileId(0), &text);
    let t = start.elapsed();
    println!(
        "{} bytes, {} items, {} diagnostics, {:?}, {:.1} MB/s",
        text.len(),
        p.file.items.len(),
        p.diagnostics.len(),
        t,
        text.len() as f64 / t.as_secs_f64() / 1e6
    );
}
