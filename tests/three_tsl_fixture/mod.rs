//! The fixtures of `tools/three_tsl_cases/` (three.js r187's canvases in
//! `tests/fixtures/three_tsl/`) and the measure the tests hold a picture to them with, shared by
//! `tests/tsl_oracle.rs` (CPU) and `tests/gpu_materials.rs` (GPU).

use std::path::PathBuf;
use tsl::raster::Image;

/// The canvas three.js drew for case `name`.
pub fn fixture(name: &str) -> Image {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/three_tsl")
        .join(format!("{name}.png"));
    Image::load_png(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// (mean absolute difference in levels, fraction of channel values within 3 levels) over RGB.
pub fn compare(ours: &Image, theirs: &Image) -> (f64, f64) {
    let (a, b) = (ours.data(), theirs.data());
    assert_eq!(a.len(), b.len(), "sizes differ");
    let (mut sum, mut within, mut count) = (0u64, 0u64, 0u64);
    for (pa, pb) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        for k in 0..3 {
            let d = u64::from(pa[k].abs_diff(pb[k]));
            sum += d;
            within += u64::from(d <= 3);
            count += 1;
        }
    }
    (sum as f64 / count as f64, within as f64 / count as f64)
}
