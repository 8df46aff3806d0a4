// A Julia set iterated by a while loop whose condition joins a counter and the escape test.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 z = (2.0 * fragCoord - iResolution.xy) / iResolution.y * 1.3;
    vec2 c = 0.7885 * vec2(cos(iTime * 0.3), sin(iTime * 0.3));
    int i = 0;
    while (i < 48 && dot(z, z) < 4.0) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        i++;
    }
    float t = float(i) / 48.0;
    fragColor = vec4(t, t * t, sqrt(t), 1.0);
}
