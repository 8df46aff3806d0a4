// A Sierpinski carpet by repeated folding with a float loop index: each level scales by three
// and marks the middle square.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = fragCoord / iResolution.y + vec2(iTime * 0.05, 0.0);
    float hole = 0.0;
    for (float level = 1.0; level <= 5.0; level += 1.0) {
        p *= 3.0;
        vec2 cell = mod(floor(p), 3.0);
        if (cell.x == 1.0 && cell.y == 1.0) {
            hole = level;
            break;
        }
    }
    vec3 col = hole > 0.0 ? vec3(0.1) : vec3(0.9, 0.85, 0.7);
    col += 0.1 * hole * vec3(0.2, 0.1, 0.0);
    fragColor = vec4(col, 1.0);
}
