// A disc with an anti-aliased rim, centred and aspect-corrected.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float r = 0.6 + 0.1 * sin(iTime * 2.0);
    float d = length(p) - r;
    float px = 2.0 / iResolution.y;
    float inside = 1.0 - smoothstep(-px, px, d);
    vec3 col = mix(vec3(0.1, 0.12, 0.2), vec3(1.0, 0.7, 0.3), inside);
    fragColor = vec4(col, 1.0);
}
