//! Prints the tree and diagnostics of a file: `cargo run -p muster-syntax --example dump FILE`.
#![allow(clippy::unwrap_used, clippy::print_stdout)]
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let p = muster_syntax::parse_bytes(muster_syntax::FileId(0), &bytes);
    println!("{:#?}", p);
}
