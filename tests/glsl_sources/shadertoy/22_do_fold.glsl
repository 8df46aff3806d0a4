// A box fold and sphere inversion repeated by a do loop with a counter, the kernel of
// Mandelbox-style fractals, coloured by how far the orbit went.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y * 2.0;
    vec2 z = p;
    float trap = 10.0;
    int n = 0;
    do {
        z = clamp(z, -1.0, 1.0) * 2.0 - z;
        float r2 = dot(z, z);
        z *= r2 < 0.25 ? 4.0 : (r2 < 1.0 ? 1.0 / r2 : 1.0);
        z = z * (1.8 + 0.2 * sin(iTime)) + p;
        trap = min(trap, length(z));
        n++;
    } while (n < 10);
    vec3 col = 0.5 + 0.5 * cos(log(trap + 1.0) * 2.0 + vec3(0.0, 0.8, 1.6));
    fragColor = vec4(col, 1.0);
}
