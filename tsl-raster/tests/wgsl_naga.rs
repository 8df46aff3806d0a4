//! Every WGSL module the crate ships, assembled exactly as the device loads it, parses and
//! validates with naga (the front end wgpu itself runs): no adapter, no driver, so a shader that
//! would not compile fails here on any machine.
#![cfg(feature = "gpu")]

use tsl_raster::gpu::{INTERP_WGSL, RASTER_WGSL};

fn validate(name: &str, source: &str) {
    let module = naga::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{name} does not parse:\n{}", e.emit_to_string(source)));
    let mut validator = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    );
    validator
        .validate(&module)
        .unwrap_or_else(|e| panic!("{name} does not validate:\n{}", e.emit_to_string(source)));
    // The entry point the device's pipelines name.
    let main = module.entry_points.iter().find(|e| e.name == "main");
    assert!(
        main.is_some_and(|e| e.stage == naga::ShaderStage::Compute),
        "{name} has no compute entry point `main`"
    );
}

#[test]
fn the_interpreters_wgsl_validates() {
    validate("INTERP_WGSL", &INTERP_WGSL);
}

#[test]
fn the_rasterizers_wgsl_validates() {
    validate("RASTER_WGSL", &RASTER_WGSL);
}

#[test]
fn a_broken_module_fails_validation() {
    // The check can fail: a read of an undeclared constant is refused.
    let broken = RASTER_WGSL.replacen("F_WIDTH]", "F_NOT_A_FIELD]", 1);
    assert_ne!(broken, *RASTER_WGSL);
    assert!(naga::front::wgsl::parse_str(&broken).is_err());
}
