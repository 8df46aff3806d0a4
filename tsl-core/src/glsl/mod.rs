//! GLSL ES to node graphs: ShaderMaterial, RawShaderMaterial and ShaderToy sources.
