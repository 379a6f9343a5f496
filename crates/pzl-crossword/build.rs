//! Deflates the shipped fonts (`fonts/*.ttf`) into `OUT_DIR`, so that the binary (and the
//! WebAssembly module) carries them at half their size; `crate::fonts` inflates them once, on
//! first use.

use std::path::Path;

fn main() {
    // Without the `pdf` feature there is no print-ready page and no font to carry.
    if std::env::var_os("CARGO_FEATURE_PDF").is_none() {
        return;
    }
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
        let source = Path::new("fonts").join(name);
        println!("cargo::rerun-if-changed={}", source.display());
        let data = std::fs::read(&source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
        let packed = miniz_oxide::deflate::compress_to_vec(&data, 9);
        let target = Path::new(&out).join(format!("{name}.deflate"));
        std::fs::write(&target, packed).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
    }
}
