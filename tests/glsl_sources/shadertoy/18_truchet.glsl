// Truchet tiles: each cell flips by a hash and draws two quarter arcs.
float hash(vec2 p) {
    return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.y * 6.0 + vec2(iTime * 0.25, 0.0);
    vec2 id = floor(uv);
    vec2 f = fract(uv) - 0.5;
    if (hash(id) < 0.5) f.x = -f.x;
    float d1 = abs(length(f - vec2(0.5)) - 0.5);
    float d2 = abs(length(f + vec2(0.5)) - 0.5);
    float d = min(d1, d2);
    float line = 1.0 - smoothstep(0.05, 0.08, d);
    fragColor = vec4(vec3(line) * vec3(0.9, 0.8, 0.3) + 0.05, 1.0);
}
