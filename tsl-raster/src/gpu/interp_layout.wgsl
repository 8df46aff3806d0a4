// Generated from the Rust tables by tsl-raster/src/gpu/contract.rs; do not edit by hand
// (`TSL_BLESS=1 cargo test -p tsl-raster --features gpu generated_wgsl` rewrites it).

// The lanes of a batch (tsl_core::LANES).
const LANES: u32 = 64u;

// `InterpParams` (gpu/layout.rs): the uniform.
struct Params {
    start: u32,
    count: u32,
    lanes: u32,
    reserved: u32,
}
