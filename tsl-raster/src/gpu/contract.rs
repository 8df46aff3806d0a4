//! The WGSL side of the contract between the host and the shaders, written from the Rust tables
//! (a test module: the files it writes are checked in, and the build only includes them):
//! the opcodes and the bytecode's layout (`bytecode.wgsl`, from [`tsl_core::Opcode`],
//! [`tsl_core::format`] and the lane attributes), the interpreter's parameters
//! (`interp_layout.wgsl`) and the rasterizer's records (`raster_layout.wgsl`, from
//! `layout.rs`). The generated files are checked in, and the shaders are assembled from them
//! (`INTERP_WGSL`, `RASTER_WGSL`); the tests below regenerate them and fail on any difference,
//! and check that the hand-written WGSL takes every contract name from them and uses every
//! field they declare.

use super::layout::{
    BackgroundRecord, BinEntry, BlockRecord, EnvRecord, FrameRecord, HemiRecord, InterpParams,
    LightRecord, PassRecord, Record, RectRecord, ShadowRecord, TexHeader, TriRecord, VertRecord,
    VolumeRecord, BACKDROP_STAGES, ENUM_CODES, MAX_RECEIVED_LIGHTS, NONE, PASS_FLAGS, STAGES,
    THICKNESS_STAGES, VARIANT_STAGES,
};
use std::fmt::Write;
use tsl_core::format::{HEADER_WORDS, INSTRUCTION_WORDS, MAX_REGISTERS};
use tsl_core::{Attribute, Opcode, View, LANES, LANE_ATTRIBUTE_COUNT, VIEW_COUNT};

/// The generated files' first lines: where they come from, and how to rewrite them.
const HEADER: &str =
    "// Generated from the Rust tables by tsl-raster/src/gpu/contract.rs; do not edit by hand
// (`TSL_BLESS=1 cargo test -p tsl-raster --features gpu generated_wgsl` rewrites it).
";

/// `InverseSqrt` -> `INVERSE_SQRT`.
fn screaming_snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn constant(out: &mut String, name: &str, value: impl std::fmt::Display) {
    writeln!(out, "const {name}: u32 = {value}u;").unwrap();
}

/// A record's stride and the first word of each field that is not padding, with its length.
fn record<R: Record>(out: &mut String) {
    writeln!(out, "\n// {}: {} words.", R::TITLE, R::words()).unwrap();
    constant(out, R::STRIDE, R::words());
    for (i, &(field, at)) in R::FIELDS.iter().enumerate() {
        if field.starts_with('_') {
            continue;
        }
        let end = R::FIELDS.get(i + 1).map_or(R::words(), |next| next.1);
        let name = format!("{}{}", R::PREFIX, field.to_ascii_uppercase());
        if end - at == 1 {
            constant(out, &name, at);
        } else {
            writeln!(out, "const {name}: u32 = {at}u; // {} words", end - at).unwrap();
        }
    }
}

/// `bytecode.wgsl`: the opcodes, the program's layout, the lane attributes and views, for the
/// interpreter's core (both shaders).
pub(crate) fn bytecode_wgsl() -> String {
    let mut out = String::from(HEADER);
    out.push_str("\n// The program's words (tsl_core::format).\n");
    constant(&mut out, "HEADER_WORDS", HEADER_WORDS);
    constant(&mut out, "INSTRUCTION_WORDS", INSTRUCTION_WORDS);
    constant(&mut out, "MAX_REGISTERS", MAX_REGISTERS);
    out.push_str(
        "\n// The opcodes (tsl_core::Opcode), the low byte of an instruction's first word.\n",
    );
    for &op in Opcode::ALL {
        constant(
            &mut out,
            &format!("OP_{}", screaming_snake(op.variant())),
            op as u8,
        );
    }
    out.push_str(
        "\n// The lane attributes (tsl_core::Attribute::lane_index) and views (tsl_core::View).\n",
    );
    constant(&mut out, "ATTRIBUTES", LANE_ATTRIBUTE_COUNT);
    constant(&mut out, "VIEWS", VIEW_COUNT);
    for &a in Attribute::ALL {
        if let Some(index) = a.lane_index() {
            constant(
                &mut out,
                &format!("ATTR_{}", a.name().to_ascii_uppercase()),
                index,
            );
        }
    }
    for view in View::ALL {
        let name = screaming_snake(&format!("{view:?}"));
        constant(&mut out, &format!("VIEW_{name}"), view as u32);
    }
    out
}

/// `interp_layout.wgsl`: the interpreter's batch layout and parameters.
pub(crate) fn interp_layout_wgsl() -> String {
    let mut out = String::from(HEADER);
    out.push_str("\n// The lanes of a batch (tsl_core::LANES).\n");
    constant(&mut out, "LANES", LANES);
    writeln!(
        out,
        "\n// {}: the uniform.\nstruct Params {{",
        InterpParams::TITLE
    )
    .unwrap();
    for &(field, _) in InterpParams::FIELDS {
        writeln!(out, "    {}: u32,", field.trim_start_matches('_')).unwrap();
    }
    out.push_str("}\n");
    out
}

/// `raster_layout.wgsl`: the rasterizer's records, flags and codes.
pub(crate) fn raster_layout_wgsl() -> String {
    let mut out = String::from(HEADER);
    out.push_str("\n// No texture (a map's id).\n");
    writeln!(out, "const NONE: u32 = {NONE:#x}u;").unwrap();
    out.push_str("\n// The side of a bin's square tile in pixels.\n");
    constant(&mut out, "TILE", crate::raster::TILE);
    out.push_str("\n// The stages whose outputs a pass runs, in P_START and P_COUNT order.\n");
    constant(&mut out, "STAGE_COUNT", STAGES.len());
    for (k, stage) in STAGES.iter().enumerate() {
        let name = screaming_snake(&format!("{stage:?}"));
        constant(&mut out, &format!("STAGE_{name}"), k);
    }
    out.push_str(
        "\n// The thickness outputs, numbered on from STAGE_COUNT, in P_THICKNESS_START order.\n",
    );
    constant(&mut out, "THICKNESS_STAGE_COUNT", THICKNESS_STAGES.len());
    for (k, stage) in THICKNESS_STAGES.iter().enumerate() {
        let name = screaming_snake(&format!("{stage:?}"));
        constant(&mut out, &format!("STAGE_{name}"), STAGES.len() + k);
    }
    out.push_str(
        "\n// RECEIVED_SHADOW_NODE's stage, after the thickness outputs, once per direct light.\n",
    );
    constant(
        &mut out,
        "STAGE_RECEIVED_SHADOW",
        STAGES.len() + THICKNESS_STAGES.len(),
    );
    constant(&mut out, "MAX_RECEIVED_LIGHTS", MAX_RECEIVED_LIGHTS);
    out.push_str(
        "\n// The backdrop outputs, numbered on from STAGE_RECEIVED_SHADOW, in P_BACKDROP_START order.\n",
    );
    constant(&mut out, "BACKDROP_STAGE_COUNT", BACKDROP_STAGES.len());
    for (k, stage) in BACKDROP_STAGES.iter().enumerate() {
        let name = screaming_snake(&format!("{stage:?}"));
        let first = STAGES.len() + THICKNESS_STAGES.len() + 1;
        constant(&mut out, &format!("STAGE_{name}"), first + k);
    }
    out.push_str(
        "\n// The outputs that replace the material's numbers, numbered on from the backdrop \
         outputs, in P_VARIANT_START order.\n",
    );
    constant(&mut out, "VARIANT_STAGE_COUNT", VARIANT_STAGES.len());
    for (k, stage) in VARIANT_STAGES.iter().enumerate() {
        let name = screaming_snake(&format!("{stage:?}"));
        let first = STAGES.len() + THICKNESS_STAGES.len() + 1 + BACKDROP_STAGES.len();
        constant(&mut out, &format!("STAGE_{name}"), first + k);
    }
    record::<FrameRecord>(&mut out);
    record::<HemiRecord>(&mut out);
    record::<LightRecord>(&mut out);
    record::<BlockRecord>(&mut out);
    record::<RectRecord>(&mut out);
    record::<ShadowRecord>(&mut out);
    record::<PassRecord>(&mut out);
    record::<TriRecord>(&mut out);
    record::<VertRecord>(&mut out);
    record::<BinEntry>(&mut out);
    record::<TexHeader>(&mut out);
    record::<EnvRecord>(&mut out);
    record::<BackgroundRecord>(&mut out);
    record::<VolumeRecord>(&mut out);
    out.push_str("\n// P_FLAGS bits.\n");
    for &(name, value) in PASS_FLAGS {
        constant(&mut out, name, value);
    }
    out.push_str("\n// The records' enumerations.\n");
    for &(name, value) in ENUM_CODES {
        constant(&mut out, name, value);
    }
    out
}

/// A generated file: its name under `src/gpu/` and the function that writes it.
type Generated = (&'static str, fn() -> String);

/// The generated files.
pub(crate) const GENERATED: [Generated; 3] = [
    ("bytecode.wgsl", bytecode_wgsl),
    ("interp_layout.wgsl", interp_layout_wgsl),
    ("raster_layout.wgsl", raster_layout_wgsl),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn gpu_dir() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gpu")
    }

    #[test]
    fn generated_wgsl_files_are_what_the_rust_tables_write() {
        for (file, generate) in GENERATED {
            let path = gpu_dir().join(file);
            let expected = generate();
            if std::env::var_os("TSL_BLESS").is_some() {
                std::fs::write(&path, &expected).unwrap();
            }
            let found = std::fs::read_to_string(&path).unwrap_or_default();
            if found != expected {
                let line = found
                    .lines()
                    .zip(expected.lines())
                    .find(|(a, b)| a != b)
                    .map_or_else(
                        || "a line added or removed at the end".to_string(),
                        |(a, b)| format!("`{a}` where the tables write `{b}`"),
                    );
                panic!(
                    "src/gpu/{file} is not what the Rust tables write ({line}); the Rust side \
                     is the definition: run the test with TSL_BLESS=1 to rewrite the file"
                );
            }
        }
    }

    /// The constants a file declares.
    fn declared(wgsl: &str) -> BTreeSet<String> {
        wgsl.lines()
            .filter_map(|l| l.strip_prefix("const "))
            .filter_map(|l| l.split(':').next())
            .map(str::to_string)
            .collect()
    }

    /// The identifiers of WGSL source, comments left out.
    fn identifiers(wgsl: &str) -> Vec<String> {
        let code: String = wgsl
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
            .map(str::to_string)
            .collect()
    }

    /// Whether a name has the shape of a contract constant, which only a generated file may
    /// declare.
    fn contract_shaped(name: &str) -> bool {
        const PREFIXES: [&str; 22] = [
            "F_", "H_", "L_", "P_", "T_", "V_", "B_", "X_", "FL_", "OP_", "ATTR_", "VIEW_",
            "STAGE_", "SHADING_", "FOG_", "FACES_", "KIND_", "SIDE_", "LIGHT_", "WRAP_", "FILTER_",
            "PARAMS_",
        ];
        PREFIXES.iter().any(|p| name.starts_with(p))
            || name.ends_with("_STRIDE")
            || name.ends_with("_AT")
            || name.ends_with("_WORDS")
            || ["ENTRY", "TILE", "NONE", "LANES", "ATTRIBUTES", "VIEWS"].contains(&name)
    }

    /// (shader, its hand-written files, its generated files), as `INTERP_WGSL` and
    /// `RASTER_WGSL` assemble them.
    const SHADERS: [(&str, &[&str], &[&str]); 2] = [
        (
            "INTERP_WGSL",
            &[
                include_str!("interp.wgsl"),
                include_str!("interp_core.wgsl"),
                tsl_core::native::PRELUDE_WGSL,
            ],
            &[
                include_str!("bytecode.wgsl"),
                include_str!("interp_layout.wgsl"),
            ],
        ),
        (
            "RASTER_WGSL",
            &[
                include_str!("raster.wgsl"),
                include_str!("shadow.wgsl"),
                include_str!("volume.wgsl"),
                include_str!("transmission.wgsl"),
                include_str!("variants.wgsl"),
                include_str!("interp_core.wgsl"),
                tsl_core::native::PRELUDE_WGSL,
            ],
            &[
                include_str!("bytecode.wgsl"),
                include_str!("raster_layout.wgsl"),
            ],
        ),
    ];

    #[test]
    fn the_shaders_take_every_contract_name_from_the_generated_files() {
        for (shader, hand, generated) in SHADERS {
            let generated: BTreeSet<String> = generated.iter().flat_map(|g| declared(g)).collect();
            for source in hand {
                for name in declared(source) {
                    assert!(
                        !contract_shaped(&name) && !generated.contains(&name),
                        "{shader}: `{name}` is declared by hand; declare it in the Rust tables \
                         (gpu/layout.rs) so that it is generated"
                    );
                }
                for name in identifiers(source) {
                    if contract_shaped(&name) {
                        assert!(
                            generated.contains(&name),
                            "{shader} reads `{name}`, which no Rust table declares"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_shaders_read_every_field_flag_and_opcode_the_host_writes() {
        // A record's field or a flag the shader never reads is a value the host computes for
        // nothing, or a reader that was lost (as once `FL_WANTS_WORLD`, the other way round).
        let raster = raster_layout_wgsl();
        let bytecode = bytecode_wgsl();
        let read_by = |hand: &[&str]| -> BTreeSet<String> {
            hand.iter().flat_map(|s| identifiers(s)).collect()
        };
        let raster_reads = read_by(SHADERS[1].1);
        let interp_reads = read_by(SHADERS[0].1);
        for name in declared(&raster) {
            // An enumeration's values need not all be named by the shader (a `default` case
            // takes some).
            let enumeration = ENUM_CODES.iter().any(|&(n, _)| n == name);
            if !enumeration {
                assert!(
                    raster_reads.contains(&name),
                    "raster.wgsl never reads `{name}`, which the host writes"
                );
            }
        }
        for name in declared(&bytecode) {
            if name.starts_with("OP_") {
                for (shader, reads) in [
                    ("INTERP_WGSL", &interp_reads),
                    ("RASTER_WGSL", &raster_reads),
                ] {
                    assert!(reads.contains(&name), "{shader} has no case for `{name}`");
                }
            }
        }
    }

    #[test]
    fn no_case_label_is_a_bare_number() {
        // The opcodes, attributes, views and stages are named; only a vector's component (the
        // cell noise's) may be a number.
        for (shader, hand, _) in SHADERS {
            for source in hand {
                for function in source.split("\nfn ").skip(1) {
                    let name = function.split('(').next().unwrap_or("");
                    if name == "cell_noise" {
                        continue;
                    }
                    let bare = function
                        .split("case ")
                        .skip(1)
                        .find(|label| label.starts_with(|c: char| c.is_ascii_digit()));
                    assert!(
                        bare.is_none(),
                        "{shader}: fn {name} has a case labelled by a number: case {}",
                        bare.unwrap_or("").lines().next().unwrap_or("")
                    );
                }
            }
        }
    }
}
