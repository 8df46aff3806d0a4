//! The native mode of [`GpuInterpreter`](super::GpuInterpreter): a program's outputs emitted as
//! WGSL functions by [`tsl_core::native`] (R-GPU-11, R-GPU-14 in docs/requirements.md) into the
//! interpreter's own host shader, one compute pipeline per program structure, cached.
//!
//! The host is `INTERP_WGSL` with `native_host.wgsl` in place of the interpreter's core: the
//! same bindings, views layout, `attr_of`, `texture_of` and entry point, so the native mode and
//! the interpreter read the same buffers and write the same results; only `run_code` differs.

use super::device::{compute_pipeline, Gpu, GpuError};
use std::collections::HashMap;
use std::sync::LazyLock;
use tsl_core::native::{emit_run_code, module_to_wgsl, parse_wgsl};
use tsl_core::NodeProgram;

/// The native host's WGSL: the interpreter's generated contract and `interp.wgsl`, then
/// `native_host.wgsl` (the `run_code` stub and the three hooks), then tsl-core's prelude.
pub(crate) static NATIVE_HOST_WGSL: LazyLock<String> = LazyLock::new(|| {
    [
        include_str!("bytecode.wgsl"),
        include_str!("interp_layout.wgsl"),
        include_str!("interp.wgsl"),
        include_str!("native_host.wgsl"),
        tsl_core::native::PRELUDE_WGSL,
    ]
    .concat()
});

/// Why `program` could not become a native shader: a pipeline refusal labelled `native`.
pub(super) fn refusal(message: impl std::fmt::Display) -> GpuError {
    GpuError::Pipeline {
        label: "native".into(),
        message: message.to_string(),
    }
}

/// The WGSL compute shader that runs `program`'s outputs natively over the interpreter's
/// bindings (group 0: words, views, params, out; entry point `main`). Programs with equal
/// [`NodeProgram::structure_key`]s get the same text: the frame, uniforms and texture ids are
/// read from the words buffer. An emission or validation failure is [`GpuError::Pipeline`]
/// labelled `native`, with the emitter's message.
pub fn native_interp_wgsl(program: &NodeProgram) -> Result<String, GpuError> {
    // Parsed per structure (a few milliseconds, beside the pipeline's compile), which keeps
    // naga's types out of this crate's dependencies.
    let mut module = parse_wgsl(&NATIVE_HOST_WGSL).map_err(refusal)?;
    emit_run_code(program, &mut module).map_err(refusal)?;
    module_to_wgsl(&module).map_err(refusal)
}

/// The native pipelines a [`GpuInterpreter`](super::GpuInterpreter) made, by structure key.
#[derive(Default)]
pub(crate) struct NativePipelines {
    by_structure: HashMap<Vec<u32>, wgpu::ComputePipeline>,
}

impl NativePipelines {
    /// The pipeline for `program`'s structure: made (emitted, validated, compiled) on first
    /// use, then reused for every program of that structure.
    pub(crate) fn get(
        &mut self,
        gpu: &Gpu,
        program: &NodeProgram,
    ) -> Result<wgpu::ComputePipeline, GpuError> {
        let key = program.structure_key();
        if let Some(pipeline) = self.by_structure.get(&key) {
            return Ok(pipeline.clone());
        }
        let source = native_interp_wgsl(program)?;
        let pipeline =
            compute_pipeline(&gpu.device, &gpu.interp_layout, &source, "native", "main")?;
        self.by_structure.insert(key, pipeline.clone());
        Ok(pipeline)
    }

    /// How many pipelines are cached.
    pub(crate) fn len(&self) -> usize {
        self.by_structure.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsl_core::*;

    fn program(k: f32) -> NodeProgram {
        let g = NodeGraph::new();
        let c = g.mul(g.position_world(), g.named_uniform("k", k));
        g.set_output(
            COLOR_NODE,
            g.add(c, g.swizzle(g.texture(TextureId(2), g.uv()), "xyz")),
        )
        .unwrap();
        g.set_output(OPACITY_NODE, g.perlin_noise(g.uv())).unwrap();
        g.compile().unwrap()
    }

    #[test]
    fn the_native_shader_validates_and_dispatches_each_output_to_its_function() {
        // No adapter needed: naga validates what wgpu would be given.
        let p = program(2.0);
        let text = native_interp_wgsl(&p).unwrap();
        let module = parse_wgsl(&text).unwrap();
        tsl_core::native::validate(&module).unwrap();
        let run = &text[text.find("fn run_code").unwrap()..];
        let run = &run[..run.find("\n}").unwrap()];
        for output in [COLOR_NODE, OPACITY_NODE] {
            let (start, _) = p.output_range(output);
            assert!(run.contains(&format!("case {start}u")), "{run}");
            assert!(run.contains(&format!("{}()", tsl_core::native::function_name(output))));
        }
        // The hooks read the interpreter's own buffers and functions.
        let body = |name: &str| {
            let f = &text[text.find(&format!("fn {name}(")).unwrap()..];
            f[..f.find("\n}").unwrap()].to_string()
        };
        assert!(
            body("tsl_word").contains("words[word]"),
            "{}",
            body("tsl_word")
        );
        assert!(body("tsl_attribute").contains("attr_of("));
        assert!(body("tsl_texture").contains("texture_of("));
        // The interpreter's walking core is not there.
        assert!(!text.contains("fn swz("));
    }

    #[test]
    fn a_long_chain_is_text_a_wgsl_parser_reads() {
        // 1000 dependent instructions: written nested, the text would pass the parser's
        // recursion limit (wgpu's, which is naga's, refused a 500-step chain).
        let g = NodeGraph::new();
        let mut v = g.position_world();
        for i in 0..500 {
            v = g.add(g.mul(v, g.float(1.0 + i as f32 / 1024.0)), g.normal_world());
        }
        g.set_output(COLOR_NODE, v).unwrap();
        let p = g.compile().unwrap();
        assert!(p.instruction_count(COLOR_NODE) >= 1000);
        let text = native_interp_wgsl(&p).unwrap();
        tsl_core::native::validate(&parse_wgsl(&text).unwrap()).unwrap();
    }

    #[test]
    fn programs_of_one_structure_share_the_text_and_others_do_not() {
        let mut moved = program(2.0);
        moved.set_uniform("k", 0.5f32).unwrap();
        moved.set_frame(3.0, glam::Mat4::IDENTITY);
        assert_eq!(
            native_interp_wgsl(&program(2.0)).unwrap(),
            native_interp_wgsl(&moved).unwrap()
        );
        let other = {
            let g = NodeGraph::new();
            g.set_output(OPACITY_NODE, g.float(0.25)).unwrap();
            g.compile().unwrap()
        };
        assert_ne!(
            native_interp_wgsl(&program(2.0)).unwrap(),
            native_interp_wgsl(&other).unwrap()
        );
    }
}
