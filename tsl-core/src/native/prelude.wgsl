// The shared WGSL prelude: the helper functions that give the bytecode's operations their exact
// semantics on a GPU (docs/bytecode.md; tsl-core/src/interp is the definition). The GPU
// interpreter (tsl-raster's interp_core.wgsl) and the native modules `tsl_core::native` emits both
// call them, so an operation computes the same bits whichever way a program runs. It declares no
// bindings and reads no opcode constants: any module may include it.

// A quiet NaN made at run time (a constant NaN is refused by naga's constant evaluator).
fn nan_of(x: f32) -> f32 {
    return bitcast<f32>(0x7fc00000u | (bitcast<u32>(x) & 0u));
}

// "Not zero": -0 is zero, NaN is not (written as `!(x == 0)` so that an ordered `!=` cannot turn
// NaN into zero).
fn nz(x: vec4<f32>) -> vec4<bool> {
    return !(x == vec4<f32>(0.0));
}

fn truth(b: vec4<bool>) -> vec4<f32> {
    return select(vec4<f32>(0.0), vec4<f32>(1.0), b);
}

// GLSL min / max / clamp as the reference writes them, a NaN operand giving the other operand
// (R-MATH-13). NaN is found as `!(x == x)`: an ordered `!=` could be folded to false.
fn gmin(x: vec4<f32>, y: vec4<f32>) -> vec4<f32> {
    return select(x, y, (y < x) | !(x == x));
}

fn gmax(x: vec4<f32>, y: vec4<f32>) -> vec4<f32> {
    return select(x, y, (x < y) | !(x == x));
}

fn gclamp(x: vec4<f32>, lo: vec4<f32>, hi: vec4<f32>) -> vec4<f32> {
    return gmin(gmax(x, lo), hi);
}

// dot over the first w components, from +0 in component order, each step rounded. Masked
// components add +0, which leaves a sum that started at +0 unchanged.
fn dotw(p: vec4<f32>, q: vec4<f32>, m: vec4<bool>) -> f32 {
    let t = select(vec4<f32>(0.0), p * q, m);
    return (((0.0 + t.x) + t.y) + t.z) + t.w;
}

// C's powf on one component: pow(x, 0) = 1, pow(1, y) = 1, a negative base with a whole
// exponent takes the exponent's parity, a negative base otherwise gives NaN.
fn powf(x: f32, y: f32) -> f32 {
    if (y == 0.0 || x == 1.0) {
        return 1.0;
    }
    let ax = abs(x);
    var r: f32;
    if (ax == 0.0) {
        r = select(1.0 / ax, 0.0, y > 0.0);
    } else {
        r = pow(ax, y);
    }
    if (x < 0.0 || (x == 0.0 && bitcast<u32>(x) != 0u)) {
        if (floor(y) != y) {
            return select(nan_of(x), r, ax == 0.0);
        }
        // An odd whole exponent keeps the sign (every f32 at or past 2^24 is even).
        let half = y * 0.5;
        if (abs(y) < 16777216.0 && floor(half) != half) {
            return -r;
        }
    }
    return r;
}

// The inverse trigonometric functions in f32 from basic operations (Cephes' atanf, asinf,
// acosf: a range reduction and a short polynomial, within 2 ulp of the correctly rounded value).
// The GPUs' built-ins are far coarser (lavapipe's asin is 4e-4 off) and differ by vendor.
const PI: f32 = 3.14159265358979;
const PIO2: f32 = 1.57079632679490;
const PIO4: f32 = 0.785398163397448;

fn atanf(v: f32) -> f32 {
    var x = abs(v);
    var y = 0.0;
    if (x > 2.414213562373095) {
        y = PIO2;
        x = -1.0 / x;
    } else if (x > 0.4142135623730950) {
        y = PIO4;
        x = (x - 1.0) / (x + 1.0);
    }
    let z = x * x;
    y = y + ((((((8.05374449538e-2 * z) - 1.38776856032e-1) * z + 1.99777106478e-1) * z
        - 3.33329491539e-1) * z) * x + x);
    return select(y, -y, v < 0.0);
}

fn asinf(v: f32) -> f32 {
    let a = abs(v);
    if (a > 1.0) {
        return nan_of(v);
    }
    var z: f32;
    var x: f32;
    var big = false;
    if (a > 0.5) {
        z = 0.5 * (1.0 - a);
        x = sqrt(z);
        big = true;
    } else {
        x = a;
        z = x * x;
    }
    var r = ((((4.2163199048e-2 * z + 2.4181311049e-2) * z + 4.5470025998e-2) * z
        + 7.4953002686e-2) * z + 1.6666752422e-1) * z * x + x;
    if (big) {
        r = PIO2 - (r + r);
    }
    return select(r, -r, v < 0.0);
}

fn acosf(x: f32) -> f32 {
    if (abs(x) > 1.0) {
        return nan_of(x);
    }
    if (x < -0.5) {
        return PI - 2.0 * asinf(sqrt(0.5 * (1.0 + x)));
    }
    if (x > 0.5) {
        return 2.0 * asinf(sqrt(0.5 * (1.0 - x)));
    }
    return PIO2 - asinf(x);
}

fn is_negative(x: f32) -> bool {
    return (bitcast<u32>(x) >> 31u) != 0u;
}

// C's atan2f: atan2(±0, x) is ±0 for x > 0 or +0 and ±π for x < 0 or -0; atan(y / x) moved to
// the quadrant otherwise.
fn atan2f(y: f32, x: f32) -> f32 {
    if (y == 0.0) {
        return select(y, select(PI, -PI, is_negative(y)), is_negative(x));
    }
    if (x == 0.0) {
        return select(PIO2, -PIO2, y < 0.0);
    }
    let z = atanf(y / x);
    if (x < 0.0) {
        return z + select(PI, -PI, y < 0.0);
    }
    return z;
}

// ---- MaterialX noise (tsl-core/src/noise), u32 wrapping hash and f32 steps in the same order.

fn rotl(x: u32, k: u32) -> u32 {
    return (x << k) | (x >> (32u - k));
}

// lookup3's mix (mx_bjmix).
fn bjmix(v: vec3<u32>) -> vec3<u32> {
    var a = v.x;
    var b = v.y;
    var c = v.z;
    a -= c; a ^= rotl(c, 4u); c += b;
    b -= a; b ^= rotl(a, 6u); a += c;
    c -= b; c ^= rotl(b, 8u); b += a;
    a -= c; a ^= rotl(c, 16u); c += b;
    b -= a; b ^= rotl(a, 19u); a += c;
    c -= b; c ^= rotl(b, 4u); b += a;
    return vec3<u32>(a, b, c);
}

// lookup3's final (mx_bjfinal): returns c.
fn bjfinal(v: vec3<u32>) -> u32 {
    var a = v.x;
    var b = v.y;
    var c = v.z;
    c ^= b; c -= rotl(b, 14u);
    a ^= c; a -= rotl(c, 11u);
    b ^= a; b -= rotl(a, 25u);
    c ^= b; c -= rotl(b, 16u);
    a ^= c; a -= rotl(c, 4u);
    b ^= a; b -= rotl(a, 14u);
    c ^= b; c -= rotl(b, 24u);
    return c;
}

// mx_hash_int on the first n (1 to 5) of w0..w3, w4.
fn hash_int(n: u32, w: vec4<i32>, w4: i32) -> u32 {
    let s = 0xdeadbeefu + (n << 2u) + 13u;
    var v = vec3<u32>(s, s, s);
    v.x += bitcast<u32>(w.x);
    if (n > 1u) { v.y += bitcast<u32>(w.y); }
    if (n > 2u) { v.z += bitcast<u32>(w.z); }
    if (n > 3u) {
        v = bjmix(v);
        v.x += bitcast<u32>(w.w);
        if (n > 4u) { v.y += bitcast<u32>(w4); }
    }
    return bjfinal(v);
}

// float(uint) as the oracle converts it: the low 31 bits, then 2^31 added when the top bit is set.
fn u32_to_f32(bits: u32) -> f32 {
    let low = f32(i32(bits & 0x7fffffffu));
    return select(low, low + 2147483648.0, (bits >> 31u) != 0u);
}

fn bits_to_01(bits: u32) -> f32 {
    return u32_to_f32(bits) / 4294967296.0;
}

// TSL's hash(seed) (tsl_core::noise::pcg_hash): uint(seed) as the oracle gives it (0 outside
// [0, 2^32) and for NaN, else rounded toward zero), one PCG step, float(uint) * 2^-32.
fn pcg_hash(seed: f32) -> f32 {
    let x = select(0u, u32(seed), seed >= 0.0 && seed < 4294967296.0);
    let state = x * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return u32_to_f32((word >> 22u) ^ word) * 2.3283064365386963e-10;
}

// mx_floor: int(floor(x)), saturating, NaN to 0, as Rust's `as`.
fn mx_floor(x: f32) -> i32 {
    let f = floor(x);
    if (!(f == f)) {
        return 0;
    }
    if (f >= 2147483648.0) {
        return 2147483647;
    }
    if (f < -2147483648.0) {
        return -2147483647 - 1;
    }
    return i32(f);
}

fn fade(t: f32) -> f32 {
    return ((t * t) * t) * ((t * ((t * 6.0) - 15.0)) + 10.0);
}

fn negate_if(v: f32, b: bool) -> f32 {
    return select(v, -v, b);
}

fn gradient_2d(hash: u32, x: f32, y: f32) -> f32 {
    let h = hash & 7u;
    let u = select(y, x, h < 4u);
    let v = select(x, y, h < 4u);
    return negate_if(u, (h & 1u) != 0u) + negate_if(2.0 * v, (h & 2u) != 0u);
}

fn gradient_3d(hash: u32, x: f32, y: f32, z: f32) -> f32 {
    let h = hash & 15u;
    let u = select(y, x, h < 8u);
    var v = z;
    if (h < 4u) {
        v = y;
    } else if (h == 12u || h == 14u) {
        v = x;
    }
    return negate_if(u, (h & 1u) != 0u) + negate_if(v, (h & 2u) != 0u);
}

fn bilerp(v0: f32, v1: f32, v2: f32, v3: f32, s: f32, t: f32) -> f32 {
    let s1 = 1.0 - s;
    return (1.0 - t) * ((v0 * s1) + (v1 * s)) + t * ((v2 * s1) + (v3 * s));
}

fn corner(f: f32, d: u32) -> f32 {
    return select(f, f - 1.0, d != 0u);
}

// 2D Perlin, `channels` (1 or 3) outputs, channel k reading hash byte k.
fn perlin_2d(p: vec2<f32>, channels: u32) -> vec3<f32> {
    let ix = mx_floor(p.x);
    let iy = mx_floor(p.y);
    let fx = p.x - f32(ix);
    let fy = p.y - f32(iy);
    let u = fade(fx);
    let v = fade(fy);
    var h: array<u32, 4>;
    for (var k = 0u; k < 4u; k++) {
        let dx = i32(k & 1u);
        let dy = i32(k >> 1u);
        h[k] = hash_int(2u, vec4<i32>(ix + dx, iy + dy, 0, 0), 0);
    }
    var res = vec3<f32>(0.0);
    for (var ch = 0u; ch < channels; ch++) {
        let sh = 8u * ch;
        var g: array<f32, 4>;
        for (var k = 0u; k < 4u; k++) {
            g[k] = gradient_2d(h[k] >> sh, corner(fx, k & 1u), corner(fy, k >> 1u));
        }
        res[ch] = 0.6616 * bilerp(g[0], g[1], g[2], g[3], u, v);
    }
    return res;
}

// 3D Perlin, as perlin_2d.
fn perlin_3d(p: vec3<f32>, channels: u32) -> vec3<f32> {
    let ix = mx_floor(p.x);
    let iy = mx_floor(p.y);
    let iz = mx_floor(p.z);
    let fx = p.x - f32(ix);
    let fy = p.y - f32(iy);
    let fz = p.z - f32(iz);
    let u = fade(fx);
    let v = fade(fy);
    let w = fade(fz);
    var h: array<u32, 8>;
    for (var k = 0u; k < 8u; k++) {
        let d = vec3<i32>(i32(k & 1u), i32((k >> 1u) & 1u), i32(k >> 2u));
        h[k] = hash_int(3u, vec4<i32>(ix + d.x, iy + d.y, iz + d.z, 0), 0);
    }
    var res = vec3<f32>(0.0);
    for (var ch = 0u; ch < channels; ch++) {
        let sh = 8u * ch;
        var g: array<f32, 8>;
        for (var k = 0u; k < 8u; k++) {
            g[k] = gradient_3d(
                h[k] >> sh,
                corner(fx, k & 1u),
                corner(fy, (k >> 1u) & 1u),
                corner(fz, k >> 2u),
            );
        }
        let lo = bilerp(g[0], g[1], g[2], g[3], u, v);
        let hi = bilerp(g[4], g[5], g[6], g[7], u, v);
        res[ch] = 0.982 * ((1.0 - w) * lo + w * hi);
    }
    return res;
}

// Cell noise of a point of n (1 to 4) components; `vec3` adds the channel k as one more word.
fn cell_noise(p: vec4<f32>, n: u32, channels: u32) -> vec3<f32> {
    let i = vec4<i32>(mx_floor(p.x), mx_floor(p.y), mx_floor(p.z), mx_floor(p.w));
    if (channels == 1u) {
        return vec3<f32>(bits_to_01(hash_int(n, i, 0)), 0.0, 0.0);
    }
    var res = vec3<f32>(0.0);
    for (var k = 0; k < 3; k++) {
        var w = i;
        var w4 = 0;
        switch n {
            case 1u: { w.y = k; }
            case 2u: { w.z = k; }
            case 3u: { w.w = k; }
            default: { w4 = k; }
        }
        res[k] = bits_to_01(hash_int(n + 1u, w, w4));
    }
    return res;
}

fn jittered(o: f32, j: f32) -> f32 {
    return ((o - 0.5) * j) + 0.5;
}

// three.js's int(metric) on a float (tsl_core::noise::worley_metric): 0 Euclidean, 2 Manhattan,
// 3 Chebyshev, anything else (NaN too) 1, the squared Euclidean distance.
fn worley_metric(m: f32) -> u32 {
    if (m > -1.0 && m < 1.0) {
        return 0u;
    }
    if (m >= 2.0 && m < 3.0) {
        return 2u;
    }
    if (m >= 3.0 && m < 4.0) {
        return 3u;
    }
    return 1u;
}

// mx_worley_distance's metric on a 2D (dims 2, d.z unused) or 3D difference, summed left to right.
fn worley_distance(d: vec3<f32>, dims: u32, metric: u32) -> f32 {
    let a = abs(d);
    if (metric == 2u) {
        return select((a.x + a.y) + a.z, a.x + a.y, dims == 2u);
    }
    if (metric == 3u) {
        return select(max(max(a.x, a.y), a.z), max(a.x, a.y), dims == 2u);
    }
    let xy = (d.x * d.x) + (d.y * d.y);
    return select(xy + (d.z * d.z), xy, dims == 2u);
}

// GLSL fract as the oracle computes it (tsl_core::noise::fract): kept below 1.
fn fract_below_one(x: f32) -> f32 {
    let f = x - floor(x);
    return select(f, 0.99999994, f >= 1.0);
}

// mx_worley_noise_float_2d (tsl_core::noise::worley_noise_float_2d): its own algorithm, with a
// float floor, fract and 3D cell noise at (cell, 0) and (cell, 1) for the jitter.
fn worley_float_2d(p: vec2<f32>, jitter: f32, style: u32) -> f32 {
    let fl = floor(p);
    let local = vec2<f32>(fract_below_one(p.x), fract_below_one(p.y));
    var dist = 1e6;
    var pos = vec2<f32>(0.0);
    for (var x = -1; x <= 1; x++) {
        for (var y = -1; y <= 1; y++) {
            let cell = vec2<f32>(f32(x), f32(y));
            let seed = vec2<f32>(cell.x + fl.x, cell.y + fl.y);
            let ox = jittered(cell_noise(vec4<f32>(seed, 0.0, 0.0), 3u, 1u).x, jitter);
            let oy = jittered(cell_noise(vec4<f32>(seed, 1.0, 0.0), 3u, 1u).x, jitter);
            let d = vec2<f32>((cell.x + ox) - local.x, (cell.y + oy) - local.y);
            let dd = (d.x * d.x) + (d.y * d.y);
            if (dd < dist) {
                dist = dd;
                pos = d;
            }
        }
    }
    if (style == 1u) {
        return cell_noise(vec4<f32>(pos.x + p.x, pos.y + p.y, 0.0, 0.0), 2u, 1u).x;
    }
    return sqrt(dist);
}

// Worley noise around p (`dims` 2 or 3), in three.js's visiting order. `kind` 0 is
// mx_worley_noise_float (x; `mode` its style, Euclidean), 1 the three nearest distances (`mode`
// the metric; square-rooted for metric 0), 2 vec3 cell noise at the nearest feature point (`mode`
// the metric).
fn worley(p: vec3<f32>, dims: u32, jitter: f32, mode: f32, kind: u32) -> vec3<f32> {
    let style = select(0u, 1u, mode >= 1.0 && mode < 2.0);
    if (kind == 0u && dims == 2u) {
        return vec3<f32>(worley_float_2d(p.xy, jitter, style), 0.0, 0.0);
    }
    let metric = select(worley_metric(mode), 0u, kind == 0u);
    let cx = mx_floor(p.x);
    let cy = mx_floor(p.y);
    let cz = mx_floor(p.z);
    let l = vec3<f32>(p.x - f32(cx), p.y - f32(cy), p.z - f32(cz));
    var s = vec3<f32>(1e6);
    var nearest = vec3<f32>(0.0);
    let zn = select(1, 3, dims == 3u);
    for (var x = -1; x <= 1; x++) {
        for (var y = -1; y <= 1; y++) {
            for (var zi = 0; zi < zn; zi++) {
                let z = select(0, zi - 1, dims == 3u);
                var diff: vec3<f32>;
                if (dims == 2u) {
                    let c = cell_noise(vec4<f32>(f32(x + cx), f32(y + cy), 0.0, 0.0), 2u, 3u);
                    let dx = (f32(x) + jittered(c.x, jitter)) - l.x;
                    let dy = (f32(y) + jittered(c.y, jitter)) - l.y;
                    diff = vec3<f32>(dx, dy, 0.0);
                } else {
                    let c = cell_noise(
                        vec4<f32>(f32(x + cx), f32(y + cy), f32(z + cz), 0.0), 3u, 3u);
                    let dx = (f32(x) + jittered(c.x, jitter)) - l.x;
                    let dy = (f32(y) + jittered(c.y, jitter)) - l.y;
                    let dz = (f32(z) + jittered(c.z, jitter)) - l.z;
                    diff = vec3<f32>(dx, dy, dz);
                }
                let d = worley_distance(diff, dims, metric);
                if (d < s.x) {
                    s = vec3<f32>(d, s.x, s.y);
                    nearest = diff;
                } else if (d < s.y) {
                    s = vec3<f32>(s.x, d, s.y);
                } else if (d < s.z) {
                    s.z = d;
                }
            }
        }
    }
    if (kind == 2u || (style == 1u && kind == 0u)) {
        let q = vec4<f32>(nearest.x + p.x, nearest.y + p.y, nearest.z + p.z, 0.0);
        return cell_noise(q, select(3u, 2u, dims == 2u), select(3u, 1u, kind == 0u));
    }
    if (metric == 0u) {
        return sqrt(s);
    }
    return s;
}
