// Grid lines and a spot that follows iMouse (zero here: the bottom-left corner).
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.y;
    vec2 g = abs(fract(uv * 8.0 - 0.5) - 0.5) / 8.0;
    float line = 1.0 - smoothstep(0.0, 0.01, min(g.x, g.y));
    vec2 m = iMouse.xy / iResolution.y;
    float spot = exp(-40.0 * dot(uv - m, uv - m));
    vec3 col = vec3(0.1) + vec3(0.3, 0.6, 0.9) * line + vec3(1.0, 0.5, 0.2) * spot;
    fragColor = vec4(col, 1.0);
}
