//! `NodeProgram`: the compiled words (header, code, data) and the names of their uniforms.
//! docs/bytecode.md describes the words; [`validate`] refuses any that break it.

mod derived;
mod disasm;
mod error;
mod file;
pub mod format;
mod header;
mod json;
mod validate;

pub use error::{FileError, InstructionError, JsonError, ProgramError, ValidationError};
pub use header::MaterialValues;
pub use json::{MAX_JSON_WORDS, PROGRAM_JSON_VERSION};
pub use validate::validate;

use crate::interface::{CustomAttribute, Output, CUSTOM_ATTRIBUTE_FLOATS};
use crate::types::{TextureId, UniformValue, ValueType, NO_TEXTURE};
use format::*;
use std::collections::HashMap;

/// A named uniform's place in the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformSlot {
    /// The name `set_uniform` and `set_texture` take.
    pub name: String,
    /// The uniform's type (`Texture` for a texture uniform).
    pub ty: ValueType,
    /// The first word of its value.
    pub word: usize,
}

/// The word holding the id of a texture the program reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextureSlot {
    /// The texture uniform's name, or `None` for a texture given by id in the graph.
    pub uniform: Option<String>,
    /// The word holding the id.
    pub word: usize,
}

/// A compiled node graph: what the rasterizers run, one instruction list per output.
///
/// It is plain data (words: a header, the code, then the constants and uniforms), so changing a
/// uniform or the frame is a write into it, and any words can be checked before they are run
/// ([`NodeProgram::from_words`]).
///
/// ```
/// use tsl_core::*;
/// let graph = NodeGraph::new();
/// let speed = graph.named_uniform("speed", 2.0);
/// graph.set_output(OPACITY_NODE, graph.mul(graph.time(), speed)).unwrap();
/// let mut program = graph.compile().unwrap();
/// program.set_frame(1.5, glam::Mat4::IDENTITY); // the renderer's time and the camera's view
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![3.0]));
/// program.set_uniform("speed", 0.5).unwrap();
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.75]));
/// // An output the graph did not set has no value.
/// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), None);
/// // The words stand alone: a program made from them again (it reads no texture) is the same.
/// let words = program.words().to_vec();
/// let again = NodeProgram::from_words(words, program.uniforms().to_vec(), Vec::new()).unwrap();
/// assert_eq!(again, program);
/// ```
#[derive(Clone, Debug)]
pub struct NodeProgram {
    words: Vec<u32>,
    uniforms: Vec<UniformSlot>,
    textures: Vec<TextureSlot>,
    /// The indexes in `uniforms` of the slots of each name, in order, so `set_uniform` finds
    /// them in constant time (a function of `uniforms`; unnamed slots are not in it).
    by_name: HashMap<String, Vec<usize>>,
    /// The node each slot was declared by, for `set_uniform(node, ..)`: known to a program its
    /// graph compiled, not to one read from words.
    nodes: Option<UniformNodes>,
    /// The custom attributes the lanes `Custom0` to `Custom2` carry (R-ATTR-1).
    attributes: Vec<CustomAttribute>,
    /// What the interpreter derives from `words` per output (its plans): every write to them
    /// goes through [`NodeProgram::words_mut`], which drops it.
    derived: derived::Derived,
}

/// The graph and the node of each uniform slot of a compiled program.
#[derive(Clone, Debug)]
struct UniformNodes {
    graph: u32,
    nodes: Vec<u32>,
}

impl PartialEq for NodeProgram {
    /// Programs are equal when their words and slots are: a program read back from its file
    /// equals the one written, though only the compiled one knows its uniforms' nodes.
    fn eq(&self, other: &Self) -> bool {
        self.words == other.words
            && self.uniforms == other.uniforms
            && self.textures == other.textures
            && self.attributes == other.attributes
    }
}

/// The indexes of the slots of each name.
fn names(uniforms: &[UniformSlot]) -> HashMap<String, Vec<usize>> {
    let mut map: HashMap<String, Vec<usize>> = HashMap::with_capacity(uniforms.len());
    for (index, slot) in uniforms.iter().enumerate() {
        if !slot.name.is_empty() {
            map.entry(slot.name.clone()).or_default().push(index);
        }
    }
    map
}

/// A uniform's node, as [`UniformKey`] hands it to `set_uniform`: its graph's id and its index
/// there. `NodeRef` and the typed `Node<T>` make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniformNode {
    pub(crate) graph: u32,
    pub(crate) node: u32,
}

/// Which uniform [`NodeProgram::set_uniform`] sets: every uniform of a name, or the one a node
/// declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniformRef<'a> {
    /// Every uniform named so (with `set_name`, `named_uniform`, `texture_uniform` or a GLSL
    /// declaration).
    Name(&'a str),
    /// The uniform a node of the program's graph declared.
    Node(UniformNode),
}

/// What `set_uniform`, `set_texture` and `uniform` take to find a uniform: a name (`&str`,
/// `String`) or the uniform's node (`NodeRef`, typed `Node<T>`), as three.js sets
/// `uniform.value` on the node itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not name a uniform",
    label = "not a uniform's name or node",
    note = "set_uniform takes the uniform's node (what `uniform(value)` returned) or its name"
)]
pub trait UniformKey {
    /// The uniform this key finds.
    fn uniform_ref(&self) -> UniformRef<'_>;
}

impl UniformKey for &str {
    fn uniform_ref(&self) -> UniformRef<'_> {
        UniformRef::Name(self)
    }
}

impl UniformKey for String {
    fn uniform_ref(&self) -> UniformRef<'_> {
        UniformRef::Name(self)
    }
}

impl UniformKey for &String {
    fn uniform_ref(&self) -> UniformRef<'_> {
        UniformRef::Name(self)
    }
}

impl UniformKey for UniformNode {
    fn uniform_ref(&self) -> UniformRef<'_> {
        UniformRef::Node(*self)
    }
}

impl NodeProgram {
    /// A program from words that our compiler wrote; checked in debug builds.
    pub(crate) fn from_parts(
        words: Vec<u32>,
        uniforms: Vec<UniformSlot>,
        textures: Vec<TextureSlot>,
    ) -> Self {
        let program = NodeProgram {
            words,
            by_name: names(&uniforms),
            uniforms,
            textures,
            nodes: None,
            attributes: Vec::new(),
            derived: Default::default(),
        };
        debug_assert_eq!(
            program.check(),
            Ok(()),
            "the compiler wrote a malformed program"
        );
        program
    }

    /// A program from words and slots of any origin (a file, another tool). Refuses words that
    /// [`validate`] refuses and slots outside the data.
    pub fn from_words(
        words: Vec<u32>,
        uniforms: Vec<UniformSlot>,
        textures: Vec<TextureSlot>,
    ) -> Result<Self, ProgramError> {
        let program = NodeProgram {
            words,
            by_name: names(&uniforms),
            uniforms,
            textures,
            nodes: None,
            attributes: Vec::new(),
            derived: Default::default(),
        };
        program.check()?;
        Ok(program)
    }

    fn check(&self) -> Result<(), ProgramError> {
        validate(&self.words)?;
        // Invariant: `validate` refused words shorter than the header (`ValidationError::Short`).
        let data = self.words[H_DATA] as usize..self.words.len();
        // Checked: a slot's word comes from the caller, and `word + len` may wrap.
        let inside = |word: usize, len: usize| {
            data.start <= word && word.checked_add(len).is_some_and(|end| end <= data.end)
        };
        for u in &self.uniforms {
            if !inside(u.word, u.ty.float_count()) {
                return Err(ProgramError::UniformOutsideData {
                    name: u.name.clone(),
                });
            }
        }
        for t in &self.textures {
            if !inside(t.word, 1) {
                return Err(ProgramError::TextureSlotOutsideData { word: t.word });
            }
        }
        Ok(())
    }

    /// The custom attributes the program reads (`named_attribute`, R-ATTR-1): each one's name
    /// and its floats among the 8 of a corner, which a rasterizer fills from the geometry.
    pub fn custom_attributes(&self) -> &[CustomAttribute] {
        &self.attributes
    }

    /// The same program with this custom attribute table (a program read from words, or made by
    /// another tool). Refuses an entry that [`CustomAttribute::is_valid`] refuses, an empty
    /// name, and two entries that share a name or a float.
    pub fn with_custom_attributes(
        mut self,
        attributes: Vec<CustomAttribute>,
    ) -> Result<Self, ProgramError> {
        let mut used = [false; CUSTOM_ATTRIBUTE_FLOATS];
        for (k, a) in attributes.iter().enumerate() {
            let refuse = || ProgramError::CustomAttribute {
                name: a.name.clone(),
            };
            if !a.is_valid()
                || a.name.is_empty()
                || attributes[..k].iter().any(|b| b.name == a.name)
            {
                return Err(refuse());
            }
            let floats = usize::from(a.offset)..usize::from(a.offset) + usize::from(a.width);
            if floats.clone().any(|f| used[f]) {
                return Err(refuse());
            }
            floats.for_each(|f| used[f] = true);
        }
        self.attributes = attributes;
        Ok(self)
    }

    /// The program's words: header, code and data (docs/bytecode.md).
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The uniforms, in the order declared.
    pub fn uniforms(&self) -> &[UniformSlot] {
        &self.uniforms
    }

    /// The words holding the ids of the textures the program reads.
    pub fn texture_slots(&self) -> &[TextureSlot] {
        &self.textures
    }

    /// The ids of the textures the program reads, uniforms' and constants'.
    pub fn textures(&self) -> Vec<TextureId> {
        self.textures
            .iter()
            .map(|t| TextureId(self.words[t.word]))
            .collect()
    }

    /// Point every texture word that names `from` at `to` (constants' and uniforms'), and give
    /// how many words changed. What a renderer does to read a frame's own texture where a
    /// program names a reserved id ([`crate::VIEWPORT_TEXTURE`]). Refuses [`NO_TEXTURE`] as
    /// `to`, as `set_texture` does.
    pub fn replace_texture(
        &mut self,
        from: TextureId,
        to: TextureId,
    ) -> Result<usize, ProgramError> {
        if to == NO_TEXTURE {
            return Err(ProgramError::NoTexture);
        }
        let mut changed = 0;
        for t in &self.textures {
            // Invariant: `check` held every slot inside the words.
            if self.words[t.word] == from.0 {
                self.derived.clear();
                self.words[t.word] = to.0;
                changed += 1;
            }
        }
        Ok(changed)
    }

    /// The words of the texture ids that `texture_3d` instructions read: those slots name
    /// volumes (a renderer's volume store), the others 2D textures (R-VAL-22).
    pub fn volume_words(&self) -> Vec<usize> {
        let count = self.words[H_CODE_LEN] as usize;
        let mut words: Vec<usize> = (0..count)
            .map(|index| self.instruction(index))
            .filter(|inst| inst.opcode == crate::opcode::Opcode::Tex3 as u8)
            .map(|inst| inst.operands[1] as usize)
            .collect();
        words.sort_unstable();
        words.dedup();
        words
    }

    /// Whether the graph set `output`.
    pub fn has_output(&self, output: Output) -> bool {
        self.instruction_count(output) > 0
    }

    /// The instructions of `output` (zero when it is not set).
    pub fn instruction_count(&self, output: Output) -> usize {
        // Invariant: every `NodeProgram` passed `validate`, whose `Short` check keeps the header.
        self.words[H_OUTPUTS + 2 * output.index() + 1] as usize
    }

    /// How many components `output` computes (0 when it is not set): the width of its last
    /// instruction, which writes its value. A renderer reads the alpha of a four-component
    /// `COLOR_NODE` or `OUTPUT_NODE` (R-OUT-11, R-OUT-12).
    pub fn output_width(&self, output: Output) -> usize {
        let (start, count) = self.output_range(output);
        if count == 0 {
            return 0;
        }
        self.instruction(start + count - 1).width as usize
    }

    /// The code of `output` as (first instruction, count).
    pub fn output_range(&self, output: Output) -> (usize, usize) {
        let at = H_OUTPUTS + 2 * output.index();
        // Invariant: as above, the header is there.
        (self.words[at] as usize, self.words[at + 1] as usize)
    }

    /// The registers `output` uses: one more than the highest it writes.
    pub fn register_count(&self, output: Output) -> usize {
        let (start, count) = self.output_range(output);
        (start..start + count)
            .map(|i| self.instruction(i).dst as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// The words, to write: the interpreter's plans, which fold the data's values in, are dropped.
    fn words_mut(&mut self) -> &mut [u32] {
        self.derived.clear();
        &mut self.words
    }

    /// What the interpreter derives from the words, per output.
    pub(crate) fn derived(&self) -> &derived::Derived {
        &self.derived
    }

    /// Instruction `index` of the code.
    ///
    /// # Panics
    ///
    /// When `index` is past the code (`words[H_CODE_LEN]` instructions): callers pass indexes
    /// from [`NodeProgram::output_range`], which the validator bounds.
    pub fn instruction(&self, index: usize) -> Instruction {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        Instruction::decode(&self.words[at..at + INSTRUCTION_WORDS])
    }

    /// Record the node each uniform slot was declared by (compile, from the graph).
    pub(crate) fn set_uniform_nodes(&mut self, graph: u32, nodes: Vec<u32>) {
        self.nodes = Some(UniformNodes { graph, nodes });
    }

    /// The slots `key` finds, in order; refuses a key that finds none.
    fn uniform_slots(
        &self,
        op: &'static str,
        key: UniformRef<'_>,
    ) -> Result<Vec<usize>, ProgramError> {
        let found = match key {
            UniformRef::Name(name) => self.by_name.get(name).cloned().unwrap_or_default(),
            UniformRef::Node(n) => self
                .nodes
                .as_ref()
                .filter(|u| u.graph == n.graph)
                .and_then(|u| u.nodes.iter().position(|&node| node == n.node))
                .into_iter()
                .collect(),
        };
        if found.is_empty() {
            return Err(match key {
                UniformRef::Name(name) => ProgramError::NoUniform {
                    op,
                    name: name.into(),
                },
                UniformRef::Node(n) => ProgramError::NotAUniformNode {
                    op,
                    node: n.node,
                    known: self.nodes.is_some(),
                },
            });
        }
        Ok(found)
    }

    /// The name an error gives a slot: its own, or `#index` for an unnamed one.
    fn slot_label(&self, index: usize) -> String {
        match self.uniforms[index].name.as_str() {
            "" => format!("#{index}"),
            name => name.to_string(),
        }
    }

    /// Change a uniform's value, as three.js changes `uniform.value`: the uniform of a node
    /// (what `uniform(value)` returned), or every uniform of a name (names need not be unique;
    /// each must then take the value). Refuses a name that no uniform has, a node that declared
    /// none of this program's uniforms, and a value of another type than a uniform's (then
    /// nothing is changed).
    pub fn set_uniform(
        &mut self,
        key: impl UniformKey,
        value: impl Into<UniformValue>,
    ) -> Result<(), ProgramError> {
        let value = value.into();
        let slots = self.uniform_slots("set_uniform", key.uniform_ref())?;
        if let Some(&bad) = slots
            .iter()
            .find(|&&i| self.uniforms[i].ty != value.value_type())
        {
            return Err(ProgramError::UniformType {
                name: self.slot_label(bad),
                uniform: self.uniforms[bad].ty,
                value: value.value_type(),
            });
        }
        for i in slots {
            let word = self.uniforms[i].word;
            for (k, bits) in value.bits().into_iter().enumerate() {
                // Invariant: `check` refused a slot outside the data (`UniformOutsideData`, checked `word + len`).
                self.words_mut()[word + k] = bits;
            }
        }
        Ok(())
    }

    /// Change a `uint` to `uvec4` uniform (R-INT-5): every bit of `value` is kept. `value` is
    /// a `u32` for a `uint`, `[u32; 2]` to `[u32; 4]` for the vectors. Refuses a uniform of any
    /// other type, a float uniform included, as [`NodeProgram::set_uniform`] refuses.
    pub fn set_uniform_uint(
        &mut self,
        key: impl UniformKey,
        value: impl Into<UniformValue>,
    ) -> Result<(), ProgramError> {
        let value = value.into();
        if value.value_type().kind() != Some(crate::types::Scalar::UInt) {
            return Err(ProgramError::NotUnsigned {
                value: value.value_type(),
            });
        }
        self.set_uniform(key, value)
    }

    /// Change an `int` to `ivec4` uniform: every bit kept. `value` is an `i32` or `[i32; 2]` to
    /// `[i32; 4]`; refuses a uniform of any other type.
    pub fn set_uniform_int(
        &mut self,
        key: impl UniformKey,
        value: impl Into<UniformValue>,
    ) -> Result<(), ProgramError> {
        let value = value.into();
        if value.value_type().kind() != Some(crate::types::Scalar::Int) {
            return Err(ProgramError::NotSigned {
                value: value.value_type(),
            });
        }
        self.set_uniform(key, value)
    }

    /// A uniform's words now, as bits: of the first float, vector, matrix or integer uniform
    /// `key` finds. An integer uniform's value is exactly these words.
    pub fn uniform_bits(&self, key: impl UniformKey) -> Option<Vec<u32>> {
        let slots = self.uniform_slots("uniform", key.uniform_ref()).ok()?;
        let slot = slots
            .iter()
            .map(|&i| &self.uniforms[i])
            .find(|u| u.ty != ValueType::Texture)?;
        Some(self.words[slot.word..slot.word + slot.ty.float_count()].to_vec())
    }

    /// A uniform's value now: of the first float, vector or matrix uniform `key` finds.
    pub fn uniform(&self, key: impl UniformKey) -> Option<Vec<f32>> {
        let slots = self.uniform_slots("uniform", key.uniform_ref()).ok()?;
        let slot = slots
            .iter()
            .map(|&i| &self.uniforms[i])
            .find(|u| u.ty != ValueType::Texture)?;
        Some(
            self.words[slot.word..slot.word + slot.ty.float_count()]
                .iter()
                .map(|&w| f32::from_bits(w))
                .collect(),
        )
    }

    /// Point a texture uniform at another texture: the one a node declared, or every one of a
    /// name. Refuses [`NO_TEXTURE`], a key that finds no uniform and a uniform that is not a
    /// texture (then nothing is changed).
    pub fn set_texture(
        &mut self,
        key: impl UniformKey,
        texture: TextureId,
    ) -> Result<(), ProgramError> {
        let slots = self.uniform_slots("set_texture", key.uniform_ref())?;
        if let Some(&bad) = slots
            .iter()
            .find(|&&i| self.uniforms[i].ty != ValueType::Texture)
        {
            return Err(ProgramError::NotATexture {
                name: self.slot_label(bad),
                uniform: self.uniforms[bad].ty,
            });
        }
        if texture == NO_TEXTURE {
            return Err(ProgramError::NoTexture);
        }
        for i in slots {
            let word = self.uniforms[i].word;
            self.words_mut()[word] = texture.0;
        }
        Ok(())
    }

    /// A key for the code a native back end emits ([`crate::native`], R-GPU-11 in
    /// docs/requirements.md): equal keys emit equal modules. It is the words with the header's
    /// frame words (time, view, camera), every uniform slot's words and every texture id word
    /// zeroed (the emitted code reads those through a hook), followed by the slots' places
    /// (which words the hook reads).
    pub fn structure_key(&self) -> Vec<u32> {
        let mut key = self.words.clone();
        // Invariant: the header is there (`validate`'s `Short`) and `check` held every slot
        // inside the words.
        key[H_TIME..HEADER_WORDS].fill(0);
        for u in &self.uniforms {
            key[u.word..u.word + u.ty.float_count()].fill(0);
        }
        for t in &self.textures {
            key[t.word] = 0;
        }
        // The slots' places, each as (word, length): a word read through the hook in one
        // program and inlined in another emits another module.
        for u in &self.uniforms {
            key.extend([u.word as u32, u.ty.float_count() as u32]);
        }
        for t in &self.textures {
            key.extend([t.word as u32, 1]);
        }
        key
    }

    /// The frame's time in the header.
    pub fn time(&self) -> f32 {
        f32::from_bits(self.words[H_TIME])
    }
}
