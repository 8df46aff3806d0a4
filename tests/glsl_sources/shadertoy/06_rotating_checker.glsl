// A checkerboard turned by a 2x2 rotation matrix and zoomed over time.
mat2 rot(float a) {
    float c = cos(a), s = sin(a);
    return mat2(c, -s, s, c);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (fragCoord - 0.5 * iResolution.xy) / iResolution.y;
    p = rot(iTime * 0.5) * p * (4.0 + sin(iTime));
    vec2 cell = floor(p);
    float k = mod(cell.x + cell.y, 2.0);
    vec3 col = mix(vec3(0.15), vec3(0.9, 0.85, 0.8), k);
    fragColor = vec4(col, 1.0);
}
