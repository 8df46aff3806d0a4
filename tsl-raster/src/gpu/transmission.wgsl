
// ---- PHYSICAL transmission (R-SCREEN-3; shade/transmission.rs, whose names these follow):
// three.js's getIBLVolumeRefraction. The view ray refracted by the ior and carried `thickness`
// (local units, scaled along the world's axes) to where it leaves; that point projected to the
// screen; the frame's transmission target (F_SCREEN, the opaque pass with its mip chain) read
// there bicubically at the level the roughness and the ior choose; tinted by diffuseContribution
// (the colour times one less the metalness) and Beer's law, less the reflected share. The result
// is the fragment's backdrop (s_backdrop), mixed into each model's total diffuse light by
// `transmission` before its finish (raster.wgsl's backdrop_share), as a BACKDROP_NODE.

// GLSL's refract(i, n, eta): zero on total internal reflection.
fn refract3(i: vec3<f32>, n: vec3<f32>, eta: f32) -> vec3<f32> {
    let d = dot3(n, i);
    let k = 1.0 - eta * eta * (1.0 - d * d);
    if (k < 0.0) {
        return vec3<f32>(0.0);
    }
    return eta * i - (eta * d + sqrt(k)) * n;
}

// three's volumeAttenuation: Beer's law over `distance`; white at an infinite or zero
// attenuation distance.
fn volume_attenuation(distance: f32, color: vec3<f32>, attenuation_distance: f32) -> vec3<f32> {
    if (attenuation_distance == 0.0 || !finite(attenuation_distance)) {
        return vec3<f32>(1.0);
    }
    let coefficient = -log(color) / attenuation_distance;
    return exp(-coefficient * distance);
}

// The target's mip level `d` (clamped to its last), as Texture::sample_level and level_size.
fn screen_level(id: u32, d: u32) -> Level {
    return level_of(id, min(d, xw(id, X_LEVELS) - 1u));
}

// textureBicubicLevel(texture(uv), lod): at floor(lod) with textureSize(int(lod)) and at
// ceil(lod) with textureSize(int(lod + 1)), four taps each (nearest at level 0, bilinear above;
// one loop, one call site of the texel fetch), mixed by fract(lod).
fn bicubic_level(id: u32, uv: vec2<f32>, lod_in: f32) -> vec4<f32> {
    var lod = max(lod_in, 0.0);
    if (!finite(lod)) {
        lod = 0.0;
    }
    let fl = floor(lod);
    let levels = array<u32, 2>(u32(fl), u32(ceil(lod)));
    var reads: array<vec4<f32>, 2>;
    let flip = xw(id, X_FLIP_Y) != 0u;
    for (var j = 0u; j < 2u; j++) {
        let sized = screen_level(id, u32(fl) + j);
        let size = vec2<f32>(f32(sized.width), f32(sized.height));
        let scaled = uv * size + 0.5;
        let i = floor(scaled);
        let a = scaled - i;
        let c = 1.0 / 6.0;
        let w0 = c * (a * (a * (-a + 3.0) - 3.0) + 1.0);
        let w1 = c * (a * a * (3.0 * a - 6.0) + 4.0);
        let w2 = c * (a * (a * (-3.0 * a + 3.0) + 3.0) + 1.0);
        let w3 = c * (a * a * a);
        let g0 = w0 + w1;
        let g1 = w2 + w3;
        let p0 = (i + (-1.0 + w1 / g0) - 0.5) / size;
        let p3 = (i + (1.0 + w3 / g1) - 0.5) / size;
        let level = screen_level(id, levels[j]);
        // three's target is a FramebufferTexture (magFilter Nearest, minFilter
        // LinearMipmapLinear): textureLod at level 0 magnifies, at a whole level above it reads
        // that level bilinearly.
        let linear = levels[j] > 0u;
        var taps: array<vec4<f32>, 4>;
        for (var k = 0u; k < 4u; k++) {
            let x = select(p0.x, p3.x, (k & 1u) != 0u);
            let y = select(p0.y, p3.y, (k & 2u) != 0u);
            taps[k] = filtered(id, level, x, select(y, 1.0 - y, flip), linear);
        }
        reads[j] = g0.y * (g0.x * taps[0] + g1.x * taps[1])
            + g1.y * (g0.x * taps[2] + g1.x * taps[3]);
    }
    return reads[0] + (reads[1] - reads[0]) * (lod - fl);
}

fn projection() -> mat4x4<f32> {
    let b = F_PROJECTION;
    return mat4x4<f32>(
        vec4<f32>(ff(b), ff(b + 1u), ff(b + 2u), ff(b + 3u)),
        vec4<f32>(ff(b + 4u), ff(b + 5u), ff(b + 6u), ff(b + 7u)),
        vec4<f32>(ff(b + 8u), ff(b + 9u), ff(b + 10u), ff(b + 11u)),
        vec4<f32>(ff(b + 12u), ff(b + 13u), ff(b + 14u), ff(b + 15u)),
    );
}

// transmission_lanes at the fragment: s_backdrop becomes the light through the surface with
// `transmission` as its alpha, and the surface's alpha is multiplied by mix(1, the backdrop's
// alpha, transmission), as three's does. The maps (transmission, thickness, specular intensity,
// specular colour) are read in one loop; white in the lit view.
fn shade_transmission(p: u32, geometry_roughness: f32) {
    let white = frame[F_SHADING] == SHADING_LIT;
    var texels: array<vec4<f32>, 4>;
    for (var k = 0u; k < 4u; k++) {
        texels[k] = vec4<f32>(1.0);
        let id = select(pu(p, P_EXT_MAPS + (k & 1u)), pu(p, P_TRANSMISSION_MAPS + (k & 1u)), k < 2u);
        if (id != NONE && !white) {
            texels[k] = read_map(id, s_geometry.uv, s_geometry.duv0, s_geometry.duv1);
        }
    }
    let transmission = pf(p, P_TRANSMISSION) * texels[0].x;
    let thickness = pf(p, P_VOLUME_THICKNESS) * texels[1].y;
    let ior = pf(p, P_IOR);
    // MeshPhysicalNodeMaterial.setupSpecular: specularColorBlended and specularF90, which the
    // metalness mixes toward the diffuse colour and 1; MeshStandardNodeMaterial's
    // diffuseContribution, which it takes off.
    let intensity = pf(p, P_SPECULAR_INTENSITY) * texels[2].w;
    let r = (ior - 1.0) / (ior + 1.0);
    let base = s_surface.diffuse.xyz;
    let metal = s_metalness;
    let specular = lerp3(min((pv3(p, P_SPECULAR_COLOR) * texels[3].xyz) * (r * r),
        vec3<f32>(1.0)) * intensity, base, metal);
    let f90 = intensity + (1.0 - intensity) * metal;
    let contribution = base * (1.0 - metal);
    let roughness = final_roughness(s_roughness, geometry_roughness);
    // three's v is cameraPosition − positionWorld: in view space −position (orthographic too).
    let v = normalize0(-s_pv);
    let n = normalize0(s_nv);
    // A back face reads the opaque pass alone, a front face the one with the double-sided
    // meshes' back faces drawn over it (three's transparentDoublePass).
    let screen = select(frame[F_SCREEN_BACK], frame[F_SCREEN], s_front != 0.0);
    // Dispersion reads each channel at its own ior, ior ∓ (ior − 1) · dispersion · 0.025 (red
    // the lower), with its own ray and Beer's law, the alpha the reads' mean; without it, one
    // read at the ior serves all three (one loop, one call site of the bicubic read).
    let half_spread = (ior - 1.0) * (pf(p, P_DISPERSION) * 0.025);
    let dispersed = half_spread > 0.0;
    var transmitted = vec4<f32>(0.0);
    var transmittance = vec3<f32>(0.0);
    for (var k = 0u; k < select(1u, 3u, dispersed); k++) {
        let ior_k = select(ior, ior + (f32(k) - 1.0) * half_spread, dispersed);
        let direction = normalize0(refract3(-v, n, 1.0 / ior_k));
        let world = mat_vec(fm3(F_VIEW_TO_WORLD), direction)
            * (thickness * pv3(p, P_MODEL_SCALE));
        let ray = mat_vec(fm3(F_WORLD_TO_VIEW), world);
        let exit = projection() * vec4<f32>(s_pv + ray, 1.0);
        let ndc = vec2<f32>(exit.x, exit.y) / exit.w;
        let uv = vec2<f32>((ndc.x + 1.0) / 2.0, 1.0 - (ndc.y + 1.0) / 2.0);
        let lod = log2(f32(frame[F_WIDTH])) * roughness * clamp(ior_k * 2.0 - 2.0, 0.0, 1.0);
        var sample = vec4<f32>(1.0);
        if (screen != NONE && !white) {
            sample = bicubic_level(screen, uv, lod);
        }
        let tint = contribution * volume_attenuation(length(world),
            pv3(p, P_ATTENUATION_COLOR), pf(p, P_ATTENUATION_DISTANCE));
        if (dispersed) {
            transmitted[k] = sample[k];
            transmitted.w += sample.w;
            transmittance[k] = tint[k];
        } else {
            transmitted = sample;
            transmittance = tint;
        }
    }
    if (dispersed) {
        transmitted.w /= 3.0;
    }
    let ab = dfg(roughness, clamp(dot3(n, v), 0.0, 1.0));
    let fresnel = specular * ab.x + vec3<f32>(f90 * ab.y);
    let factor = (transmittance.x + transmittance.y + transmittance.z) / 3.0;
    let rgb = (vec3<f32>(1.0) - fresnel) * transmittance * transmitted.xyz;
    let alpha = 1.0 - (1.0 - transmitted.w) * factor;
    s_backdrop = vec4<f32>(rgb, transmission);
    s_has_backdrop = true;
    s_surface.diffuse.w *= 1.0 + (alpha - 1.0) * transmission;
}
