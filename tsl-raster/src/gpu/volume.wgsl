// ---- A VOLUME pass's ray steps beyond the march in raster.wgsl's section "Volumes" (the CPU's
// shade/volume_shadow.rs).

// What multiplies the colour of the direct light whose record is at `b` when a ray step at the
// view-space point `p` gathers it (R-VOL-4): its shadow output at `p` (with the fragment's normal
// bias and pixel) P_VOLUME_SHADOWS times, as three.js r187 multiplies it twice on a receiver and
// once on a volume that receives none while another object does; white without a shadow.
fn volume_shadow(b: u32, p: vec3<f32>) -> vec3<f32> {
    let times = pu(s_pass, P_VOLUME_SHADOWS);
    let k = frame[b + L_SHADOW];
    if (times == 0u || k == NONE) {
        return vec3<f32>(1.0);
    }
    let s = shadow_output(frame[F_SHADOWS_AT] + SHADOW_STRIDE * k, p, s_nv);
    if (times == 2u) {
        return s * s;
    }
    return s;
}
