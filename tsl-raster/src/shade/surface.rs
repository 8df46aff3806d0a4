//! Stage 4 of shading, [`shade_surface`]: the mask, the colour, the opacity, the alpha test,
//! the emissive, the ambient occlusion.

use super::lane_math::copy_register;
use super::maps::read_map;
use super::state::BatchState;
use glam::Vec3;
use tsl_core::Output;

/// Stage 4: the mask (a discard joins it), the colour (the colour node, a vec4, or the material's
/// colour times the map and the vertex colours) and its alpha times the opacity (the opacity
/// node, or the material's times its alpha map), as three.js's `diffuseColor` (R-OUT-11), the alpha test,
/// the emissive (colour, map, node), the ambient occlusion (map, node).
#[inline(always)]
pub(super) fn shade_surface(state: &mut BatchState) {
    let m = state.draw.material;
    let (map_texture, emissive_map, ao_map, alpha_map) = (
        state.map(m.map),
        state.map(m.emissive_map),
        state.map(m.ao_map),
        state.map(m.alpha_map),
    );
    let BatchState {
        draw,
        n,
        lanes: s,
        nodes,
        out,
        ..
    } = state;
    let (draw, n) = (*draw, *n);
    let program = draw.program;
    if let Some(r) = nodes.run(draw, Output::Mask, n) {
        for l in 0..n {
            if r[0][l] == 0.0 {
                out[l].keep = false;
            }
        }
    }
    // three.js's `diffuseColor`: the colour node (a vec4, R-OUT-11) or the material's colour
    // times the map, then its alpha times the opacity node or the material's opacity.
    let color_node = program.filter(|p| p.has_output(Output::Color));
    let needs_map = map_texture.is_some() && color_node.is_none();
    let base = m.color.to_vec3();
    match map_texture.filter(|_| needs_map) {
        Some(t) => {
            for l in 0..n {
                let texel = read_map(t, s.uv_raw.get(l), s.duv[l]);
                let mut rgb = base * texel.truncate();
                let mut alpha = texel.w;
                if m.vertex_colors {
                    rgb *= s.vertex_color.get(l);
                    alpha *= s.vertex_alpha[l];
                }
                s.diffuse.set(l, rgb);
                s.alpha[l] = alpha;
            }
        }
        None => {
            // The texel is white: `color · 1`, as the mapped form computes it.
            let rgb = base * Vec3::ONE;
            s.diffuse.x[..n].fill(rgb.x);
            s.diffuse.y[..n].fill(rgb.y);
            s.diffuse.z[..n].fill(rgb.z);
            s.alpha[..n].fill(1.0);
            if m.vertex_colors {
                times_vertex_colors(s, n);
            }
        }
    }
    if let Some(r) = nodes.run(draw, Output::Color, n) {
        copy_register(r, &mut s.diffuse, n);
        // A vec4 colour (a float one is widened to four) gives the alpha; a vec3 gives 1.
        if program.is_some_and(|p| p.output_width(Output::Color) == 4) {
            s.alpha[..n].copy_from_slice(&r[3][..n]);
        } else {
            s.alpha[..n].fill(1.0);
        }
        // three.js's `colorNode.mul(vertexColor())` when the material has vertex colours on
        // (NodeMaterial.setupDiffuseColor, R-OUT-13).
        if m.vertex_colors {
            times_vertex_colors(s, n);
        }
    }
    // three.js's `instanceColor` joins the vertex colour: it multiplies whichever colour the
    // material made (R-INST-2).
    if let Some(tint) = draw.instance_color {
        for l in 0..n {
            s.diffuse.set(l, s.diffuse.get(l) * tint);
        }
    }
    // The colour's code is often the opacity's first part (`gl_FragColor`'s rgb and a): nothing
    // above changed the batch, so the opacity runs only the rest.
    match nodes.run_after(draw, Output::Opacity, Output::Color, n) {
        Some(r) => {
            for (a, o) in s.alpha[..n].iter_mut().zip(&r[0][..n]) {
                *a *= o;
            }
        }
        // three.js's `materialOpacity`: the opacity times the alpha map's first component.
        None => match alpha_map {
            Some(t) => {
                for l in 0..n {
                    s.alpha[l] *= m.opacity * read_map(t, s.uv_raw.get(l), s.duv[l]).x;
                }
            }
            None => {
                for a in &mut s.alpha[..n] {
                    *a *= m.opacity;
                }
            }
        },
    }
    // The material's threshold or ALPHA_TEST_NODE's (R-OUT-18).
    super::variants::alpha_test(draw, nodes, &s.alpha, out, n);
    if !m.transparent {
        s.alpha[..n].fill(1.0);
    }
    let emissive = m.emissive.to_vec3() * m.emissive_intensity;
    match emissive_map {
        Some(t) => {
            for l in 0..n {
                let e = emissive * read_map(t, s.uv_raw.get(l), s.duv[l]).truncate();
                s.emissive.set(l, e);
            }
        }
        None => {
            s.emissive.x[..n].fill(emissive.x);
            s.emissive.y[..n].fill(emissive.y);
            s.emissive.z[..n].fill(emissive.z);
        }
    }
    if let Some(r) = nodes.run(draw, Output::Emissive, n) {
        copy_register(r, &mut s.emissive, n);
    }
    match ao_map {
        Some(t) => {
            for l in 0..n {
                s.ao[l] =
                    (read_map(t, s.uv_raw.get(l), s.duv[l]).x - 1.0) * m.ao_map_intensity + 1.0;
            }
        }
        None => s.ao[..n].fill(1.0),
    }
    if let Some(r) = nodes.run(draw, Output::Ao, n) {
        s.ao[..n].copy_from_slice(&r[0][..n]);
    }
}

/// The diffuse colour and alpha of the first `n` lanes times their vertex colours (three's
/// `colorNode.mul(vertexColor())`, a vec4).
fn times_vertex_colors(s: &mut super::state::LaneSet, n: usize) {
    for l in 0..n {
        s.diffuse.x[l] *= s.vertex_color.x[l];
        s.diffuse.y[l] *= s.vertex_color.y[l];
        s.diffuse.z[l] *= s.vertex_color.z[l];
        s.alpha[l] *= s.vertex_alpha[l];
    }
}
