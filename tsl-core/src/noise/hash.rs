//! Bob Jenkins' lookup3 hash as MaterialX (and three.js's `mx_hash_int`) uses it: `u32` wrapping
//! arithmetic on `int` inputs reinterpreted as `uint`.

/// Rotations of `mx_bjmix`'s six rows. Row `i` subtracts `v[(i + 2) % 3]` from `v[i % 3]`, xors
/// in its rotation, then adds `v[(i + 1) % 3]` to `v[(i + 2) % 3]` (with `v = [a, b, c]`).
const MIX_ROT: [u32; 6] = [4, 6, 8, 16, 19, 4];

/// Rotations of `mx_bjfinal`'s seven steps. Step `i` targets `v[(i + 2) % 3]` (c, a, b, c, …):
/// `t ^= s; t -= rotl(s, k)` with `s = v[(i + 1) % 3]`, the value before it in that cycle.
const FINAL_ROT: [u32; 7] = [14, 11, 25, 16, 4, 14, 24];

/// lookup3's initial value for `n` words: `0xdeadbeef + (n << 2) + 13`, in `u32`.
const fn seed(n: u32) -> u32 {
    0xdead_beef_u32.wrapping_add(n << 2).wrapping_add(13)
}

/// `mx_bjmix(a, b, c)`: lookup3's `mix`, six rows in order.
pub fn bjmix(a: u32, b: u32, c: u32) -> [u32; 3] {
    let mut v = [a, b, c];
    for (i, &k) in MIX_ROT.iter().enumerate() {
        let (x, s, z) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        v[x] = v[x].wrapping_sub(v[s]);
        v[x] ^= v[s].rotate_left(k);
        v[s] = v[s].wrapping_add(v[z]);
    }
    v
}

/// `mx_bjfinal(a, b, c)`: lookup3's `final`; returns `c`.
pub fn bjfinal(a: u32, b: u32, c: u32) -> u32 {
    let mut v = [a, b, c];
    for (i, &k) in FINAL_ROT.iter().enumerate() {
        let (t, s) = ((i + 2) % 3, (i + 1) % 3);
        v[t] ^= v[s];
        v[t] = v[t].wrapping_sub(v[s].rotate_left(k));
    }
    v[2]
}

/// `mx_hash_int` on `N` ints, `N` from 1 to 5: the words go to `a`, `b`, `c` (a `bjmix` after
/// the third when there are more), then `bjfinal`. Each `int` is taken as its two's-complement
/// `uint`.
///
/// ```
/// use tsl_core::noise::hash_int;
/// assert_eq!(hash_int([0]), 0x9519_dc65);
/// assert_eq!(hash_int([1, 2, 3, 4]), 0x0584_dec1);
/// ```
pub fn hash_int<const N: usize>(words: [i32; N]) -> u32 {
    // Invariant: a compile-time check of the crate's own calls; no run-time value reaches it.
    const { assert!(N >= 1 && N <= 5, "mx_hash_int takes 1 to 5 ints") };
    let s = seed(N as u32);
    let mut v = [s, s, s];
    for (slot, &w) in v.iter_mut().zip(&words) {
        *slot = slot.wrapping_add(w as u32);
    }
    if N > 3 {
        v = bjmix(v[0], v[1], v[2]);
        for (slot, &w) in v.iter_mut().zip(&words[3..]) {
            *slot = slot.wrapping_add(w as u32);
        }
    }
    bjfinal(v[0], v[1], v[2])
}

/// `mx_hash_vec3`'s split of one hash into three bytes: `(h & 0xff, (h >> 8) & 0xff,
/// (h >> 16) & 0xff)`.
pub fn hash_bytes(h: u32) -> [u32; 3] {
    [h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]
}

/// `float(uint)` as the project's oracle (three.js in Chromium on SwiftShader) computes it: the
/// low 31 bits are converted (to nearest) and 2³¹ is added (to nearest) when the top bit is set.
///
/// Vulkan, GLSL and WGSL leave the rounding of this conversion to the implementation (either
/// neighbour is allowed). The double rounding here differs from a correctly rounded conversion
/// (`bits as f32`, which Mesa llvmpipe gives) by 1 ulp for about 8% of values at or above 2³¹,
/// and nowhere below.
pub fn u32_to_f32(bits: u32) -> f32 {
    let low = (bits & 0x7fff_ffff) as i32 as f32;
    if bits >> 31 == 0 {
        low
    } else {
        low + 2_147_483_648.0
    }
}

/// `mx_bits_to_01`: `float(bits) / float(0xffffffff)` with [`u32_to_f32`]. The divisor rounds
/// to 2³², so the quotient is exact and the result lies in [0, 1], both ends included.
pub fn bits_to_01(bits: u32) -> f32 {
    u32_to_f32(bits) / 4_294_967_296.0
}
