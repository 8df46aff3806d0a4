// Adapted from three.js r187, examples/jsm/shaders/VolumeShader.js (VolumeRenderShader1.fragmentShader);
// what changed and why is in docs/materials.md, "Volume shader".
//
// The MIT License
//
// Copyright © 2010-2026 three.js authors
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in
// all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
// THE SOFTWARE.

precision highp float;
precision mediump sampler3D;

// RENDER_STYLE (0: MIP, 1: ISO) and MAX_STEPS are defined by volume_render_shader(style):
// three.js's u_renderstyle uniform and its MAX_STEPS of 887.

uniform vec3 u_size;
uniform float u_renderthreshold;
uniform vec2 u_clim;
uniform mat4 u_world_to_local;
// The colormap's width in texels: three.js reads it with textureSize(u_cmdata, 0).x.
uniform float u_cmwidth;

uniform sampler3D u_data;
uniform sampler2D u_cmdata;

varying vec3 v_world;

const int REFINEMENT_STEPS = 4;
const float relative_step_size = 1.0;
const vec4 ambient_color = vec4(0.2, 0.4, 0.2, 1.0);
const vec4 diffuse_color = vec4(0.8, 0.2, 0.2, 1.0);
const vec4 specular_color = vec4(1.0, 1.0, 1.0, 1.0);
const float shininess = 40.0;

float sample1(vec3 texcoords) {
		/* Sample float value from a 3D texture. Assumes intensity data. */
		return texture(u_data, texcoords.xyz).r;
}

vec4 apply_colormap(float val) {
		val = (val - u_clim[0]) / (u_clim[1] - u_clim[0]);
		float n = u_cmwidth;
		val = (val * (n - 1.0) + 0.5) / n;
		return texture2D(u_cmdata, vec2(val, 0.5));
}

vec4 cast_mip(vec3 start_loc, vec3 step, int nsteps) {
		// The brightest value and the step it is at.
		vec2 found = vec2(-1e6, 100.0);
		// No break: a step past nsteps changes nothing (in the subset a break is a flag that
		// each later step selects on).
		for (int iter=0; iter<MAX_STEPS; iter++) {
				float val = sample1(start_loc + step * float(iter));
				if (iter < nsteps && val > found.x)
						found = vec2(val, float(iter));
		}

		// Refine location, gives crispier images
		float max_val = found.x;
		vec3 iloc = start_loc + step * (found.y - 0.5);
		vec3 istep = step / float(REFINEMENT_STEPS);
		for (int i=0; i<REFINEMENT_STEPS; i++) {
				max_val = max(max_val, sample1(iloc));
				iloc += istep;
		}

		return apply_colormap(max_val);
}

vec4 add_lighting(float val, vec3 loc, vec3 step, vec3 view_ray)
{
	// Calculate color by incorporating lighting

		// View direction
		vec3 V = normalize(view_ray);

		// calculate normal vector from gradient
		vec3 N;
		float val1, val2;
		val1 = sample1(loc + vec3(-step[0], 0.0, 0.0));
		val2 = sample1(loc + vec3(+step[0], 0.0, 0.0));
		N[0] = val1 - val2;
		val = max(max(val1, val2), val);
		val1 = sample1(loc + vec3(0.0, -step[1], 0.0));
		val2 = sample1(loc + vec3(0.0, +step[1], 0.0));
		N[1] = val1 - val2;
		val = max(max(val1, val2), val);
		val1 = sample1(loc + vec3(0.0, 0.0, -step[2]));
		val2 = sample1(loc + vec3(0.0, 0.0, +step[2]));
		N[2] = val1 - val2;
		val = max(max(val1, val2), val);

		float gm = length(N); // gradient magnitude
		N = normalize(N);

		// Flip normal so it points towards viewer
		float Nselect = float(dot(N, V) > 0.0);
		N = (2.0 * Nselect - 1.0) * N;	// ==	Nselect * N - (1.0-Nselect)*N;

		// Init colors
		vec4 ambient_color = vec4(0.0, 0.0, 0.0, 0.0);
		vec4 diffuse_color = vec4(0.0, 0.0, 0.0, 0.0);
		vec4 specular_color = vec4(0.0, 0.0, 0.0, 0.0);

		// note: could allow multiple lights
		for (int i=0; i<1; i++)
		{
				 // Get light direction (make sure to prevent zero division)
				vec3 L = normalize(view_ray);	//lightDirs[i];
				float lightEnabled = float( length(L) > 0.0 );
				L = normalize(L + (1.0 - lightEnabled));

				// Calculate lighting properties
				float lambertTerm = clamp(dot(N, L), 0.0, 1.0);
				vec3 H = normalize(L+V); // Halfway vector
				float specularTerm = pow(max(dot(H, N), 0.0), shininess);

				// Calculate mask
				float mask1 = lightEnabled;

				// Calculate colors
				ambient_color +=	mask1 * ambient_color;	// * gl_LightSource[i].ambient;
				diffuse_color +=	mask1 * lambertTerm;
				specular_color += mask1 * specularTerm * specular_color;
		}

		// Calculate final color by componing different components
		vec4 final_color;
		vec4 color = apply_colormap(val);
		final_color = color * (ambient_color + diffuse_color) + specular_color;
		final_color.a = color.a;
		return final_color;
}

vec4 cast_iso(vec3 start_loc, vec3 step, int nsteps, vec3 view_ray) {
		vec3 dstep = 1.5 / u_size;	// step to sample derivative
		float low_threshold = u_renderthreshold - 0.02 * (u_clim[1] - u_clim[0]);

		// Whether a surface is found, and where: in steps from start_loc.
		vec2 found = vec2(0.0);
		// No break, as in cast_mip: once found, or past nsteps, a step changes nothing.
		for (int iter=0; iter<MAX_STEPS; iter++) {
				float val = sample1(start_loc + step * float(iter));
				// Take the last interval in smaller steps
				for (int i=0; i<REFINEMENT_STEPS; i++) {
						float at = float(iter) - 0.5 + float(i) / float(REFINEMENT_STEPS);
						if (iter < nsteps && val > low_threshold && found.x == 0.0 && sample1(start_loc + step * at) > u_renderthreshold)
								found = vec2(1.0, at);
				}
		}
		if (found.x == 0.0)
				return vec4(0.0);	// transparent
		vec3 iloc = start_loc + step * found.y;
		return add_lighting(sample1(iloc), iloc, dstep, view_ray);
}

void main() {
		// The fragment on the box's back face, and the camera, in the box's space.
		vec3 v_position = (u_world_to_local * vec4(v_world, 1.0)).xyz;
		vec3 eye = (u_world_to_local * vec4(cameraPosition, 1.0)).xyz;
		vec3 view_ray = normalize(eye - v_position);

		// Slab-based ray/AABB intersection: v_position lies on the back face
		// of the cuboid, so stepping along view_ray traverses the volume and
		// exits through the front face at t = distance, or reaches the camera.
		vec3 t1 = (vec3(-0.5) - v_position) / view_ray;
		vec3 t2 = (u_size - vec3(0.5) - v_position) / view_ray;
		vec3 tmax = max(t1, t2);
		float distance = min(min(min(tmax.x, tmax.y), tmax.z), length(eye - v_position));

		// Decide how many steps to take
		int nsteps = int(distance / relative_step_size + 0.5);
		if ( nsteps < 1 )
				discard;

		// Get starting location and step vector in texture coordinates
		vec3 front = v_position + view_ray * distance;
		vec3 step = ((v_position - front) / u_size) / float(nsteps);
		vec3 start_loc = front / u_size;

#if RENDER_STYLE == 0
		gl_FragColor = cast_mip(start_loc, step, nsteps);
#else
		gl_FragColor = cast_iso(start_loc, step, nsteps, view_ray);
#endif

		if (gl_FragColor.a < 0.05)
				discard;
}
