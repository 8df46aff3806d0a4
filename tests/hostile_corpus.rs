//! The generated hostile corpus (issue 13): per class of hostile input, inputs at and beyond each
//! documented bound, each of which must end in `Ok` or `Err`: never a panic, an abort or a hang.
//! Each class prints the worst it caused, counted, not timed: the largest input, the largest
//! program it made, and the stages that refused (docs/robustness.md, "Hostile corpus").
//!
//! Before the GLSL front end's bounds (issue 13, items 1 to 3), eight of these cases aborted the
//! process (`#if` followed by 100,000 `!`, `-` or `(`, the same through a `#define`) or ran for a
//! minute or more (the `#define Y1 Y0 Y0` doubling chain in 1,000 `#if`s; 1024×100 loops around a
//! 1,024-leaf expression). `TSL_HOSTILE_ONLY=<part of a name>` runs the cases so named and
//! prints their messages.

mod fuzz_support;
mod png_support;

use glam::Vec3;
use png_support::patch_png_size;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tsl::core::glsl::*;
use tsl::core::*;
use tsl::raster::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

/// Cases a debug build skips (a release build, or `TSL_HOSTILE_HEAVY=1`, runs them): each costs
/// a second or more in debug on two cores, where CI runs.
const HEAVY: &[&str] = &[
    "macro doubling Y20 once",
    "20000 functions",
    "40000 uniforms",
    "40000 variables",
];

/// Whether `case` runs in this build.
fn runs_here(case: &Case) -> bool {
    !HEAVY.contains(&case.name.as_str())
        || cfg!(not(debug_assertions))
        || std::env::var("TSL_HOSTILE_HEAVY").is_ok()
}

/// The entry point a case goes through.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// `compile_shader_material(VERT, source)`.
    Fragment,
    /// `check_shader(Fragment, source)` (the whole front end but the link).
    Check,
    /// `compile_shader_material_with_defines(VERT, "void main() {...}", [source])`.
    Define,
    /// `compile_shader_toy(source)`.
    Toy,
}

struct Case {
    name: String,
    entry: Entry,
    source: String,
}

fn case(name: impl Into<String>, entry: Entry, source: String) -> Case {
    Case {
        name: name.into(),
        entry,
        source,
    }
}

/// `main` whose body is `body`.
fn main_with(body: &str) -> String {
    format!("varying vec2 vUv;\nvoid main() {{\n  float x = vUv.x;\n{body}\n  gl_FragColor = vec4(x);\n}}\n")
}

/// The depths each nesting class is tried at: around the parser's and the preprocessor's bounds
/// (64 and 96), and far past them.
const DEPTHS: [usize; 7] = [63, 64, 65, 96, 97, 1000, 100_000];

fn nesting_cases() -> Vec<(&'static str, Vec<Case>)> {
    let each = |f: &dyn Fn(usize) -> (String, Entry, String)| -> Vec<Case> {
        DEPTHS
            .iter()
            .map(|&n| {
                let (name, entry, source) = f(n);
                case(format!("{name} x{n}"), entry, source)
            })
            .collect()
    };
    vec![
        (
            "parentheses",
            each(&|n| {
                let e = format!("{}x{}", "(".repeat(n), ")".repeat(n));
                (
                    "parentheses".into(),
                    Entry::Fragment,
                    main_with(&format!("  x = {e};")),
                )
            }),
        ),
        (
            "unary chains",
            each(&|n| {
                (
                    "unary -".into(),
                    Entry::Fragment,
                    main_with(&format!("  x = {}x;", "- ".repeat(n))),
                )
            })
            .into_iter()
            .chain(each(&|n| {
                (
                    "unary !".into(),
                    Entry::Fragment,
                    main_with(&format!(
                        "  bool b = {}true; if (b) x = 1.0;",
                        "!".repeat(n)
                    )),
                )
            }))
            .collect(),
        ),
        (
            "blocks",
            each(&|n| {
                (
                    "blocks".into(),
                    Entry::Fragment,
                    main_with(&format!("{} x += 1.0; {}", "{".repeat(n), "}".repeat(n))),
                )
            }),
        ),
        (
            "if nesting",
            each(&|n| {
                (
                    "if nesting".into(),
                    Entry::Fragment,
                    main_with(&format!(
                        "{} x += 1.0; {}",
                        "if (x > 0.0) {".repeat(n),
                        "}".repeat(n)
                    )),
                )
            }),
        ),
        (
            "else-if chains",
            each(&|n| {
                let mut body = String::from("  if (x < 0.0) { x = 0.0; }");
                for k in 0..n {
                    body.push_str(&format!(" else if (x < {k}.5) {{ x = {k}.0; }}"));
                }
                ("else-if chain".into(), Entry::Fragment, main_with(&body))
            }),
        ),
        (
            "ternaries",
            each(&|n| {
                let e = format!("{}0.0{}", "x > 0.5 ? (".repeat(n), ") : 1.0".repeat(n));
                (
                    "ternary".into(),
                    Entry::Fragment,
                    main_with(&format!("  x = {e};")),
                )
            }),
        ),
        (
            "flat sums",
            each(&|n| {
                (
                    "flat sum".into(),
                    Entry::Fragment,
                    main_with(&format!("  x = x{};", " + 1.0".repeat(n))),
                )
            }),
        ),
        (
            "nested calls",
            each(&|n| {
                let e = format!("{}x{}", "f(".repeat(n), ")".repeat(n));
                let source = format!(
                    "float f(float a) {{ return a * 0.5 + 0.1; }}\n{}",
                    main_with(&format!("  x = {e};"))
                );
                ("nested calls".into(), Entry::Fragment, source)
            }),
        ),
        (
            "call chains (inlining depth)",
            [8, 31, 32, 33, 200, 2000]
                .iter()
                .map(|&n| {
                    let mut source = String::from("float f0(float a) { return a + 1.0; }\n");
                    for k in 1..n {
                        source.push_str(&format!(
                            "float f{k}(float a) {{ return f{}(a) * 0.5; }}\n",
                            k - 1
                        ));
                    }
                    source.push_str(&main_with(&format!("  x = f{}(x);", n - 1)));
                    case(format!("call chain x{n}"), Entry::Fragment, source)
                })
                .collect(),
        ),
        (
            "#if nesting",
            each(&|n| {
                let source = format!(
                    "{}{}{}",
                    "#if 1\n".repeat(n),
                    main_with(""),
                    "#endif\n".repeat(n)
                );
                ("#if nesting".into(), Entry::Check, source)
            }),
        ),
        (
            "#if expressions",
            [10, 64, 100_000]
                .iter()
                .flat_map(|&n| {
                    let body = main_with("");
                    vec![
                        case(
                            format!("#if unary ! x{n}"),
                            Entry::Check,
                            format!("#if {}1\n#endif\n{body}", "!".repeat(n)),
                        ),
                        case(
                            format!("#if unary - x{n}"),
                            Entry::Check,
                            format!("#if {}1\n#endif\n{body}", "- ".repeat(n)),
                        ),
                        case(
                            format!("#if (( x{n}"),
                            Entry::Check,
                            format!("#if {}1{}\n#endif\n{body}", "(".repeat(n), ")".repeat(n)),
                        ),
                        case(
                            format!("#define body unary x{n}"),
                            Entry::Check,
                            format!("#define D {}1\n#if D\n#endif\n{body}", "!".repeat(n)),
                        ),
                        case(
                            format!("defines entry unary x{n}"),
                            Entry::Define,
                            format!("D {}1", "!".repeat(n)),
                        ),
                    ]
                })
                .collect(),
        ),
        (
            "macro in macro",
            [10, 63, 64, 65, 1000, 10_000]
                .iter()
                .map(|&n| {
                    let mut source = String::from("#define M0 1.0\n");
                    for k in 1..n {
                        source.push_str(&format!("#define M{k} M{}\n", k - 1));
                    }
                    source.push_str(&main_with(&format!("  x = M{};", n - 1)));
                    case(format!("macro chain x{n}"), Entry::Fragment, source)
                })
                .collect(),
        ),
    ]
}

fn doubling(n: usize) -> String {
    let mut source = String::from("#define Y0 1\n");
    for k in 1..=n {
        source.push_str(&format!("#define Y{k} Y{} Y{}\n", k - 1, k - 1));
    }
    source
}

fn amplification_cases() -> Vec<(&'static str, Vec<Case>)> {
    let leaves = |n: usize| {
        let terms: Vec<String> = (0..n).map(|k| format!("x * {k}.0")).collect();
        terms.join(" + ")
    };
    vec![
        (
            "macro amplification",
            vec![
                case(
                    "macro doubling Y10 once",
                    Entry::Check,
                    format!("{}#if Y10\n#endif\n{}", doubling(10), main_with("")),
                ),
                case(
                    "macro doubling Y20 once",
                    Entry::Check,
                    format!("{}#if Y20\n#endif\n{}", doubling(20), main_with("")),
                ),
                case(
                    "macro doubling Y18 in 1000 #ifs",
                    Entry::Check,
                    format!(
                        "{}{}{}",
                        doubling(18),
                        "#if Y18\n#endif\n".repeat(1000),
                        main_with("")
                    ),
                ),
                case(
                    "macro doubling Y12 in the code",
                    Entry::Fragment,
                    format!(
                        "{}{}",
                        doubling(12).replace("Y0 1", "Y0 x +"),
                        main_with("  x = Y12 1.0;")
                    ),
                ),
            ],
        ),
        (
            "unroll amplification",
            vec![
                case(
                    "unroll 4x4 around 8 leaves",
                    Entry::Fragment,
                    main_with(&format!(
                        "  for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) x = {};",
                        leaves(8)
                    )),
                ),
                case(
                    "unroll 64x64 around 64 leaves",
                    Entry::Fragment,
                    main_with(&format!(
                        "  for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) x = {};",
                        leaves(64)
                    )),
                ),
                case(
                    "unroll nested 2^20",
                    Entry::Fragment,
                    main_with(&format!(
                        "{} x = x * 0.5 + 1.0;",
                        (0..20)
                            .map(|k| format!("for (int i{k} = 0; i{k} < 2; i{k}++)"))
                            .collect::<String>()
                    )),
                ),
                case(
                    "unroll 1024x100 around 1024 leaves",
                    Entry::Fragment,
                    main_with(&format!(
                        "  for (int i = 0; i < 1024; i++) for (int j = 0; j < 100; j++) x = {};",
                        leaves(1024)
                    )),
                ),
                case(
                    "unroll 1024x100 around 500 leaves",
                    Entry::Fragment,
                    main_with(&format!(
                        "  for (int i = 0; i < 1024; i++) for (int j = 0; j < 100; j++) x = {};",
                        leaves(500)
                    )),
                ),
            ],
        ),
    ]
}

fn declaration_cases() -> Vec<(&'static str, Vec<Case>)> {
    let many = |n: usize, f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<String>();
    vec![(
        "huge declarations",
        [1000, 20_000, 40_000, 70_000]
            .iter()
            .flat_map(|&n| {
                vec![
                    case(
                        format!("{n} uniforms"),
                        Entry::Fragment,
                        format!(
                            "{}{}",
                            many(n, &|k| format!("uniform float u{k};\n")),
                            main_with("  x += u0;")
                        ),
                    ),
                    case(
                        format!("{n} functions"),
                        Entry::Fragment,
                        format!(
                            "{}{}",
                            many(n, &|k| format!("float f{k}(float a) {{ return a; }}\n")),
                            main_with("  x = f0(x);")
                        ),
                    ),
                    case(
                        format!("{n} variables"),
                        Entry::Fragment,
                        main_with(&many(n, &|k| format!("  float v{k} = x;\n"))),
                    ),
                    case(
                        format!("{n} constants"),
                        Entry::Fragment,
                        format!(
                            "{}{}",
                            many(n, &|k| format!("const float c{k} = {k}.0;\n")),
                            main_with("  x += c0;")
                        ),
                    ),
                ]
            })
            .collect(),
    )]
}

fn literal_and_byte_cases() -> Vec<(&'static str, Vec<Case>)> {
    let ten_mb = 10 << 20;
    vec![
        (
            "huge literals",
            [
                "2147483647",
                "2147483648",
                "4294967296",
                "99999999999999999999999999",
                "16777217",
                "0xFFFFFFFF",
                "0xFFFFFFFFFFFFFFFFFF",
                "1e38",
                "1e39",
                "1e999",
                "1e-999",
                "3.4028236e38",
                "0.0000000000000000000000000000000000000000000001",
            ]
            .iter()
            .flat_map(|lit| {
                vec![
                    case(
                        format!("float {lit}"),
                        Entry::Fragment,
                        main_with(&format!("  x += float({lit});")),
                    ),
                    case(
                        format!("int {lit}"),
                        Entry::Fragment,
                        main_with(&format!("  int i = {lit}; x += float(i);")),
                    ),
                    case(
                        format!("#if {lit}"),
                        Entry::Check,
                        format!("#if {lit} > 1\n#endif\n{}", main_with("")),
                    ),
                ]
            })
            .chain([
                case(
                    "a literal of 100000 digits",
                    Entry::Fragment,
                    main_with(&format!("  x += 1.{};", "7".repeat(100_000))),
                ),
                case(
                    "an identifier of 1 MB",
                    Entry::Fragment,
                    main_with(&format!("  float {} = 1.0;", "a".repeat(1 << 20))),
                ),
            ])
            .collect(),
        ),
        (
            "huge lines and files",
            vec![
                case(
                    "a comment just under the 1 MiB source limit",
                    Entry::Check,
                    format!("// {}\n{}", "x".repeat((1 << 20) - 200), main_with("")),
                ),
                case(
                    "a 10 MB comment line",
                    Entry::Check,
                    format!("// {}\n{}", "x".repeat(ten_mb), main_with("")),
                ),
                case(
                    "a 10 MB line of spaces",
                    Entry::Check,
                    format!("{}{}", " ".repeat(ten_mb), main_with("")),
                ),
                case(
                    "a 2 MB expression line",
                    Entry::Fragment,
                    main_with(&format!("  x = x{};", " + 1.0".repeat(2 << 18))),
                ),
                case(
                    "10 MB of empty lines",
                    Entry::Check,
                    format!("{}{}", "\n".repeat(ten_mb), main_with("")),
                ),
                case(
                    "an error on a 10 MB line",
                    Entry::Fragment,
                    main_with(&format!("  x = {} @;", "1.0 + ".repeat(ten_mb / 6))),
                ),
            ],
        ),
        (
            "invalid bytes",
            [
                "\0",
                "\u{1}",
                "\u{7}",
                "\u{8}",
                "\u{B}",
                "\u{C}",
                "\u{1B}",
                "\u{7F}",
                "\u{FEFF}",
                "\u{FFFD}",
                "\u{202E}",
                "é",
                "\u{1F600}",
                "\r",
                "\\",
            ]
            .iter()
            .flat_map(|bad| {
                let escaped = bad.escape_unicode().to_string();
                vec![
                    case(
                        format!("{escaped} in code"),
                        Entry::Fragment,
                        main_with(&format!("  x = x {bad} 1.0;")),
                    ),
                    case(
                        format!("{escaped} in a name"),
                        Entry::Fragment,
                        main_with(&format!("  float a{bad}b = x;")),
                    ),
                    case(
                        format!("{escaped} in a comment"),
                        Entry::Fragment,
                        main_with(&format!("  // {bad}\n  /* {bad} */")),
                    ),
                    case(
                        format!("{escaped} in a directive"),
                        Entry::Check,
                        format!("#define A{bad} 1\n#if A{bad}\n#endif\n{}", main_with("")),
                    ),
                    case(
                        format!("{escaped} at the start"),
                        Entry::Toy,
                        format!("{bad}void mainImage(out vec4 c, in vec2 p) {{ c = vec4(1.0); }}"),
                    ),
                ]
            })
            .chain([
                case(
                    "an unterminated comment",
                    Entry::Fragment,
                    format!("{}/* no end", main_with("")),
                ),
                case(
                    "a backslash at the end",
                    Entry::Check,
                    format!("{}#define A \\", main_with("")),
                ),
                case(
                    "CR line ends",
                    Entry::Fragment,
                    main_with("").replace('\n', "\r"),
                ),
            ])
            .collect(),
        ),
    ]
}

/// What one case made: the program's instruction count, or the stage that refused and the
/// length of its message; `Err` for a bug (a panic, or the front end's "(a bug)").
fn run_case(case: &Case) -> Result<Result<usize, (String, usize)>, String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let instructions = |p: NodeProgram| {
            Output::ALL
                .iter()
                .map(|&o| p.instruction_count(o))
                .sum::<usize>()
        };
        match case.entry {
            Entry::Fragment => compile_shader_material(VERT, &case.source).map(instructions),
            Entry::Toy => compile_shader_toy(&case.source).map(instructions),
            Entry::Check => check_shader(Shader::Fragment, &case.source).map(|()| 0),
            Entry::Define => {
                compile_shader_material_with_defines(VERT, &main_with(""), &[case.source.as_str()])
                    .map(instructions)
            }
        }
    }));
    match outcome {
        Err(_) => Err(format!("{}: panicked", case.name)),
        Ok(Err(e)) if e.kind == GlslErrorKind::Internal => Err(format!("{}: {e}", case.name)),
        Ok(Err(e)) => {
            let stage = format!("{:?}", e.kind);
            let stage = stage.split('(').next().unwrap_or("").to_string();
            let message = e.to_string();
            if std::env::var("TSL_HOSTILE_ONLY").is_ok() {
                eprintln!("    {}", message.chars().take(300).collect::<String>());
            }
            Ok(Err((stage, message.len())))
        }
        Ok(Ok(n)) => Ok(Ok(n)),
    }
}

#[test]
fn hostile_glsl_ends_in_a_program_or_a_refusal() {
    let only = std::env::var("TSL_HOSTILE_ONLY").ok();
    let mut classes = nesting_cases();
    classes.extend(amplification_cases());
    classes.extend(declaration_cases());
    classes.extend(literal_and_byte_cases());
    let mut bugs = Vec::new();
    let mut heavy = Vec::new();
    for (class, cases) in classes {
        let (mut largest, mut most_instructions, mut accepted) = (0, 0, 0);
        let mut stages = std::collections::BTreeSet::new();
        let mut longest_message = 0;
        for case in &cases {
            if only.as_deref().is_some_and(|o| !case.name.contains(o)) {
                continue;
            }
            if !runs_here(case) {
                heavy.push(case.name.clone());
                continue;
            }
            largest = largest.max(case.source.len());
            let start = std::time::Instant::now();
            let outcome = run_case(case);
            // Printed, never asserted: the bounds are counted, and a machine's speed varies.
            eprintln!(
                "  {class}: {} ({:.0?}): {outcome:?}",
                case.name,
                start.elapsed()
            );
            match outcome {
                Err(bug) => bugs.push(bug),
                Ok(Ok(n)) => {
                    accepted += 1;
                    most_instructions = most_instructions.max(n);
                }
                Ok(Err((stage, length))) => {
                    stages.insert(stage);
                    longest_message = longest_message.max(length);
                }
            }
        }
        eprintln!(
            "class {class}: {} cases, {accepted} accepted, refused by {stages:?}; largest input {largest} bytes, largest program {most_instructions} instructions, longest refusal {longest_message} bytes",
            cases.len()
        );
    }
    eprintln!("heavy, run in release or with TSL_HOSTILE_HEAVY=1: {heavy:?}");
    assert!(bugs.is_empty(), "{bugs:#?}");
}

// ---- images and the CPU renderer ----

fn tiny_png() -> Vec<u8> {
    Image::from_rgba8(1, 1, vec![10, 20, 30, 255])
        .unwrap()
        .to_png()
        .unwrap()
}

/// A zlib stream of `len` zero bytes in fixed Huffman codes: a zero, then matches of 258 at
/// distance 1 (13 bits for 258 bytes), so a PNG of a few kilobytes claims megapixels of data.
fn zlib_zeros(len: usize) -> Vec<u8> {
    struct Bits {
        out: Vec<u8>,
        bit: usize,
    }
    impl Bits {
        fn put(&mut self, value: u32, count: usize) {
            for k in 0..count {
                if self.bit.is_multiple_of(8) {
                    self.out.push(0);
                }
                if value >> k & 1 != 0 {
                    *self.out.last_mut().unwrap() |= 1 << (self.bit % 8);
                }
                self.bit += 1;
            }
        }
        /// A Huffman code, most significant bit first.
        fn code(&mut self, code: u32, count: usize) {
            for k in (0..count).rev() {
                self.put(code >> k & 1, 1);
            }
        }
    }
    let mut bits = Bits {
        out: vec![0x78, 0x01],
        bit: 16,
    };
    bits.put(1, 1); // the last block
    bits.put(1, 2); // fixed codes
    bits.code(0x30, 8); // the literal zero
    let mut left = len - 1;
    while left > 0 {
        let run = left.min(258);
        if run >= 3 {
            // Lengths 3 to 258: codes 257 to 285, some with extra bits; 258 is code 285.
            let (code, extra, extra_bits) = length_code(run);
            if code < 280 {
                bits.code(code - 256, 7);
            } else {
                bits.code(0xC0 + (code - 280), 8);
            }
            bits.put(extra, extra_bits);
            bits.code(0, 5); // distance 1
        } else {
            for _ in 0..run {
                bits.code(0x30, 8);
            }
        }
        left -= run;
    }
    bits.code(0, 7); // end of block (256)
    let adler_b = (len % 65521) as u32;
    let mut out = bits.out;
    out.extend_from_slice(&((adler_b << 16) | 1).to_be_bytes());
    out
}

/// The deflate length code of `len` (3 to 258): its symbol, extra value and extra bits.
fn length_code(len: usize) -> (u32, u32, usize) {
    const BASE: [usize; 29] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ];
    const EXTRA: [usize; 29] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    let i = BASE.iter().rposition(|&b| b <= len).unwrap();
    (257 + i as u32, (len - BASE[i]) as u32, EXTRA[i])
}

/// A greyscale PNG of `width`×`height` black pixels whose data is a zlib bomb.
fn bomb_png(width: u32, height: u32) -> Vec<u8> {
    let raw = (width as usize + 1) * height as usize;
    let mut png = patch_png_size(&tiny_png(), width, height);
    // Grey, 8 bits: colour type 0 (byte 25 of the file), then IHDR's CRC again.
    png[25] = 0;
    let crc = png_support::crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    let mut out = png[..33].to_vec();
    let data = zlib_zeros(raw);
    let mut chunk = b"IDAT".to_vec();
    chunk.extend_from_slice(&data);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png_support::crc32(&chunk).to_be_bytes());
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(b"IEND");
    out.extend_from_slice(&png_support::crc32(b"IEND").to_be_bytes());
    out
}

#[test]
fn hostile_pngs_are_refused_or_decoded_within_their_header() {
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    for (w, h) in [
        (0, 0),
        (0, 1),
        (16384, 1),
        (16385, 1),
        (1, 16385),
        (8192, 8193),
        (65536, 65536),
        (u32::MAX, u32::MAX),
    ] {
        cases.push((
            format!("header {w}x{h} over one pixel"),
            patch_png_size(&tiny_png(), w, h),
        ));
    }
    for (at, value, what) in [
        (24, 3, "bit depth 3"),
        (24, 0, "bit depth 0"),
        (25, 5, "colour type 5"),
        (26, 1, "compression 1"),
        (27, 1, "filter 1"),
        (28, 2, "interlace 2"),
    ] {
        let mut png = tiny_png();
        png[at] = value;
        let crc = png_support::crc32(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        cases.push((what.into(), png));
    }
    let mut long_chunk = tiny_png();
    long_chunk[33..37].copy_from_slice(&0x7FFF_FFFFu32.to_be_bytes());
    cases.push(("a chunk claiming 2^31 bytes".into(), long_chunk));
    let mut many = tiny_png()[..33].to_vec();
    for _ in 0..10_000 {
        many.extend_from_slice(&[0, 0, 0, 0]);
        many.extend_from_slice(b"IDAT");
        many.extend_from_slice(&png_support::crc32(b"IDAT").to_be_bytes());
    }
    cases.push(("10000 empty IDATs".into(), many));
    for side in [64, 1024, 2048] {
        cases.push((
            format!("a zlib bomb of {side}x{side}"),
            bomb_png(side, side),
        ));
    }
    for (name, png) in &cases {
        let image = catch_unwind(|| Image::from_png(png).map(|i| (i.width(), i.height())));
        let texture = catch_unwind(|| {
            Texture::from_png(png, ColorSpace::Srgb).map(|t| (t.width(), t.height()))
        });
        let (Ok(image), Ok(texture)) = (image, texture) else {
            panic!("{name}: a decoder panicked");
        };
        eprintln!(
            "  png {name}: {} bytes in; image {image:?}; texture {texture:?}",
            png.len()
        );
        if let Ok((w, h)) = image {
            assert!(w as u64 * h as u64 <= 1 << 28, "{name}");
        }
    }
    // The bomb decodes to its header's size: work is bounded by the header, which the limits hold.
    let bomb = bomb_png(2048, 2048);
    let image = Image::from_png(&bomb).unwrap();
    assert_eq!((image.width(), image.height()), (2048, 2048));
    eprintln!(
        "class zlib bomb: {} bytes decode to {} pixels ({}x amplification)",
        bomb.len(),
        2048 * 2048,
        4 * 2048 * 2048 / bomb.len()
    );
}

#[test]
fn hostile_scenes_draw_or_are_refused() {
    let mut results: Vec<(String, Result<(), RenderError>)> = Vec::new();
    let mut assets = Assets::new();
    let material = assets
        .materials
        .add(Material::standard(Color::WHITE, 0.5, 0.0));
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 3.0))
        .looking_at(Vec3::ZERO);
    let quad = |assets: &mut Assets, s: f32| {
        let positions = vec![
            Vec3::new(-s, -s, 0.0),
            Vec3::new(s, -s, 0.0),
            Vec3::new(s, s, 0.0),
            Vec3::new(-s, s, 0.0),
        ];
        assets
            .geometries
            .add(Geometry::from_data(positions, None, None, vec![[0, 1, 2], [0, 2, 3]]).unwrap())
    };
    let screen = quad(&mut assets, 10.0);
    let one = |g| {
        let mut scene = Scene::new();
        scene.add(Object::mesh(g, material));
        scene
    };
    // Frame sizes at and past the limits (refused before anything is allocated).
    const SIZES: [(u32, u32); 8] = [
        (0, 0),
        (1, 0),
        (16384, 0),
        (16385, 1),
        (1, 16385),
        (16384, 16385),
        (u32::MAX, u32::MAX),
        (65536, 65536),
    ];
    for (w, h) in SIZES {
        let r = Renderer::new(RenderSettings::new(w, h)).render(&one(screen), &camera, &assets);
        results.push((format!("a {w}x{h} frame"), r.map(|_| ())));
    }
    // Overdraw: many screen-covering layers, at 8x8.
    let mut layers = Scene::new();
    for k in 0..20_000 {
        layers.add(Object::mesh(screen, material).at(Vec3::new(0.0, 0.0, -(k as f32) * 1e-4)));
    }
    results.push((
        "20000 screen-covering layers".into(),
        Renderer::new(RenderSettings::new(8, 8))
            .render(&layers, &camera, &assets)
            .map(|_| ()),
    ));
    // Many tiny triangles in one geometry.
    let n = 100_000u32;
    let positions: Vec<Vec3> = (0..3 * n)
        .map(|i| {
            Vec3::new(
                (i % 97) as f32 * 0.01 - 0.5,
                (i % 89) as f32 * 0.01 - 0.5,
                0.0,
            )
        })
        .collect();
    let indices = (0..n).map(|t| [3 * t, 3 * t + 1, 3 * t + 2]).collect();
    let many = assets
        .geometries
        .add(Geometry::from_data(positions, None, None, indices).unwrap());
    results.push((
        "100000 triangles".into(),
        Renderer::new(RenderSettings::new(8, 8))
            .render(&one(many), &camera, &assets)
            .map(|_| ()),
    ));
    // Coordinates at the edge of f32.
    for s in [1e19, 1e30, f32::MAX] {
        let g = quad(&mut assets, s);
        results.push((
            format!("a quad of side {s:e}"),
            Renderer::new(RenderSettings::new(8, 8))
                .render(&one(g), &camera, &assets)
                .map(|_| ()),
        ));
    }
    // Cameras that divide by zero.
    for (name, cam) in [
        ("near 0", Camera::perspective(50.0, 0.0, 100.0)),
        ("far < near", Camera::perspective(50.0, 10.0, 1.0)),
        ("fov 0", Camera::perspective(0.0, 0.1, 100.0)),
        ("fov 180", Camera::perspective(180.0, 0.1, 100.0)),
        ("fov NaN", Camera::perspective(f32::NAN, 0.1, 100.0)),
        (
            "a flat orthographic",
            Camera::orthographic(1.0, 1.0, 1.0, 1.0, 0.1, 10.0),
        ),
        (
            "zoom 0",
            Camera {
                zoom: 0.0,
                ..camera
            },
        ),
        (
            "looking at itself",
            Camera::perspective(50.0, 0.1, 100.0)
                .at(Vec3::ONE)
                .looking_at(Vec3::ONE),
        ),
    ] {
        let cam = cam.at(if name == "looking at itself" {
            Vec3::ONE
        } else {
            Vec3::new(0.0, 0.0, 3.0)
        });
        results.push((
            format!("a camera: {name}"),
            Renderer::new(RenderSettings::new(8, 8))
                .render(&one(screen), &cam, &assets)
                .map(|_| ()),
        ));
    }
    // A deep chain of parents, and a parent cycle.
    let mut chain = Scene::new();
    chain.add(Object::group());
    for k in 0..100_000u32 {
        chain.add(Object::group().child_of(ObjectId(k)));
    }
    chain.add(Object::mesh(screen, material).child_of(ObjectId(100_000)));
    results.push((
        "a chain of 100000 parents".into(),
        Renderer::new(RenderSettings::new(8, 8))
            .render(&chain, &camera, &assets)
            .map(|_| ()),
    ));
    let mut cycle = Scene::new();
    cycle.add(Object::mesh(screen, material).child_of(ObjectId(1)));
    cycle.add(Object::group().child_of(ObjectId(0)));
    results.push((
        "a parent cycle".into(),
        Renderer::new(RenderSettings::new(8, 8))
            .render(&cycle, &camera, &assets)
            .map(|_| ()),
    ));
    // Many lights.
    let mut lit = one(screen);
    for k in 0..10_000 {
        lit.add_light(Light::point(
            Color::WHITE,
            1.0,
            Vec3::new(k as f32, 1.0, 1.0),
        ));
    }
    results.push((
        "10000 lights".into(),
        Renderer::new(RenderSettings::new(4, 4))
            .render(&lit, &camera, &assets)
            .map(|_| ()),
    ));
    for (name, r) in &results {
        eprintln!(
            "  scene {name}: {}",
            match r {
                Ok(()) => "drawn".to_string(),
                Err(e) => format!("refused: {e}"),
            }
        );
    }
    // A frame of no pixels or of more than 2^28 (`Limits::image_pixels`) is refused, naming the
    // range, before anything is allocated; 16385x1 is within it (the 16384 a side is the PNG's).
    for ((w, h), (name, r)) in SIZES.iter().zip(&results) {
        let pixels = *w as u64 * *h as u64;
        if pixels == 0 || pixels > 1 << 28 {
            let message = r.as_ref().err().map(|e| e.to_string()).unwrap_or_default();
            assert!(message.contains("2^28"), "{name}: {r:?}");
        } else {
            assert!(r.is_ok(), "{name}: {r:?}");
        }
    }
}

#[test]
fn the_command_line_refuses_invalid_utf8_without_a_panic() {
    // The library's entry points take `&str`; bytes reach the front end only through a file.
    let dir = std::env::temp_dir().join(format!("tsl-hostile-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &[u8]); 4] = [
        (
            "invalid.frag",
            b"void main() { gl_FragColor = vec4(1.0); }\n\xff\xfe\n",
        ),
        ("latin1.frag", b"void main() { float \xe9 = 1.0; }\n"),
        ("nul.frag", b"void main() {\0 gl_FragColor = vec4(1.0); }\n"),
        ("empty.frag", b""),
    ];
    for (name, bytes) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        for args in [
            &["check"][..],
            &["check", "--raw"],
            &["check", "--shadertoy"],
        ] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_tsl"))
                .args(args)
                .arg(&path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            eprintln!(
                "  tsl {args:?} {name}: {:?} {}",
                out.status.code(),
                stderr.lines().next().unwrap_or("")
            );
            assert!(!out.status.success(), "{name}: accepted");
            assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
            assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
