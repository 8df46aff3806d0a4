// Three moving circles joined by a polynomial smooth minimum.
float smin(float a, float b, float k) {
    float h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
    return mix(b, a, h) - k * h * (1.0 - h);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float d = length(p - vec2(sin(iTime) * 0.6, 0.0)) - 0.35;
    d = smin(d, length(p - vec2(0.0, cos(iTime * 1.3) * 0.5)) - 0.3, 0.25);
    d = smin(d, length(p + vec2(0.5, 0.2)) - 0.25, 0.25);
    vec3 col = vec3(0.2, 0.5, 0.9) * (1.0 - smoothstep(0.0, 0.02, d));
    col += vec3(0.05) * sin(40.0 * d);
    fragColor = vec4(col, 1.0);
}
