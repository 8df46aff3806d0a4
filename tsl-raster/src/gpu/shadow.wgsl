// Shadows (R-SHADOW-3): the shadow factor of a light at the fragment, as shade/shadow.rs
// computes it on the CPU from the same maps (frame/shadow), which the host packs into the frame
// buffer after the lights (`ShadowRecord`, then the depths and VSM's moments).

// A depth of a map at texel (x, y), clamped to the edge.
fn shadow_texel(at: u32, w: u32, h: u32, x: i32, y: i32) -> f32 {
    let cx = u32(clamp(x, 0, i32(w) - 1));
    let cy = u32(clamp(y, 0, i32(h) - 1));
    return ff(at + cy * w + cx);
}

// WebGL's LessEqualCompare: 1 where the reference is at most the map's depth.
fn shadow_compare(reference: f32, depth: f32) -> f32 {
    return select(0.0, 1.0, reference <= depth);
}

// A comparison at uv (rows from the top): the nearest texel, or the 2×2 texels' comparisons
// weighed bilinearly (a comparison sampler with a linear filter).
fn shadow_compare_at(at: u32, w: u32, h: u32, uv: vec2<f32>, reference: f32, linear: bool) -> f32 {
    let size = vec2<f32>(f32(w), f32(h));
    if (!linear) {
        let t = floor(uv * size);
        return shadow_compare(reference, shadow_texel(at, w, h, i32(t.x), i32(t.y)));
    }
    let t = uv * size - 0.5;
    let i = floor(t);
    let f = t - i;
    let x = i32(i.x);
    let y = i32(i.y);
    let c00 = shadow_compare(reference, shadow_texel(at, w, h, x, y));
    let c10 = shadow_compare(reference, shadow_texel(at, w, h, x + 1, y));
    let c01 = shadow_compare(reference, shadow_texel(at, w, h, x, y + 1));
    let c11 = shadow_compare(reference, shadow_texel(at, w, h, x + 1, y + 1));
    let top = c00 + (c10 - c00) * f.x;
    let bottom = c01 + (c11 - c01) * f.x;
    return top + (bottom - top) * f.y;
}

// interleavedGradientNoise at the pixel's centre (rows from the top).
fn shadow_ign(pixel: vec2<f32>) -> f32 {
    let d = pixel.x * 0.06711056 + pixel.y * 0.00583715;
    let v = 52.9829189 * (d - floor(d));
    return v - floor(v);
}

// vogelDiskSample(i, count, phi).
fn shadow_vogel(i: u32, count: u32, phi: f32) -> vec2<f32> {
    let r = sqrt((f32(i) + 0.5) / f32(count));
    let theta = f32(i) * 2.3999632 + phi;
    return vec2<f32>(cos(theta), sin(theta)) * r;
}

// A VSM map's bilinear (mean, deviation) at uv.
fn shadow_moments(at: u32, w: u32, h: u32, uv: vec2<f32>) -> vec2<f32> {
    let t = uv * vec2<f32>(f32(w), f32(h)) - 0.5;
    let i = floor(t);
    let f = t - i;
    let x = i32(i.x);
    let y = i32(i.y);
    let a = shadow_pair(at, w, h, x, y);
    let b = shadow_pair(at, w, h, x + 1, y);
    let c = shadow_pair(at, w, h, x, y + 1);
    let d = shadow_pair(at, w, h, x + 1, y + 1);
    let top = a + (b - a) * f.x;
    let bottom = c + (d - c) * f.x;
    return top + (bottom - top) * f.y;
}

fn shadow_pair(at: u32, w: u32, h: u32, x: i32, y: i32) -> vec2<f32> {
    let cx = u32(clamp(x, 0, i32(w) - 1));
    let cy = u32(clamp(y, 0, i32(h) - 1));
    let k = at + 2u * (cy * w + cx);
    return vec2<f32>(ff(k), ff(k + 1u));
}

// VSMShadowFilter.
fn shadow_vsm(m: vec2<f32>, z: f32) -> f32 {
    let variance = max(m.y * m.y, 0.0000001);
    if (z <= m.x) {
        return 1.0;
    }
    let d = z - m.x;
    let p = variance / (variance + d * d);
    return clamp((p - 0.3) / 0.65, 0.0, 1.0);
}

fn shadow_matrix(s: u32) -> mat4x4<f32> {
    let m = s + S_MATRIX;
    return mat4x4<f32>(
        vec4<f32>(ff(m), ff(m + 1u), ff(m + 2u), ff(m + 3u)),
        vec4<f32>(ff(m + 4u), ff(m + 5u), ff(m + 6u), ff(m + 7u)),
        vec4<f32>(ff(m + 8u), ff(m + 9u), ff(m + 10u), ff(m + 11u)),
        vec4<f32>(ff(m + 12u), ff(m + 13u), ff(m + 14u), ff(m + 15u)));
}

// A directional or spot light's filtered shadow.
fn shadow_flat(s: u32, biased: vec3<f32>, pixel: vec2<f32>) -> f32 {
    let q = shadow_matrix(s) * vec4<f32>(biased, 1.0);
    let c = q.xyz / q.w;
    let uv = vec2<f32>(c.x, 1.0 - c.y);
    let z = c.z + ff(s + S_BIAS);
    if (!(uv.x >= 0.0 && uv.x <= 1.0 && uv.y >= 0.0 && uv.y <= 1.0 && z <= 1.0)) {
        return 1.0;
    }
    let w = frame[s + S_WIDTH];
    let h = frame[s + S_HEIGHT];
    let at = frame[s + S_MAP];
    switch frame[s + S_FILTER] {
        case SHADOW_BASIC: {
            return shadow_compare_at(at, w, h, uv, z, false);
        }
        case SHADOW_VSM: {
            let moments = frame[s + S_MOMENTS];
            if (moments == NONE) {
                return 1.0;
            }
            return shadow_vsm(shadow_moments(moments, w, h, uv), z);
        }
        default: {
            let radius = ff(s + S_RADIUS) / vec2<f32>(f32(w), f32(h));
            let phi = shadow_ign(pixel) * 6.2831855;
            var sum = 0.0;
            for (var i = 0u; i < 5u; i++) {
                let at_uv = uv + shadow_vogel(i, 5u, phi) * radius;
                sum += shadow_compare_at(at, w, h, at_uv, z, true);
            }
            return sum * (1.0 / 5.0);
        }
    }
}

// The face of a point light's cube along `d`: its largest component's.
fn shadow_cube_face(d: vec3<f32>) -> u32 {
    let a = abs(d);
    var face = 0u;
    if (a.x >= a.y && a.x >= a.z) {
        face = select(1u, 0u, d.x >= 0.0);
    } else if (a.y >= a.z) {
        face = select(3u, 2u, d.y >= 0.0);
    } else {
        face = select(5u, 4u, d.z >= 0.0);
    }
    return face;
}

// Where `d` meets the camera plane of the cube's `face` (0 to 1, rows from the top).
fn shadow_cube_uv(s: u32, d: vec3<f32>, face: u32) -> vec2<f32> {
    let axes = fm3(s + S_AXES + 9u * face);
    let v = transpose(axes) * d;
    let ndc = vec2<f32>(v.x, v.y) / -v.z;
    return vec2<f32>(0.5 * ndc.x + 0.5, 0.5 - 0.5 * ndc.y);
}

// A comparison in a point light's cube along `d`: the face of its largest component.
fn shadow_cube_compare(s: u32, d: vec3<f32>, reference: f32, linear: bool) -> f32 {
    let face = shadow_cube_face(d);
    let uv = shadow_cube_uv(s, d, face);
    let w = frame[s + S_WIDTH];
    let at = frame[s + S_MAP] + face * w * w;
    return shadow_compare_at(at, w, w, uv, reference, linear);
}

// A point light's filtered shadow (pointShadowFilter).
fn shadow_cube(s: u32, biased: vec3<f32>, pixel: vec2<f32>) -> f32 {
    let p = (shadow_matrix(s) * vec4<f32>(biased, 1.0)).xyz;
    let a = abs(p);
    let view_z = max(max(a.x, a.y), a.z);
    let near = ff(s + S_NEAR);
    let far = ff(s + S_FAR);
    if (!(view_z - far <= 0.0 && view_z - near >= 0.0)) {
        return 1.0;
    }
    let direction = normalize(p);
    let distance = length(p);
    let depth_a = far / (far - near) + ff(s + S_BIAS);
    let depth_b = -(near * far / ((far - near) * distance));
    let method = frame[s + S_FILTER];
    if (method == SHADOW_BASIC) {
        return shadow_cube_compare(s, direction, depth_a + depth_b / (view_z / distance), false);
    }
    let texel = ff(s + S_RADIUS) / f32(frame[s + S_WIDTH]);
    let ad = abs(direction);
    let helper = select(vec3<f32>(1.0, 0.0, 0.0), vec3<f32>(0.0, 1.0, 0.0), ad.x > ad.z);
    let tangent = normalize(cross(direction, helper));
    let bitangent = cross(direction, tangent);
    let phi = shadow_ign(pixel) * 6.2831855;
    let linear = method == SHADOW_PCF;
    var sum = 0.0;
    for (var i = 0u; i < 5u; i++) {
        let v = shadow_vogel(i, 5u, phi);
        let d = direction + (tangent * v.x + bitangent * v.y) * texel;
        let m = abs(d);
        let max_abs = max(max(m.x, m.y), m.z);
        sum += shadow_cube_compare(s, d, depth_a + depth_b / max_abs, linear);
    }
    return sum * (1.0 / 5.0);
}

// What the shadow of the light whose record is at `s` lets through at the view-space `position`
// with the view normal `normal`: mix(1, filtered, intensity) in all three components, or with a
// transmitted map (R-SHADOW-8) mix(1, mix(colour, 1, filtered), intensity * alpha) per channel.
fn shadow_output(s: u32, position: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    let biased = position + normal * ff(s + S_NORMAL_BIAS);
    let pixel = vec2<f32>(s_fc0.x, f32(frame[F_HEIGHT]) - s_fc0.y);
    var f = 1.0;
    if (frame[s + S_KIND] == SHADOW_CUBE) {
        f = shadow_cube(s, biased, pixel);
    } else {
        f = shadow_flat(s, biased, pixel);
    }
    let intensity = ff(s + S_INTENSITY);
    if (frame[s + S_COLORS] == NONE) {
        return vec3<f32>(1.0 + (f - 1.0) * intensity);
    }
    let c = shadow_color(s, biased);
    let inner = c.xyz + (vec3<f32>(1.0) - c.xyz) * f;
    return vec3<f32>(1.0) + (inner - vec3<f32>(1.0)) * (intensity * c.w);
}

// A transmitted map's colour at texel (x, y) of the map whose colours start at `at`, clamped
// to the edge.
fn shadow_color_texel(at: u32, w: u32, h: u32, x: i32, y: i32) -> vec4<f32> {
    let cx = u32(clamp(x, 0, i32(w) - 1));
    let cy = u32(clamp(y, 0, i32(h) - 1));
    let k = at + 4u * (cy * w + cx);
    return vec4<f32>(ff(k), ff(k + 1u), ff(k + 2u), ff(k + 3u));
}

// A transmitted map's colour at the biased view-space point: a directional or spot light's
// read with a linear filter, a point light's cube at its nearest texel (shade/shadow.rs).
fn shadow_color(s: u32, biased: vec3<f32>) -> vec4<f32> {
    let w = frame[s + S_WIDTH];
    let h = frame[s + S_HEIGHT];
    let colors = frame[s + S_COLORS];
    if (frame[s + S_KIND] == SHADOW_CUBE) {
        let d = (shadow_matrix(s) * vec4<f32>(biased, 1.0)).xyz;
        let face = shadow_cube_face(d);
        let uv = shadow_cube_uv(s, d, face);
        let t = floor(uv * f32(w));
        return shadow_color_texel(colors + 4u * face * w * w, w, w, i32(t.x), i32(t.y));
    }
    let q = shadow_matrix(s) * vec4<f32>(biased, 1.0);
    let c = q.xyz / q.w;
    let uv = vec2<f32>(c.x, 1.0 - c.y);
    let t = uv * vec2<f32>(f32(w), f32(h)) - 0.5;
    let i = floor(t);
    let f = t - i;
    let x = i32(i.x);
    let y = i32(i.y);
    let top = mix(shadow_color_texel(colors, w, h, x, y), shadow_color_texel(colors, w, h, x + 1, y), f.x);
    let bottom = mix(shadow_color_texel(colors, w, h, x, y + 1),
        shadow_color_texel(colors, w, h, x + 1, y + 1), f.x);
    return mix(top, bottom, f.y);
}
