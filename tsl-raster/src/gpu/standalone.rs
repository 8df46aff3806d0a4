//! The wgpu side of a standalone module (R-GPU-12 in docs/requirements.md): the bind group
//! layout's entries and the vertex attributes that
//! [`NodeProgram::native_interface`](tsl_core::NodeProgram::native_interface) describes, for a
//! pipeline of the user's own over
//! [`NodeProgram::to_wgsl`](tsl_core::NodeProgram::to_wgsl)'s module.

use crate::texture::{Texture3d, VolumeFilter, Wrap};
use tsl_core::native::{NativeInterface, TextureDimension, VertexFormat};

/// Where every binding is visible: the vertex stage reads the block's matrices, the fragment
/// stage its uniforms and the textures.
const STAGES: wgpu::ShaderStages = wgpu::ShaderStages::VERTEX_FRAGMENT;

/// Bind group 0's layout entries: binding 0 the uniform block (its size as the minimum
/// binding size), then for each texture slot a filterable `texture_2d<f32>` (a volume's slot:
/// a `texture_3d<f32>`, R-VOL-6) and a filtering sampler at the bindings the interface gives.
pub fn native_bind_group_layout_entries(
    interface: &NativeInterface,
) -> Vec<wgpu::BindGroupLayoutEntry> {
    let mut entries = vec![wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: STAGES,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: wgpu::BufferSize::new(interface.uniforms.size),
        },
        count: None,
    }];
    for t in &interface.textures {
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: t.texture,
            visibility: STAGES,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: match t.dimension {
                    TextureDimension::D2 => wgpu::TextureViewDimension::D2,
                    TextureDimension::D3 => wgpu::TextureViewDimension::D3,
                },
                multisampled: false,
            },
            count: None,
        });
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: t.sampler,
            visibility: STAGES,
            ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            count: None,
        });
    }
    entries
}

/// The sampler that makes a standalone module's `textureSampleLevel` of a volume read as the
/// bytecode's `texture_3d` reads `volume` (R-VOL-6, `Texture3d::sample`): its filter for
/// magnification and minification alike, no mips, its three wraps. Bind it beside the volume's
/// `texture_3d` (uploaded x fastest, then y, then z, as `Texture3d` holds its texels).
pub fn native_volume_sampler(volume: &Texture3d) -> wgpu::SamplerDescriptor<'static> {
    let address = |w: Wrap| match w {
        Wrap::Repeat => wgpu::AddressMode::Repeat,
        Wrap::ClampToEdge => wgpu::AddressMode::ClampToEdge,
        Wrap::MirroredRepeat => wgpu::AddressMode::MirrorRepeat,
    };
    let filter = match volume.filter {
        VolumeFilter::Nearest => wgpu::FilterMode::Nearest,
        VolumeFilter::Linear => wgpu::FilterMode::Linear,
    };
    wgpu::SamplerDescriptor {
        label: Some("tsl volume"),
        address_mode_u: address(volume.wrap_s),
        address_mode_v: address(volume.wrap_t),
        address_mode_w: address(volume.wrap_r),
        mag_filter: filter,
        min_filter: filter,
        mipmap_filter: wgpu::MipmapFilterMode::Nearest,
        ..Default::default()
    }
}

/// `vs_main`'s attributes in the one interleaved vertex buffer (stride
/// [`NativeInterface::vertex_stride`]), for a `wgpu::VertexBufferLayout`.
pub fn native_vertex_attributes(interface: &NativeInterface) -> Vec<wgpu::VertexAttribute> {
    interface
        .vertex_inputs
        .iter()
        .map(|v| wgpu::VertexAttribute {
            format: match v.format {
                VertexFormat::Float32x2 => wgpu::VertexFormat::Float32x2,
                VertexFormat::Float32x3 => wgpu::VertexFormat::Float32x3,
            },
            offset: v.offset,
            shader_location: v.location,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsl_core::{NodeGraph, TextureId, COLOR_NODE};

    #[test]
    fn the_entries_and_attributes_follow_the_interface() {
        let g = NodeGraph::new();
        let map = g.texture_uniform("map", TextureId(1));
        let tint = g.named_uniform("tint", glam::Vec3::ONE);
        let texel = g.swizzle(g.texture(map, g.uv()), "xyz");
        g.set_output(COLOR_NODE, g.mul(texel, tint)).unwrap();
        let interface = g.compile().unwrap().native_interface();
        let entries = native_bind_group_layout_entries(&interface);
        let bindings: Vec<u32> = entries.iter().map(|e| e.binding).collect();
        assert_eq!(bindings, vec![0, 1, 2]);
        // The frame's 272 bytes, then the vec3 at 272: 288 bytes.
        assert!(matches!(
            entries[0].ty,
            wgpu::BindingType::Buffer { min_binding_size: Some(s), .. } if s.get() == 288
        ));
        assert!(matches!(entries[1].ty, wgpu::BindingType::Texture { .. }));
        assert!(matches!(entries[2].ty, wgpu::BindingType::Sampler(_)));
        let attributes = native_vertex_attributes(&interface);
        let got: Vec<(u32, u64, wgpu::VertexFormat)> = attributes
            .iter()
            .map(|a| (a.shader_location, a.offset, a.format))
            .collect();
        use wgpu::VertexFormat::*;
        assert_eq!(
            got,
            vec![
                (0, 0, Float32x3),
                (1, 12, Float32x3),
                (2, 24, Float32x2),
                (3, 32, Float32x3)
            ]
        );
    }
}
