// A hexagonal tiling: the nearer of two offset rectangular lattices gives each cell's centre.
vec4 hexCoords(vec2 p) {
    vec2 r = vec2(1.0, 1.7320508);
    vec2 h = r * 0.5;
    vec2 a = mod(p, r) - h;
    vec2 b = mod(p - h, r) - h;
    vec2 gv = dot(a, a) < dot(b, b) ? a : b;
    return vec4(gv, p - gv);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = (fragCoord - 0.5 * iResolution.xy) / iResolution.y * 6.0;
    vec4 h = hexCoords(uv + iTime * 0.2);
    vec2 q = abs(h.xy);
    float edge = max(dot(q, normalize(vec2(1.0, 1.7320508))), q.x);
    float line = smoothstep(0.45, 0.5, edge);
    vec3 col = 0.5 + 0.5 * cos(h.z * 0.3 + h.w * 0.5 + vec3(0.0, 2.0, 4.0));
    fragColor = vec4(mix(col, vec3(0.05), line), 1.0);
}
