//! Saved programs: a [`NodeProgram`] as bytes and back (docs/bytecode.md, "Saved programs";
//! R-RUN-10 in docs/requirements.md).
//!
//! The container is little-endian and small: a magic and a version, the words, the uniform
//! slots, the texture slots. Reading it checks every count against the bytes left before it
//! allocates, so a hostile length costs nothing; the words then go through
//! [`NodeProgram::from_words`] and its validator like words of any other origin.

use super::error::FileError;
use super::{NodeProgram, ProgramError, TextureSlot, UniformSlot};
use crate::interface::CustomAttribute;
use crate::types::ValueType;

/// The first four bytes of a saved program.
pub(super) const FILE_MAGIC: [u8; 4] = *b"TSLP";

/// The container's version: 4, the 241-word header of 32 output slots followed by the custom
/// attribute table (version 3 had no table; version 1 held programs with the 44-word header of
/// before the screen, camera and draw values, version 2 the 180-word header of nine output slots).
pub(super) const VERSION: u32 = 4;

/// The uniform types by their code in the file (the code is the index). The integer types
/// (R-INT-5) take codes 7 to 14, after the float types' codes, which files of version 4 already
/// hold.
pub(super) const TYPES: [ValueType; 15] = [
    ValueType::Float,
    ValueType::Vec2,
    ValueType::Vec3,
    ValueType::Vec4,
    ValueType::Mat3,
    ValueType::Mat4,
    ValueType::Texture,
    ValueType::Int,
    ValueType::IVec2,
    ValueType::IVec3,
    ValueType::IVec4,
    ValueType::UInt,
    ValueType::UVec2,
    ValueType::UVec3,
    ValueType::UVec4,
];

/// The texture slot kinds: a constant id, or the id of a texture uniform (followed by its name).
const TEXTURE_CONSTANT: u32 = 0;
const TEXTURE_UNIFORM: u32 = 1;

/// The fewest bytes a uniform slot takes (an empty name): name length, type, word.
const UNIFORM_MIN: u64 = 12;
/// The fewest bytes a texture slot takes (a constant id): kind, word.
const TEXTURE_MIN: u64 = 8;
/// The fewest bytes a custom attribute takes (an empty name): name length, width, offset.
const ATTRIBUTE_MIN: u64 = 12;

impl NodeProgram {
    /// The program as bytes (docs/bytecode.md, "Saved programs"): what
    /// [`NodeProgram::from_bytes`] reads back to an equal program.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// graph.set_output(OPACITY_NODE, graph.mul(graph.time(), graph.named_uniform("speed", 2.0))).unwrap();
    /// let program = graph.compile().unwrap();
    /// let bytes = program.to_bytes();
    /// assert_eq!(&bytes[..4], b"TSLP");
    /// assert_eq!(NodeProgram::from_bytes(&bytes).unwrap(), program);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * self.words.len());
        out.extend(FILE_MAGIC);
        put(&mut out, VERSION);
        // Invariant: a program's counts and word indices fit u32 (`validate` bounds the words
        // by the header's u32 total; `check` holds every slot inside them).
        put(&mut out, self.words.len() as u32);
        for &w in &self.words {
            put(&mut out, w);
        }
        put(&mut out, self.uniforms.len() as u32);
        for u in &self.uniforms {
            put_name(&mut out, &u.name);
            let code = TYPES.iter().position(|&t| t == u.ty).unwrap_or(0);
            put(&mut out, code as u32);
            put(&mut out, u.word as u32);
        }
        put(&mut out, self.textures.len() as u32);
        for t in &self.textures {
            match &t.uniform {
                None => put(&mut out, TEXTURE_CONSTANT),
                Some(name) => {
                    put(&mut out, TEXTURE_UNIFORM);
                    put_name(&mut out, name);
                }
            }
            put(&mut out, t.word as u32);
        }
        put(&mut out, self.custom_attributes().len() as u32);
        for a in self.custom_attributes() {
            put_name(&mut out, &a.name);
            put(&mut out, u32::from(a.width));
            put(&mut out, u32::from(a.offset));
        }
        out
    }

    /// A program from bytes that [`NodeProgram::to_bytes`] wrote, or any others: refuses a
    /// wrong magic or version, a count or length past the bytes left (checked before anything
    /// is allocated), a name that is not UTF-8, an unknown uniform type or texture slot kind and
    /// bytes after the end ([`ProgramError::File`]), then whatever
    /// [`NodeProgram::from_words`] refuses. Never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<NodeProgram, ProgramError> {
        let mut r = Reader { bytes, at: 0 };
        let magic = r.take("magic", 4)?;
        if magic != FILE_MAGIC {
            let mut found = [0u8; 4];
            found.copy_from_slice(magic);
            return Err(FileError::Magic { found }.into());
        }
        let version = r.u32("version")?;
        if version != VERSION {
            return Err(FileError::Version { found: version }.into());
        }
        let n = r.count("words", 4)?;
        let words = r
            .take("words", 4 * n)?
            .chunks_exact(4)
            .map(word)
            .collect::<Vec<u32>>();
        let n = r.count("uniforms", UNIFORM_MIN)?;
        let mut uniforms = Vec::with_capacity(n);
        for _ in 0..n {
            let name = r.name("uniform name")?;
            let at = r.at;
            let code = r.u32("uniform type")?;
            let ty = *TYPES
                .get(code as usize)
                .ok_or(FileError::Type { code, at })?;
            let word = r.u32("uniform word")? as usize;
            uniforms.push(UniformSlot { name, ty, word });
        }
        let n = r.count("texture slots", TEXTURE_MIN)?;
        let mut textures = Vec::with_capacity(n);
        for _ in 0..n {
            let at = r.at;
            let uniform = match r.u32("texture slot kind")? {
                TEXTURE_CONSTANT => None,
                TEXTURE_UNIFORM => Some(r.name("texture uniform name")?),
                code => return Err(FileError::TextureKind { code, at }.into()),
            };
            let word = r.u32("texture word")? as usize;
            textures.push(TextureSlot { uniform, word });
        }
        let n = r.count("custom attributes", ATTRIBUTE_MIN)?;
        let mut attributes = Vec::with_capacity(n);
        for _ in 0..n {
            let name = r.name("custom attribute name")?;
            // A value past a byte cannot fit the 8 floats: `with_custom_attributes` refuses it.
            let small = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
            let width = small(r.u32("custom attribute width")?);
            let offset = small(r.u32("custom attribute offset")?);
            attributes.push(CustomAttribute {
                name,
                width,
                offset,
            });
        }
        let left = bytes.len() - r.at;
        if left > 0 {
            return Err(FileError::Trailing { bytes: left }.into());
        }
        NodeProgram::from_words(words, uniforms, textures)?.with_custom_attributes(attributes)
    }
}

fn put(out: &mut Vec<u8>, value: u32) {
    out.extend(value.to_le_bytes());
}

fn put_name(out: &mut Vec<u8>, name: &str) {
    // Invariant: a name longer than u32::MAX bytes is not a name a graph was built with.
    put(out, name.len() as u32);
    out.extend(name.as_bytes());
}

/// A little-endian u32 from four bytes.
fn word(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// The bytes being read and the position in them.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// The next `n` bytes, or why not.
    fn take(&mut self, field: &'static str, n: usize) -> Result<&'a [u8], FileError> {
        if n > self.left() {
            return Err(self.truncated(field, n as u64));
        }
        let taken = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(taken)
    }

    fn truncated(&self, field: &'static str, need: u64) -> FileError {
        FileError::Truncated {
            field,
            at: self.at,
            need,
            left: self.left(),
        }
    }

    fn u32(&mut self, field: &'static str) -> Result<u32, FileError> {
        self.take(field, 4).map(word)
    }

    /// A count of entries of at least `each` bytes, refused unless that many fit in the bytes
    /// after it: what bounds every allocation by the input's size.
    fn count(&mut self, field: &'static str, each: u64) -> Result<usize, FileError> {
        let n = self.u32(field)?;
        let need = u64::from(n) * each;
        if need > self.left() as u64 {
            return Err(self.truncated(field, need));
        }
        Ok(n as usize)
    }

    /// A length-prefixed UTF-8 name.
    fn name(&mut self, field: &'static str) -> Result<String, FileError> {
        let n = self.u32(field)? as usize;
        let at = self.at;
        let bytes = self.take(field, n)?;
        std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|_| FileError::Name { at })
    }
}
