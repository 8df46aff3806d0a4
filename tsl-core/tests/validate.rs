//! `validate()` against docs/bytecode.md: it never panics, whatever the words; every program it
//! accepts runs through `run_nodes` without panicking; and each of its refusals, one test each.

use tsl_core::format::*;
use tsl_core::*;

// ---------------------------------------------------------------------------------------------
// Programs to start from.
// ---------------------------------------------------------------------------------------------

/// `OPACITY_NODE = sin(time * 2)`: the worked example of docs/bytecode.md.
///
/// ```text
/// 0  r0.x = time     word 70
/// 1  r1.x = 2        word 196, the data's only word
/// 2  r2.x = mul(r0, r1)
/// 3  r0.x = sin(r2)
/// ```
fn sin_words() -> Vec<u32> {
    let graph = NodeGraph::new();
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    graph.set_output(OPACITY_NODE, wave).unwrap();
    graph.compile().unwrap().words().to_vec()
}

/// A program that sets every output and uses every kind of instruction the compiler emits
/// (load, attr, texture, mov, join, muladd) and many math operations.
fn rich_program() -> NodeProgram {
    let g = NodeGraph::new();
    let uv = g.uv();
    let tint = g.named_uniform("tint", Color::linear(1.0, 0.5, 0.25));
    let m = g.named_uniform(
        "m",
        glam::Mat4::from_cols_array(&[
            1.0, 0.5, 0.0, 0.0, //
            0.0, 1.0, 0.25, 0.0, //
            0.0, 0.0, 1.0, 0.0, //
            0.1, 0.2, 0.3, 1.0,
        ]),
    );
    let map = g.texture_uniform("map", TextureId(3));
    let texel = g.texture(map, g.swizzle(uv, "yx"));
    let texel2 = g.texture(TextureId(7), uv);
    let n = g.normalize(g.normal_world());
    let v = g.normalize(g.sub(g.position_world(), g.camera_position()));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));

    let r = g.reflect(v, n);
    let t = g.refract(v, n, g.float(0.66));
    let c = g.cross(r, t);
    let rgb = g.mul(g.swizzle(texel, "rgb"), tint);
    let color = g.mix(rgb, c, g.saturate(wave));
    g.set_output(COLOR_NODE, color).unwrap();

    let alpha = g.select(
        g.greater_than(g.swizzle(texel2, "a"), g.float(0.5)),
        g.smoothstep(g.float(0.0), g.float(1.0), g.swizzle(uv, "x")),
        g.dot(n, v),
    );
    g.set_output(OPACITY_NODE, alpha).unwrap();

    let glow = g.mul(m, g.vertex_color());
    g.set_output(EMISSIVE_NODE, g.swizzle(glow, "zyx")).unwrap();

    let bent = g.mul(g.faceforward(n, v, n), g.float(0.1));
    g.set_output(NORMAL_NODE, bent).unwrap();

    let moved = g.add(
        g.mul(g.position_local(), g.swizzle(g.vec2(0.01, 2.0), "xxx")),
        g.mul(g.normal_local(), g.cos(g.time())),
    );
    g.set_output(POSITION_NODE, moved).unwrap();

    let bands = g.step(
        g.float(0.5),
        g.fract(g.mul(g.swizzle(uv, "x"), g.float(10.0))),
    );
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.one_minus(bands)),
    )
    .unwrap();

    let mask = g.logical_and(
        g.less_than(g.swizzle(uv, "y"), g.float(0.9)),
        g.logical_not(g.equal(g.swizzle(texel, "g"), g.float(0.0))),
    );
    g.set_output(MASK_NODE, mask).unwrap();

    let ao = g.clamp(g.length(uv), g.float(0.2), g.float(1.0));
    g.set_output(AO_NODE, ao).unwrap();

    let row = g.mul(g.join(&[g.position_view(), g.float(1.0)]), m);
    let depth = g.modulo(
        g.add(
            g.distance(g.position_view(), g.vec3(0.0, 0.0, -1.0)),
            g.swizzle(row, "w"),
        ),
        g.float(1.0),
    );
    g.set_output(DEPTH_NODE, depth).unwrap();

    // The shadow and thickness outputs.
    let shadowed = g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow());
    g.set_output(RECEIVED_SHADOW_NODE, shadowed).unwrap();
    g.set_output(CAST_SHADOW_NODE, g.join(&[tint, g.swizzle(texel2, "a")]))
        .unwrap();
    g.set_output(THICKNESS_COLOR_NODE, g.mul(tint, g.swizzle(texel, "r")))
        .unwrap();
    g.set_output(BACKDROP_NODE, g.mul(tint, g.swizzle(texel2, "g")))
        .unwrap();
    for (k, output) in [
        THICKNESS_DISTORTION_NODE,
        THICKNESS_AMBIENT_NODE,
        THICKNESS_ATTENUATION_NODE,
        THICKNESS_POWER_NODE,
        THICKNESS_SCALE_NODE,
        ROUGHNESS_NODE,
        METALNESS_NODE,
        BACKDROP_ALPHA_NODE,
        SIZE_NODE,
        OFFSET_NODE,
        SCATTERING_NODE,
        ALPHA_TEST_NODE,
    ]
    .into_iter()
    .enumerate()
    {
        g.set_output(output, g.mul(wave, g.float(k as f32 + 1.0)))
            .unwrap();
    }
    g.compile().unwrap()
}

// ---------------------------------------------------------------------------------------------
// The fuzzer's tools.
// ---------------------------------------------------------------------------------------------

/// xorshift64*: small, deterministic, good enough to pick words.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn word(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Runs every output of accepted words, as a rasterizer would.
struct Runner {
    batch: FragmentBatch,
    registers: Registers,
    ran: usize,
}

impl Runner {
    fn new() -> Runner {
        let mut batch = FragmentBatch::new();
        for (a, attribute) in batch.views.iter_mut().flatten().enumerate() {
            for (k, component) in attribute.iter_mut().enumerate() {
                for (l, x) in component.iter_mut().enumerate() {
                    *x = (a * 7 + k * 3 + l) as f32 * 0.03125 - 1.0;
                }
            }
        }
        Runner {
            batch,
            registers: Registers::new(),
            ran: 0,
        }
    }

    /// `words` passed `validate`: `from_words` takes them, every output runs and, now and then, the
    /// disassembler prints them.
    fn run(&mut self, words: &[u32]) {
        let program = match NodeProgram::from_words(words.to_vec(), vec![], vec![]) {
            Ok(program) => program,
            Err(e) => panic!("validate accepted words that from_words refuses: {e}"),
        };
        for output in Output::ALL {
            let result = run_nodes(
                &program,
                output,
                &self.batch,
                &WhiteSampler,
                &mut self.registers,
            );
            assert_eq!(result.is_some(), program.has_output(output));
        }
        // The disassembler reads the same words; try it on a share of them (it is slow).
        if self.ran.is_multiple_of(16) {
            let _ = program.to_string();
        }
        self.ran += 1;
    }
}

/// Validate `words`; when it accepts them, run them.
fn check(words: &[u32], runner: &mut Runner) -> bool {
    match validate(words) {
        Ok(()) => {
            runner.run(words);
            true
        }
        Err(e) => {
            assert_eq!(GraphError::from(e.clone()).op(), "validate", "{e}");
            false
        }
    }
}

/// Make the header's sizes agree with the words' length again, so that an edit reaches the
/// checks past the header.
fn fix_sizes(words: &mut [u32]) {
    if words.len() < HEADER_WORDS {
        return;
    }
    words[H_TOTAL] = words.len() as u32;
    let data = words[H_DATA] as usize;
    if data <= words.len() {
        words[H_DATA_LEN] = (words.len() - data) as u32;
    }
}

/// A word likely to mean something in an instruction: an opcode, a register, a width, a small
/// index.
fn small(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => Opcode::ALL[rng.below(Opcode::ALL.len())] as u32,
        1 => rng.below(40) as u32,
        2 => rng.below(100) as u32,
        _ => rng.below(0x1_0000) as u32,
    }
}

/// An index, more often one in the code section.
fn index(rng: &mut Rng, words: &[u32]) -> usize {
    let code = HEADER_WORDS.min(words.len())
        ..words.len().min(
            HEADER_WORDS + INSTRUCTION_WORDS * words.get(H_CODE_LEN).copied().unwrap_or(0) as usize,
        );
    if !code.is_empty() && rng.one_in(2) {
        code.start + rng.below(code.len())
    } else {
        rng.below(words.len())
    }
}

fn mutate(rng: &mut Rng, words: &mut Vec<u32>) {
    for _ in 0..1 + rng.below(3) {
        if words.is_empty() {
            words.push(rng.word());
            continue;
        }
        let i = index(rng, words);
        match rng.below(10) {
            0..=2 => words[i] ^= 1 << rng.below(32),
            3 => words[i] = rng.word(),
            4 | 5 => words[i] = small(rng),
            6 => {
                // One byte of an instruction's first word: opcode, dst, width or select.
                let at = i - (i.saturating_sub(HEADER_WORDS) % INSTRUCTION_WORDS);
                let shift = 8 * rng.below(4);
                words[at] = (words[at] & !(0xff << shift)) | ((rng.below(256) as u32) << shift);
            }
            7 => {
                // A register operand: a register and a swizzle, now and then a dirty one.
                let mut word = RegOperand {
                    reg: rng.below(36) as u8,
                    swizzle: [0, 1, 2, 3].map(|_| rng.below(4) as u8),
                }
                .encode();
                if rng.one_in(8) {
                    word |= 1 << (16 + rng.below(16));
                }
                words[i] = word;
            }
            8 => words.truncate(rng.below(words.len() + 1)),
            _ => {
                for _ in 0..1 + rng.below(8) {
                    words.push(rng.word());
                }
            }
        }
    }
    if rng.one_in(2) {
        fix_sizes(words);
    }
}

/// A header whose sizes agree with random code and data, and instructions that are mostly of
/// the right shape.
fn random_program(rng: &mut Rng) -> Vec<u32> {
    let instructions = rng.below(12);
    let data = rng.below(20);
    let total = HEADER_WORDS + INSTRUCTION_WORDS * instructions + data;
    let mut words: Vec<u32> = (0..total).map(|_| rng.word()).collect();
    words[H_MAGIC] = MAGIC;
    words[H_TOTAL] = total as u32;
    words[H_CODE] = HEADER_WORDS as u32;
    words[H_CODE_LEN] = instructions as u32;
    words[H_DATA] = (HEADER_WORDS + INSTRUCTION_WORDS * instructions) as u32;
    words[H_DATA_LEN] = data as u32;
    words[H_OUTPUTS..H_TIME].fill(0); // the free slots hold 0
    for output in 0..OUTPUT_COUNT {
        let start = rng.below(instructions + 1);
        let count = rng.below(instructions - start + 1);
        words[H_OUTPUTS + 2 * output] = start as u32;
        words[H_OUTPUTS + 2 * output + 1] = count as u32;
    }
    for i in 0..instructions {
        let op = Opcode::ALL[rng.below(Opcode::ALL.len())];
        let register = |rng: &mut Rng| {
            let bound = if rng.one_in(50) { 256 } else { 32 };
            rng.below(bound) as u8
        };
        let operand = |rng: &mut Rng| {
            if rng.one_in(4) {
                rng.below(total + 2) as u32
            } else {
                RegOperand {
                    reg: register(rng),
                    swizzle: [0, 1, 2, 3].map(|_| rng.below(4) as u8),
                }
                .encode()
            }
        };
        let inst = Instruction {
            opcode: if rng.one_in(30) {
                rng.below(256) as u8
            } else {
                op as u8
            },
            dst: register(rng),
            width: if rng.one_in(20) {
                rng.below(256) as u8
            } else {
                1 + rng.below(4) as u8
            },
            uniform: rng.one_in(2),
            select: rng.below(256) as u8,
            operands: [operand(rng), operand(rng), operand(rng)],
        };
        let at = HEADER_WORDS + INSTRUCTION_WORDS * i;
        words[at..at + INSTRUCTION_WORDS].copy_from_slice(&inst.encode());
    }
    words
}

// ---------------------------------------------------------------------------------------------
// The fuzz tests.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_compiled_programs_are_valid_and_run() {
    let mut runner = Runner::new();
    assert!(check(&sin_words(), &mut runner));
    let rich = rich_program();
    assert!(check(rich.words(), &mut runner));
    for output in Output::ALL {
        assert!(rich.has_output(output), "{output}");
    }
    // Every kind of instruction the compiler emits is in the rich program.
    let used: Vec<u8> = (0..rich.words()[H_CODE_LEN] as usize)
        .map(|i| rich.instruction(i).opcode)
        .collect();
    for op in [
        Opcode::Load,
        Opcode::Attr,
        Opcode::Tex,
        Opcode::Mov,
        Opcode::Join,
        Opcode::MulAdd,
        Opcode::Cross,
        Opcode::Refract,
        Opcode::Dot,
    ] {
        assert!(used.contains(&(op as u8)), "no {}", op.name());
    }
}

#[test]
fn random_words_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut runner = Runner::new();
    let mut accepted = 0;
    // Any words at all: almost all refused at the header.
    for _ in 0..30_000 {
        let len = rng.below(3 * HEADER_WORDS);
        let mut words: Vec<u32> = (0..len).map(|_| rng.word()).collect();
        if len > H_TOTAL && rng.one_in(2) {
            words[H_MAGIC] = MAGIC;
            if rng.one_in(2) {
                words[H_TOTAL] = len as u32;
                if len > H_CODE && rng.one_in(2) {
                    words[H_CODE] = HEADER_WORDS as u32;
                }
            }
        }
        accepted += check(&words, &mut runner) as usize;
    }
    // Sizes that agree and instructions that are mostly well formed: these reach every check of
    // an instruction, and some pass them all.
    for _ in 0..50_000 {
        let words = random_program(&mut rng);
        accepted += check(&words, &mut runner) as usize;
    }
    assert_eq!(accepted, runner.ran);
    assert!(accepted > 1_000, "only {accepted} random programs accepted");
}

#[test]
fn mutated_programs_never_panic_and_accepted_ones_run() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut runner = Runner::new();
    let bases = [sin_words(), rich_program().words().to_vec()];
    let (mut accepted, mut refused) = (0usize, 0usize);
    for case in 0..150_000 {
        // The small program most of the time: it runs fast, so the fuzzer can try more.
        let base = &bases[if case % 16 == 0 { 1 } else { 0 }];
        let mut words = base.clone();
        mutate(&mut rng, &mut words);
        if check(&words, &mut runner) {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    assert_eq!(accepted, runner.ran);
    assert!(
        accepted > 10_000 && refused > 10_000,
        "{accepted} accepted, {refused} refused"
    );
}

// ---------------------------------------------------------------------------------------------
// One test per refusal.
// ---------------------------------------------------------------------------------------------

/// `validate` refuses `words` with a message containing `needle`, and so does `from_words`.
#[track_caller]
fn refused(words: &[u32], needle: &str) {
    let error = match validate(words) {
        Ok(()) => panic!("validate accepted words it should refuse ({needle})"),
        Err(error) => error,
    };
    assert_eq!(GraphError::from(error.clone()).op(), "validate");
    let message = error.to_string();
    assert!(
        message.contains(needle),
        "'{message}' does not contain '{needle}'"
    );
    assert_eq!(
        NodeProgram::from_words(words.to_vec(), vec![], vec![]),
        Err(error.into())
    );
}

/// `validate` accepts `words`, and they run.
#[track_caller]
fn accepted(words: &[u32]) {
    if let Err(e) = validate(words) {
        panic!("validate refused: {e}");
    }
    Runner::new().run(words);
}

/// The sin program with instruction `index` edited.
fn with_instruction(index: usize, edit: impl FnOnce(&mut Instruction)) -> Vec<u32> {
    let mut words = sin_words();
    let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
    let mut inst = Instruction::decode(&words[at..at + INSTRUCTION_WORDS]);
    edit(&mut inst);
    words[at..at + INSTRUCTION_WORDS].copy_from_slice(&inst.encode());
    words
}

fn reg(reg: u8) -> u32 {
    RegOperand {
        reg,
        swizzle: [0, 1, 2, 3],
    }
    .encode()
}

#[test]
fn the_worked_example_has_the_words_the_document_shows() {
    let words = sin_words();
    // Header: magic, total, code, code length, data, data length.
    assert_eq!(words[..H_OUTPUTS], [0x304c_5354, 258, 241, 4, 257, 1]);
    // Outputs: COLOR_NODE (0, 0), OPACITY_NODE (0, 4), then fifteen unset and the free slots.
    let mut outputs = [0u32; 2 * 32];
    outputs[3] = 4;
    assert_eq!(words[H_OUTPUTS..H_TIME], outputs);
    // Time 0.0, the identity view, the camera at the origin.
    let one = 0x3f80_0000;
    assert_eq!(words[H_TIME], 0);
    assert_eq!(
        words[H_VIEW..H_CAMERA],
        [one, 0, 0, 0, 0, one, 0, 0, 0, 0, one, 0, 0, 0, 0, one]
    );
    assert_eq!(words[H_CAMERA..H_SCREEN], [0, 0, 0]);
    // Until a renderer writes them: a 1×1 screen, near and far 0, frame 0, perspective, and
    // identity projection, camera and world matrices (docs/bytecode.md).
    assert_eq!(words[H_SCREEN..H_PROJECTION], [one, one, 0, 0]);
    assert_eq!(words[H_FRAME_ID..H_FRAME_ID + 2], [0, 0]);
    let identity = |at: usize| {
        let m: Vec<f32> = words[at..at + 16]
            .iter()
            .map(|&w| f32::from_bits(w))
            .collect();
        assert_eq!(m, glam::Mat4::IDENTITY.to_cols_array(), "word {at}");
    };
    for at in [
        H_PROJECTION,
        H_PROJECTION_INVERSE,
        H_CAMERA_WORLD,
        H_MODEL_WORLD,
        H_MODEL_WORLD_INVERSE,
        H_MODEL_VIEW,
    ] {
        identity(at);
    }
    // three.js r187's default material (`Material`, `MeshStandardMaterial`, `MeshPhongMaterial`):
    // colour white, opacity 1, emissive black, roughness 1, metalness 0, specular 0x111111
    // (sRGB 17/255 decoded: ((17/255 + 0.055) / 1.055)^2.4 = 0.0056054), shininess 30, no alpha
    // test, no clearcoat; MeshPhysicalMaterial's ior 1.5, specular intensity 1 and colour white,
    // sheen 0 (sheenColor black), sheen roughness 1, no iridescence, iridescence IOR 1.3 and
    // thickness range [100, 400] (its maximum), no anisotropy, no dispersion.
    let material: Vec<f32> = words[H_MATERIAL_COLOR..HEADER_WORDS]
        .iter()
        .map(|&w| f32::from_bits(w))
        .collect();
    let s = 0.005_605_392;
    let want = [
        1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, s, s, s, 30.0, 0.0, 0.0, 0.0, 1.5, 1.0, 1.0,
        1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.3, 400.0, 0.0, 0.0, 0.0,
    ];
    assert_eq!(material.len(), want.len());
    for (k, (g, w)) in material.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-7, "material word {k}: {g} != {w}");
    }
    // r0.x = load(word 70); r1.x = load(word 257); r2.x = mul(r0, r1); r0.x = sin(r2).
    assert_eq!(
        words[HEADER_WORDS..257],
        [
            0x0081_0000,
            70,
            0,
            0, //
            0x0081_0100,
            257,
            0,
            0, //
            0x0081_020c,
            0,
            1,
            0, //
            0x0081_0025,
            2,
            0,
            0,
        ]
    );
    // Data: 2.0.
    assert_eq!(words[257..], [0x4000_0000]);
    assert_eq!(MAGIC, 0x304c_5354);
}

#[test]
fn refuses_words_shorter_than_the_header() {
    refused(&[], "0 words, shorter than the 241-word header");
    refused(
        &sin_words()[..HEADER_WORDS - 1],
        "240 words, shorter than the 241-word header",
    );
}

#[test]
fn refuses_a_bad_magic() {
    let mut words = sin_words();
    words[H_MAGIC] = u32::from_le_bytes(*b"TSL1");
    refused(&words, "not the magic 0x304c5354");
}

#[test]
fn refuses_a_total_that_is_not_the_length() {
    let mut words = sin_words();
    words[H_TOTAL] += 1;
    refused(&words, "the header says 259 words, but there are 258");
    let mut longer = sin_words();
    longer.push(0);
    refused(&longer, "the header says 258 words, but there are 259");
}

#[test]
fn refuses_a_free_output_slot_that_is_not_zero() {
    // Slot 25, the first past the twenty-five outputs: words 6 + 50 and 6 + 51.
    let mut words = sin_words();
    words[6 + 2 * 25 + 1] = 1;
    refused(
        &words,
        "output slot 25 is kept for outputs to come and must be 0, not 1",
    );
    let mut words = sin_words();
    words[6 + 2 * 31] = 7;
    refused(&words, "output slot 31 is kept");
}

#[test]
fn refuses_code_that_does_not_start_after_the_header() {
    let mut words = sin_words();
    words[H_CODE] = HEADER_WORDS as u32 + 1;
    refused(&words, "the code starts at word 242, not 241");
}

#[test]
fn refuses_code_and_data_that_do_not_fill_the_words() {
    let mut words = sin_words();
    words[H_CODE_LEN] = 5;
    refused(
        &words,
        "5 instructions and 1 data words do not fill the words",
    );
    let mut words = sin_words();
    words[H_DATA_LEN] = 2;
    refused(
        &words,
        "4 instructions and 2 data words do not fill the words",
    );
    let mut words = sin_words();
    words[H_DATA] -= 1;
    words[H_DATA_LEN] += 1;
    refused(&words, "do not fill the words from 256 to 258");
    // A count so large that the code's end overflows 32 bits.
    let mut words = sin_words();
    words[H_CODE_LEN] = u32::MAX;
    refused(&words, "do not fill the words");
}

#[test]
fn refuses_an_output_whose_code_leaves_the_code() {
    let opacity = H_OUTPUTS + 2 * OPACITY_NODE.index();
    let mut words = sin_words();
    words[opacity] = 1;
    refused(
        &words,
        "OPACITY_NODE's 4 instructions from 1 leave the code",
    );
    let mut words = sin_words();
    words[opacity + 1] = 5;
    refused(
        &words,
        "OPACITY_NODE's 5 instructions from 0 leave the code",
    );
    // An unset output's start must still lie in the code.
    let depth = H_OUTPUTS + 2 * DEPTH_NODE.index();
    let mut words = sin_words();
    words[depth] = 5;
    refused(&words, "DEPTH_NODE's 0 instructions from 5 leave the code");
    let mut words = sin_words();
    words[depth] = u32::MAX;
    words[depth + 1] = u32::MAX;
    refused(&words, "DEPTH_NODE's 4294967295 instructions");
    // The start may equal the code's length when the count is zero.
    let mut words = sin_words();
    words[depth] = 4;
    accepted(&words);
}

#[test]
fn refuses_an_unknown_opcode() {
    refused(
        &with_instruction(2, |i| i.opcode = 6),
        "instruction 2: unknown opcode 6",
    );
    refused(
        &with_instruction(0, |i| i.opcode = 255),
        "instruction 0: unknown opcode 255",
    );
    for byte in 0..=255u8 {
        let words = with_instruction(2, |i| i.opcode = byte);
        let known = Opcode::from_byte(byte).is_some();
        let unknown = validate(&words)
            .err()
            .is_some_and(|e| e.to_string().contains("unknown opcode"));
        assert_eq!(unknown, !known, "opcode {byte}");
    }
}

#[test]
fn refuses_a_destination_past_the_registers() {
    refused(
        &with_instruction(3, |i| i.dst = MAX_REGISTERS as u8),
        "instruction 3: writes r32, past MAX_REGISTERS",
    );
    refused(
        &with_instruction(0, |i| i.dst = 255),
        "writes r255, past MAX_REGISTERS",
    );
    accepted(&with_instruction(3, |i| i.dst = MAX_REGISTERS as u8 - 1));
}

#[test]
fn refuses_an_operand_past_the_registers() {
    refused(
        &with_instruction(2, |i| i.operands[1] = reg(32)),
        "instruction 2: operand 1 reads r32",
    );
    refused(
        &with_instruction(3, |i| i.operands[0] = reg(200)),
        "instruction 3: operand 0 reads r200",
    );
}

#[test]
fn refuses_a_width_of_zero_or_five() {
    refused(
        &with_instruction(2, |i| i.width = 0),
        "instruction 2: width 0",
    );
    refused(
        &with_instruction(2, |i| i.width = 5),
        "instruction 2: width 5",
    );
    // Bit 23 is the uniform flag: the width field is seven bits.
    refused(&with_instruction(3, |i| i.width = 255), "width 127");
    accepted(&with_instruction(3, |i| i.width = 4));
}

#[test]
fn refuses_a_cross_that_is_not_of_vec3() {
    for width in [1, 2, 4] {
        refused(
            &with_instruction(2, |i| {
                i.opcode = Opcode::Cross as u8;
                i.width = width;
            }),
            &format!("instruction 2: cross of width {width}"),
        );
    }
    accepted(&with_instruction(2, |i| {
        i.opcode = Opcode::Cross as u8;
        i.width = 3;
    }));
}

#[test]
fn refuses_a_load_past_the_end() {
    // The constant 2.0 is the last word, 257, of 258.
    refused(
        &with_instruction(1, |i| i.width = 2),
        "instruction 1: loads words 257.. past the program's 258",
    );
    refused(
        &with_instruction(1, |i| i.operands[0] = 258),
        "loads words 258.. past the program's 258",
    );
    refused(
        &with_instruction(1, |i| i.operands[0] = u32::MAX),
        "loads words 4294967295..",
    );
    // A load may read any word of the program, the header's included.
    accepted(&with_instruction(1, |i| {
        i.operands[0] = 0;
        i.width = 4;
    }));
}

#[test]
fn refuses_an_attribute_that_does_not_exist() {
    let attr = |id: u32, width: u8| {
        with_instruction(0, |i| {
            i.opcode = Opcode::Attr as u8;
            i.operands[0] = id;
            i.width = width;
        })
    };
    refused(
        &attr(LANE_ATTRIBUTE_COUNT as u32, 1),
        "instruction 0: attribute 19 in view 0 of width 1",
    );
    refused(
        &attr(u32::MAX, 1),
        "attribute 255 in view 16777215 of width 1",
    );
    // The view is in bits 8 and up: seven views.
    refused(
        &attr((VIEW_COUNT as u32) << 8, 1),
        "attribute 0 in view 7 of width 1",
    );
    accepted(&attr((VIEW_COUNT as u32 - 1) << 8, 1));
    // An attribute has three components at most.
    refused(&attr(0, 4), "attribute 0 in view 0 of width 4");
    accepted(&attr(LANE_ATTRIBUTE_COUNT as u32 - 1, 3));
}

#[test]
fn refuses_a_texture_id_word_past_the_end() {
    let tex = |id_word: u32, width: u8| {
        with_instruction(2, |i| {
            i.opcode = Opcode::Tex as u8;
            i.operands[1] = id_word;
            i.width = width;
        })
    };
    refused(&tex(258, 4), "instruction 2: texture id at word 258 of 258");
    refused(&tex(u32::MAX, 4), "texture id at word 4294967295 of 258");
    // A texture is four components.
    refused(&tex(257, 2), "texture id at word 257 of 258, width 2");
    accepted(&tex(257, 4));
}

#[test]
fn refuses_a_join_component_from_operand_three() {
    let join = |width: u8, select: u8| {
        with_instruction(2, |i| {
            i.opcode = Opcode::Join as u8;
            i.width = width;
            i.select = select;
        })
    };
    // Component 1 from operand 3.
    refused(
        &join(2, 0b11_00),
        "instruction 2: a join component from operand 3",
    );
    refused(&join(1, 0b11), "a join component from operand 3");
    // Select bits past the width are not read.
    accepted(&join(2, 0b11_11_01_00));
    accepted(&join(2, 0b01_00));
}

#[test]
fn refuses_an_instruction_that_reads_its_own_destination() {
    refused(
        &with_instruction(2, |i| i.dst = 0),
        "instruction 2: writes r0 and reads it",
    );
    refused(
        &with_instruction(2, |i| i.dst = 1),
        "instruction 2: writes r1 and reads it",
    );
    // A texture's coordinate.
    refused(
        &with_instruction(3, |i| {
            i.opcode = Opcode::Tex as u8;
            i.width = 4;
            i.operands = [reg(0), 196, 0];
        }),
        "instruction 3: writes r0 and reads it",
    );
    // A join's operand that a component selects; an operand no component selects is not read.
    let join = |select: u8| {
        with_instruction(2, |i| {
            i.opcode = Opcode::Join as u8;
            i.width = 2;
            i.select = select;
            i.operands = [reg(0), reg(1), reg(2)];
        })
    };
    refused(&join(0b10_00), "instruction 2: writes r2 and reads it");
    accepted(&join(0b01_00));
}

#[test]
fn refuses_an_operand_word_with_high_bits_set() {
    refused(
        &with_instruction(2, |i| i.operands[0] |= 1 << 16),
        "instruction 2: operand 0 reads r0 (word 0x10000)",
    );
    refused(
        &with_instruction(3, |i| i.operands[0] |= 1 << 31),
        "instruction 3: operand 0 reads r2 (word 0x80000002)",
    );
}

#[test]
fn checks_every_instruction_whether_an_output_runs_it_or_not() {
    let mut words = with_instruction(3, |i| i.opcode = 9);
    words[H_OUTPUTS + 2 * OPACITY_NODE.index() + 1] = 3;
    refused(&words, "instruction 3: unknown opcode 9");
}
