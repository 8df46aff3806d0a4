//! One of three.js's `examples/jsm/shaders` as a ready program: its GLSL compiled through the
//! subset as the ShaderMaterial three.js makes of it, then its uniforms set to three.js's
//! defaults (docs/materials.md, "Toon shaders" and "Volume shader").

use std::collections::HashMap;
use tsl_core::glsl::{
    compile_shader_material_with_options, GlslError, GlslErrorKind, GlslOptions, OutputTexel,
    Shader,
};
use tsl_core::{Color, NodeProgram, UniformValue};

/// A uniform's default as three.js's shader object writes it.
pub(crate) enum ThreeDefault {
    /// `new Color( hex )`: sRGB, decoded to linear as three.js's colour management decodes it.
    Srgb(u32),
    /// Any other value, as it is.
    Value(UniformValue),
}

/// A shader's two sources and its uniforms' defaults.
pub(crate) struct ThreeShader {
    /// Its name in three.js, for refusals.
    pub name: &'static str,
    /// The vertex shader.
    pub vertex: &'static str,
    /// The fragment shader.
    pub fragment: &'static str,
    /// The defaults the program starts with; a uniform not here starts at zero, as three's
    /// `Vector3()` does.
    pub defaults: &'static [(&'static str, ThreeDefault)],
}

/// Compile `shader` with `defines` and set its defaults. `linearToOutputTexel` is the value as it
/// is ([`OutputTexel::Linear`]): the renderer's output transform encodes.
pub(crate) fn compile_three_shader(
    shader: &ThreeShader,
    defines: &[&str],
) -> Result<NodeProgram, GlslError> {
    let chunks = three_chunks();
    let options = GlslOptions {
        defines,
        chunks: Some(&chunks),
        output_texel: OutputTexel::Linear,
        ..GlslOptions::default()
    };
    let mut program =
        compile_shader_material_with_options(shader.vertex, shader.fragment, &options)?;
    for (name, default) in shader.defaults {
        let value = match default {
            ThreeDefault::Srgb(hex) => UniformValue::Color(Color::from_hex(*hex)),
            ThreeDefault::Value(v) => *v,
        };
        program
            .set_uniform(*name, value)
            .map_err(|e| refusal(shader.name, format!("its default of {name}: {e}")))?;
    }
    Ok(program)
}

/// The chunks of three.js r187's `ShaderChunk` these shaders include, as r187 writes them.
fn three_chunks() -> HashMap<String, String> {
    HashMap::from([(
        "colorspace_fragment".to_string(),
        "gl_FragColor = linearToOutputTexel( gl_FragColor );".to_string(),
    )])
}

/// A refusal of the whole program (no line): a default that its uniform does not take.
fn refusal(name: &str, reason: String) -> GlslError {
    GlslError {
        shader: Shader::Fragment,
        line: 0,
        column: 0,
        length: 0,
        kind: GlslErrorKind::Internal,
        reason: format!("{name}: {reason}"),
        source_line: String::new(),
        source_column: 0,
        notes: Vec::new(),
        others: Vec::new(),
        omitted: 0,
    }
}
