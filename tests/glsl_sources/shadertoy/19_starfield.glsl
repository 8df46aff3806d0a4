// Layers of hashed stars drifting toward the viewer, each layer scaled by its depth.
float hash(vec2 p) {
    p = fract(p * vec2(123.34, 456.21));
    p += dot(p, p + 45.32);
    return fract(p.x * p.y);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = (fragCoord - 0.5 * iResolution.xy) / iResolution.y;
    vec3 col = vec3(0.0);
    for (float i = 0.0; i < 1.0; i += 0.25) {
        float depth = fract(i + iTime * 0.1);
        float scale = mix(20.0, 0.5, depth);
        vec2 gv = uv * scale + i * 453.2;
        vec2 id = floor(gv);
        vec2 f = fract(gv) - 0.5;
        float n = hash(id);
        vec2 off = vec2(n, fract(n * 34.0)) - 0.5;
        float d = length(f - off * 0.8);
        float star = 0.02 / d * smoothstep(1.0, 0.9, depth) * depth;
        col += star * (0.5 + 0.5 * sin(vec3(0.2, 0.3, 0.9) * n * 20.0));
    }
    fragColor = vec4(col, 1.0);
}
