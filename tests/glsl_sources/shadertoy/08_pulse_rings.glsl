// Concentric rings that travel outward, fading with the radius.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float r = length(p);
    float w = sin(r * 20.0 - iTime * 4.0);
    float ring = smoothstep(0.0, 0.3, w) * exp(-r * 1.5);
    fragColor = vec4(vec3(0.2, 0.7, 1.0) * ring, 1.0);
}
