// Perlin noise through TSL's wrappers (MaterialXNodes.js): mx_noise_float / _vec3 / _vec4 on
// vec2 and vec3 (and the float / vec4 conversions). With the default amplitude 1 and pivot 0
// (literals) the compiler drops `* 1.0 + 0.0`, so those rows give the bare Perlin noise; u(...)
// rows pass amplitude and pivot as uniforms; _lit rows as literals.
import { noiseInputs, probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { mx_noise_float, mx_noise_vec3, mx_noise_vec4 } = TSL;
	const u = ( v ) => TSL.uniform( v );
	return probe( noiseInputs(), [
		[ 'perlin_float_2d', 'float', ( { input } ) => mx_noise_float( input.xy ) ],
		[ 'perlin_float_3d', 'float', ( { input } ) => mx_noise_float( input.xyz ) ],
		[ 'perlin_vec3_2d', 'vec3', ( { input } ) => mx_noise_vec3( input.xy ) ],
		[ 'perlin_vec3_3d', 'vec3', ( { input } ) => mx_noise_vec3( input.xyz ) ],
		[ 'perlin_vec4_2d', 'vec4', ( { input } ) => mx_noise_vec4( input.xy ) ],
		[ 'perlin_vec4_3d', 'vec4', ( { input } ) => mx_noise_vec4( input.xyz ) ],
		[ 'perlin_float_of_float', 'float', ( { input } ) => mx_noise_float( input.x ) ],
		[ 'noise_float_2d', 'float', ( { input } ) => mx_noise_float( input.xy, u( 1.7 ), u( 0.3 ) ) ],
		[ 'noise_float_3d', 'float', ( { input } ) => mx_noise_float( input.xyz, u( 2.5 ), u( - 0.75 ) ) ],
		[ 'noise_float_3d_1_0', 'float', ( { input } ) => mx_noise_float( input.xyz, u( 1 ), u( 0 ) ) ],
		[ 'noise_float_of_vec4', 'float', ( { input } ) => mx_noise_float( input, u( 0.5 ), u( 0.5 ) ) ],
		[ 'noise_vec3_2d', 'vec3', ( { input } ) => mx_noise_vec3( input.xy, u( 0.8 ), u( - 0.1 ) ) ],
		[ 'noise_vec3_3d', 'vec3', ( { input } ) => mx_noise_vec3( input.xyz, u( 0.6 ), u( 0.5 ) ) ],
		[ 'noise_vec4_2d', 'vec4', ( { input } ) => mx_noise_vec4( input.xy, u( 1.3 ), u( - 0.2 ) ) ],
		[ 'noise_vec4_3d', 'vec4', ( { input } ) => mx_noise_vec4( input.xyz, u( 0.7 ), u( 0.1 ) ) ],
		[ 'noise_float_2d_lit', 'float', ( { input } ) => mx_noise_float( input.xy, 1.7, 0.3 ) ],
		[ 'noise_float_3d_lit', 'float', ( { input } ) => mx_noise_float( input.xyz, 2.5, - 0.75 ) ],
		[ 'noise_vec3_3d_lit', 'vec3', ( { input } ) => mx_noise_vec3( input.xyz, 0.6, 0.5 ) ],
		[ 'noise_vec4_2d_lit', 'vec4', ( { input } ) => mx_noise_vec4( input.xy, 1.3, - 0.2 ) ],
	] );

};
