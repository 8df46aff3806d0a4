// A logarithmic spiral: the angle plus the log of the radius, striped with fract.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float a = atan(p.y, p.x) / 6.2831853;
    float r = log(length(p) + 1e-3);
    float s = fract(a * 3.0 + r * 1.5 - iTime * 0.3);
    float band = smoothstep(0.4, 0.5, s) - smoothstep(0.9, 1.0, s);
    fragColor = vec4(vec3(band) * vec3(1.0, 0.6, 0.2), 1.0);
}
