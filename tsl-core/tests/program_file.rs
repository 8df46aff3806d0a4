//! Saved programs (docs/bytecode.md, "Saved programs"): `NodeProgram::to_bytes` lays the
//! container out as the document says, `from_bytes` reads it back to an equal program, and any
//! other bytes (every truncation, byte flips, random mutations, hostile counts) are refused with
//! an error, never a panic and never an allocation the bytes do not pay for.

mod every_slot;

mod xorshift;

use tsl_core::format::HEADER_WORDS;
use tsl_core::*;
use xorshift::Rng;

/// The worked example of docs/bytecode.md: `OPACITY_NODE = sin(time * 2)`, 258 words.
fn worked_example() -> NodeProgram {
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.sin(g.mul(g.time(), g.float(2.0))))
        .unwrap();
    g.compile().unwrap()
}

/// A program with a uniform of every type, a texture uniform and a constant texture, and a frame.
fn every_slot() -> NodeProgram {
    let g = NodeGraph::new();
    let sum = every_slot::every_slot_sum(&g, "tint é");
    g.set_output(COLOR_NODE, sum).unwrap();
    g.set_output(OPACITY_NODE, g.perlin_noise(g.uv())).unwrap();
    let mut p = g.compile().unwrap();
    p.set_frame(
        2.5,
        glam::Mat4::from_translation(glam::Vec3::new(1.0, -2.0, 3.0)),
    );
    p.set_uniform("f", 0.75f32).unwrap();
    p
}

fn le(v: u32) -> [u8; 4] {
    v.to_le_bytes()
}

#[test]
fn the_worked_example_is_laid_out_as_documented() {
    let p = worked_example();
    let bytes = p.to_bytes();
    // magic, version, word count, 258 words (the 241-word header, four instructions, one
    // constant), no uniform, no texture slot, no custom attribute.
    assert_eq!(bytes.len(), 4 + 4 + 4 + 258 * 4 + 4 + 4 + 4);
    assert_eq!(&bytes[0..4], b"TSLP");
    assert_eq!(bytes[4..8], le(4));
    assert_eq!(bytes[8..12], le(258));
    // The magic word of the program, then the constant 2.0 as the last word.
    assert_eq!(bytes[12..16], [0x54, 0x53, 0x4c, 0x30]);
    assert_eq!(bytes[12 + 257 * 4..12 + 258 * 4], le(0x4000_0000));
    for (i, w) in p.words().iter().enumerate() {
        assert_eq!(bytes[12 + 4 * i..16 + 4 * i], le(*w), "word {i}");
    }
    assert_eq!(bytes[12 + 258 * 4..], [0; 12]);
    assert_eq!(NodeProgram::from_bytes(&bytes).unwrap(), p);
}

#[test]
fn the_slots_are_laid_out_as_documented() {
    let p = every_slot();
    let bytes = p.to_bytes();
    // After the words: the uniforms, then the texture slots, each written out here by hand
    // from the document's table.
    let mut want = Vec::new();
    want.extend(le(p.uniforms().len() as u32));
    for u in p.uniforms() {
        want.extend(le(u.name.len() as u32));
        want.extend(u.name.as_bytes());
        let code = match u.ty {
            ValueType::Float => 0,
            ValueType::Vec2 => 1,
            ValueType::Vec3 => 2,
            ValueType::Vec4 => 3,
            ValueType::Mat3 => 4,
            ValueType::Mat4 => 5,
            ValueType::Texture => 6,
            ValueType::Int => 7,
            ValueType::IVec2 => 8,
            ValueType::IVec3 => 9,
            ValueType::IVec4 => 10,
            ValueType::UInt => 11,
            ValueType::UVec2 => 12,
            ValueType::UVec3 => 13,
            ValueType::UVec4 => 14,
        };
        want.extend(le(code));
        want.extend(le(u.word as u32));
    }
    want.extend(le(p.texture_slots().len() as u32));
    for t in p.texture_slots() {
        match &t.uniform {
            None => want.extend(le(0)),
            Some(name) => {
                want.extend(le(1));
                want.extend(le(name.len() as u32));
                want.extend(name.as_bytes());
            }
        }
        want.extend(le(t.word as u32));
    }
    // No custom attribute.
    want.extend(le(0));
    let words_end = 12 + 4 * p.words().len();
    assert_eq!(bytes[words_end..], want[..]);
    // Eight uniforms (the texture uniform among them), two texture slots: one named, one not.
    assert_eq!(p.uniforms().len(), 8);
    assert_eq!(p.texture_slots().len(), 2);
    assert!(p.texture_slots().iter().any(|t| t.uniform.is_none()));
}

#[test]
fn programs_round_trip_to_equal_programs() {
    for p in [worked_example(), every_slot()] {
        let again = NodeProgram::from_bytes(&p.to_bytes()).unwrap();
        assert_eq!(again, p);
        assert_eq!(again.to_bytes(), p.to_bytes());
        // The uniforms still answer by name, and the values read back are the saved ones.
        for u in p.uniforms() {
            assert_eq!(again.uniform(&u.name), p.uniform(&u.name));
        }
    }
    let mut p = every_slot();
    let mut again = NodeProgram::from_bytes(&p.to_bytes()).unwrap();
    p.set_uniform("tint é", Color::from_srgb8(1, 2, 3)).unwrap();
    again
        .set_uniform("tint é", Color::from_srgb8(1, 2, 3))
        .unwrap();
    again.set_texture("map", TextureId(9)).unwrap();
    p.set_texture("map", TextureId(9)).unwrap();
    assert_eq!(again, p);
}

#[test]
fn every_truncation_is_refused() {
    for p in [worked_example(), every_slot()] {
        let bytes = p.to_bytes();
        for n in 0..bytes.len() {
            let e = NodeProgram::from_bytes(&bytes[..n]).unwrap_err();
            assert!(
                matches!(e, ProgramError::File(FileError::Truncated { .. })),
                "{n} bytes: {e}"
            );
            assert!(e.to_string().starts_with("program file: "), "{e}");
        }
    }
    assert_eq!(
        NodeProgram::from_bytes(&[]).unwrap_err(),
        ProgramError::File(FileError::Truncated {
            field: "magic",
            at: 0,
            need: 4,
            left: 0
        })
    );
}

#[test]
fn byte_flips_and_random_mutations_are_refused_or_read_never_a_panic() {
    let bytes = every_slot().to_bytes();
    let (mut read, mut refused) = (0, 0);
    for i in 0..bytes.len() {
        for mask in [0x01u8, 0x80, 0xff] {
            let mut b = bytes.clone();
            b[i] ^= mask;
            match NodeProgram::from_bytes(&b) {
                Ok(_) => read += 1,
                Err(_) => refused += 1,
            }
        }
    }
    // A flip in a constant or a uniform's value is still a program; in the magic, a count or
    // an opcode it is not.
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..3000 {
        let mut b = bytes.clone();
        for _ in 0..1 + rng.below(8) {
            let i = rng.below(b.len());
            b[i] = rng.next() as u8;
        }
        if rng.below(4) == 0 {
            b.truncate(rng.below(b.len()));
        }
        if rng.below(8) == 0 {
            b.extend((0..rng.below(16)).map(|_| rng.next() as u8));
        }
        let _ = NodeProgram::from_bytes(&b);
    }
    // Random bytes after a good magic and version.
    for _ in 0..500 {
        let mut b = b"TSLP\x02\0\0\0".to_vec();
        b.extend((0..rng.below(200)).map(|_| rng.next() as u8));
        assert!(NodeProgram::from_bytes(&b).is_err());
    }
}

#[test]
fn a_flipped_constant_is_read_as_that_constant() {
    let p = worked_example();
    let mut bytes = p.to_bytes();
    // The constant 2.0 (word 257) becomes 3.0: 0x40400000.
    bytes[12 + 257 * 4 + 2] = 0x40;
    let q = NodeProgram::from_bytes(&bytes).unwrap();
    assert_eq!(q.words()[257], 0x4040_0000);
    let mut q = q;
    q.set_frame(0.25, glam::Mat4::IDENTITY);
    assert_eq!(
        q.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![(0.25f32 * 3.0).sin()])
    );
}

/// A container of `words` followed by `slots` (the uniform and texture sections) and an empty
/// custom attribute table, as bytes.
fn container(words: &[u32], slots: &[u8]) -> Vec<u8> {
    let mut b = b"TSLP".to_vec();
    b.extend(le(4));
    b.extend(le(words.len() as u32));
    for w in words {
        b.extend(le(*w));
    }
    b.extend(slots);
    b.extend(le(0));
    b
}

#[test]
fn each_refusal_names_what_was_wrong() {
    let p = worked_example();
    let words = p.words().to_vec();
    let no_slots = [0u8; 8];
    let refuse = |bytes: &[u8]| NodeProgram::from_bytes(bytes).unwrap_err();
    let file = |e: ProgramError| match e {
        ProgramError::File(f) => f,
        other => panic!("not a file error: {other}"),
    };

    let mut b = container(&words, &no_slots);
    b[3] = b'Q';
    assert_eq!(file(refuse(&b)), FileError::Magic { found: *b"TSLQ" });
    let mut b = container(&words, &no_slots);
    b[4] = 2;
    assert_eq!(file(refuse(&b)), FileError::Version { found: 2 });
    assert_eq!(
        refuse(&b).to_string(),
        "program file: version 2; this library reads version 4"
    );
    let mut b = container(&words, &no_slots);
    b.push(0);
    assert_eq!(file(refuse(&b)), FileError::Trailing { bytes: 1 });

    // A count of words the bytes cannot hold: refused before 16 GiB are asked for.
    let mut b = container(&words, &no_slots);
    b[8..12].copy_from_slice(&le(u32::MAX));
    assert_eq!(
        file(refuse(&b)),
        FileError::Truncated {
            field: "words",
            at: 12,
            need: 4 * u64::from(u32::MAX),
            left: 258 * 4 + 12
        }
    );
    // As many uniforms and texture slots as a u32 says, and a name as long.
    let mut slots = le(u32::MAX).to_vec();
    slots.extend(le(0));
    let e = file(refuse(&container(&words, &slots)));
    assert!(
        matches!(e, FileError::Truncated { field: "uniforms", need, .. } if need == 12 * u64::from(u32::MAX)),
        "{e}"
    );
    let mut slots = le(0).to_vec();
    slots.extend(le(u32::MAX));
    let e = file(refuse(&container(&words, &slots)));
    assert!(
        matches!(
            e,
            FileError::Truncated {
                field: "texture slots",
                ..
            }
        ),
        "{e}"
    );
    let mut slots = le(1).to_vec();
    slots.extend(le(u32::MAX));
    slots.extend([0u8; 12]);
    let e = file(refuse(&container(&words, &slots)));
    assert!(
        matches!(e, FileError::Truncated { field: "uniform name", need, .. } if need == u64::from(u32::MAX)),
        "{e}"
    );

    // A uniform "k" whose name is not UTF-8, then one of type 15 (7 to 14 are the integer types).
    let data = 257u32;
    let uniform = |name: &[u8], code: u32| {
        let mut s = le(1).to_vec();
        s.extend(le(name.len() as u32));
        s.extend(name);
        s.extend(le(code));
        s.extend(le(data));
        s.extend(le(0));
        s
    };
    let header = 12 + 258 * 4;
    assert_eq!(
        file(refuse(&container(&words, &uniform(&[0xff], 0)))),
        FileError::Name { at: header + 8 }
    );
    assert_eq!(
        file(refuse(&container(&words, &uniform(b"k", 15)))),
        FileError::Type {
            code: 15,
            at: header + 9
        }
    );
    // Type 0 (float) at the data's word: a program whose uniform reads the constant.
    let q = NodeProgram::from_bytes(&container(&words, &uniform(b"k", 0))).unwrap();
    assert_eq!(q.uniform("k"), Some(vec![2.0]));
    // A vec2 there runs past the words: from_words' own check.
    assert_eq!(
        refuse(&container(&words, &uniform(b"k", 1))),
        ProgramError::UniformOutsideData { name: "k".into() }
    );
    // A texture slot of kind 2.
    let mut slots = le(0).to_vec();
    slots.extend(le(1));
    slots.extend(le(2));
    slots.extend(le(data));
    assert_eq!(
        file(refuse(&container(&words, &slots))),
        FileError::TextureKind {
            code: 2,
            at: header + 8
        }
    );
    // Words the validator refuses: a header whose total is not the words'.
    let mut bad = words.clone();
    bad[1] = 196;
    assert!(matches!(
        refuse(&container(&bad, &no_slots)),
        ProgramError::Validation(ValidationError::Total { .. })
    ));
    // Fewer words than a header.
    assert!(matches!(
        refuse(&container(&words[..HEADER_WORDS - 1], &no_slots)),
        ProgramError::Validation(ValidationError::Short { .. })
    ));
}
