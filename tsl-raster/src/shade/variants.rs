//! The material's numbers that a program may replace between the surface and the lights:
//! STANDARD and PHYSICAL roughness and metalness (ROUGHNESS_NODE, METALNESS_NODE, R-OUT-17), as
//! three.js r187's `MeshStandardNodeMaterial.setupVariants` reads them, and the alpha test's
//! threshold of any material (ALPHA_TEST_NODE, R-OUT-18), as `NodeMaterial.setupDiffuseColor`.

use super::maps::read_map;
use super::state::{BatchState, FragOut, Nodes};
use crate::raster::draw::Draw;
use crate::scene::MaterialKind;
use tsl_core::{Lane, Output};

/// Each lane's roughness before `getRoughness` and its metalness, for a STANDARD or PHYSICAL
/// material: the node's value where the program sets the output, else three's `MaterialNode`
/// value, the material's number times its map's channel (roughness · `roughnessMap.g`,
/// metalness · `metalnessMap.b`). Other kinds read neither (three's other materials have no
/// roughness), so their lanes are left alone.
pub(super) fn shade_variants(state: &mut BatchState) {
    let m = state.draw.material;
    if !matches!(m.kind, MaterialKind::Standard | MaterialKind::Physical) {
        return;
    }
    let (roughness_map, metalness_map) = (state.map(m.roughness_map), state.map(m.metalness_map));
    let BatchState {
        draw,
        n,
        lanes: s,
        nodes,
        ..
    } = state;
    let (draw, n) = (*draw, *n);
    // (the output, the material's number, its map, the map's channel, the lanes it fills)
    let variants = [
        (
            Output::Roughness,
            m.roughness,
            roughness_map,
            1,
            &mut s.material_roughness,
        ),
        (
            Output::Metalness,
            m.metalness,
            metalness_map,
            2,
            &mut s.metalness,
        ),
    ];
    for (output, number, map, channel, lanes) in variants {
        if let Some(r) = nodes.run(draw, output, n) {
            lanes[..n].copy_from_slice(&r[0][..n]);
            continue;
        }
        match map {
            Some(t) => {
                for l in 0..n {
                    let texel = read_map(t, s.uv_raw.get(l), s.duv[l]);
                    lanes[l] = number * texel[channel];
                }
            }
            None => lanes[..n].fill(number),
        }
    }
}

/// The alpha test: a fragment whose alpha is at or below the threshold is thrown away. The
/// threshold is ALPHA_TEST_NODE's where the program sets it (on any kind of material, whatever
/// its `alpha_test`, and even at zero, as three tests whenever `alphaTestNode` is set), else the
/// material's `alpha_test` when it is above zero.
pub(super) fn alpha_test(
    draw: &Draw,
    nodes: &mut Nodes,
    alpha: &Lane,
    out: &mut [FragOut],
    n: usize,
) {
    let m = draw.material;
    match nodes.run(draw, Output::AlphaTest, n) {
        Some(r) => {
            for l in 0..n {
                if alpha[l] <= r[0][l] {
                    out[l].keep = false;
                }
            }
        }
        None if m.alpha_test > 0.0 => {
            for l in 0..n {
                if alpha[l] <= m.alpha_test {
                    out[l].keep = false;
                }
            }
        }
        None => {}
    }
}
