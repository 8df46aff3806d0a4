// The Mandelbrot set by escape time, with a smooth iteration count and a cosine palette.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    vec2 c = vec2(-0.745, 0.186) + p * (0.6 + 0.4 * cos(iTime * 0.5));
    vec2 z = vec2(0.0);
    float n = 0.0;
    for (int i = 0; i < 64; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        if (dot(z, z) > 256.0) break;
        n += 1.0;
    }
    float sn = n - log2(log2(max(dot(z, z), 1.0001))) + 4.0;
    vec3 col = (n > 63.0) ? vec3(0.0) : 0.5 + 0.5 * cos(3.0 + sn * 0.15 + vec3(0.0, 0.6, 1.0));
    fragColor = vec4(col, 1.0);
}
