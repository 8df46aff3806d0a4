// A ball bouncing between the walls: triangle waves of time give its place, a parabola its
// height.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    float aspect = iResolution.x / iResolution.y;
    vec2 p = vec2(uv.x * aspect, uv.y);
    float x = abs(mod(iTime * 0.7, 2.0) - 1.0) * (aspect - 0.2) + 0.1;
    float ph = fract(iTime * 0.9);
    float y = 0.1 + 0.8 * 4.0 * ph * (1.0 - ph);
    float d = length(p - vec2(x, y)) - 0.1;
    vec3 col = mix(vec3(0.9, 0.2, 0.3), vec3(0.95), smoothstep(0.0, 0.01, d));
    col *= 0.6 + 0.4 * uv.y;
    fragColor = vec4(col, 1.0);
}
