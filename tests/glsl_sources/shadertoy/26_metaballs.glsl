// Metaballs: a field that sums r^2/d^2 over five orbiting balls, cut at one.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float field = 0.0;
    for (int i = 0; i < 5; i++) {
        float fi = float(i);
        vec2 c = 0.6 * vec2(sin(iTime * (0.7 + 0.1 * fi) + fi * 1.3), cos(iTime * (0.5 + 0.13 * fi) + fi * 2.1));
        vec2 d = p - c;
        field += 0.06 / dot(d, d);
    }
    float inside = smoothstep(0.95, 1.05, field);
    vec3 col = mix(vec3(0.05, 0.05, 0.1), vec3(0.3, 0.9, 0.6), inside);
    fragColor = vec4(col + 0.05 * field, 1.0);
}
