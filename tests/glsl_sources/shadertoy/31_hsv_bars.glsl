// Hue bars: HSV to RGB by the branch-free formula, saturation and value from the rows.
vec3 hsv2rgb(vec3 c) {
    vec3 rgb = clamp(abs(mod(c.x * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return c.z * mix(vec3(1.0), rgb, c.y);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    float hue = floor(uv.x * 12.0) / 12.0 + iTime * 0.05;
    vec3 col = hsv2rgb(vec3(fract(hue), uv.y, 1.0 - 0.5 * uv.y));
    fragColor = vec4(col, 1.0);
}
