"""The register-pressure GLSL cases: programs that the compiler's old instruction order (depth
first from the output) laid out past MAX_REGISTERS (32) and that its order now fits
(tsl-core/src/compile/schedule.rs), checked against Mesa as glsl_cases.py's are; glsl_cases.py
imports this file at its end, so these cases join CASES.
"""

from glsl_cases import fx

# glsl_flow_cases.py's while_data_exit with the loop's value written too: the distance `v` and the
# count `n` both stay live after the data-dependent break, so each step's selects chain through
# the exit flag. Depth first computed every step's flag on the way to `v` and held them all for
# `n` (205 registers); in the source's order each step's values are computed together.
fx("regs_two_live_after_break", "vec4(float(n) / 64.0, v * 0.25, 0.0, 1.0)",
   body="""int i = 0;
int n = 0;
float v = y * 0.5;
while (i < 200) {
  if (v > 1.0) break;
  v += x * 0.125 + 0.002;
  n += 1;
  i++;
}""", w=8, h=8)

# Three accumulators through 64 steps of a for loop with a data-dependent break.
fx("regs_three_accumulators", "vec4(a * 0.1, b * 0.05, float(k) / 64.0, 1.0)",
   body="""float a = x;
float b = y;
int k = 0;
for (int i = 0; i < 64; i++) {
  if (a + b > 3.0) break;
  a += 0.05 + b * 0.01;
  b += a * 0.02;
  k++;
}""", w=8, h=8)
