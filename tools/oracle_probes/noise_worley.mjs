// Worley noise through TSL's wrappers: mx_worley_noise_float (always 3D), _float_2d, _vec2
// (metric 1), _vec3 (metrics 0..3) and _vec3_style. Jitter as a uniform (u(...)), style and
// metric as literals; _lit rows use TSL's defaults (literal jitter 1).
import { noiseInputs, probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { mx_worley_noise_float, mx_worley_noise_float_2d, mx_worley_noise_vec2, mx_worley_noise_vec3, mx_worley_noise_vec3_style } = TSL;
	const u = ( v ) => TSL.uniform( v );
	return probe( noiseInputs(), [
		[ 'worley_float_3d', 'float', ( { input } ) => mx_worley_noise_float( input.xyz, u( 1 ), 0 ) ],
		[ 'worley_float_3d_j', 'float', ( { input } ) => mx_worley_noise_float( input.xyz, u( 0.6 ), 0 ) ],
		[ 'worley_float_3d_style1', 'float', ( { input } ) => mx_worley_noise_float( input.xyz, u( 0.8 ), 1 ) ],
		[ 'worley_float_of_vec2', 'float', ( { input } ) => mx_worley_noise_float( input.xy, u( 1 ), 0 ) ],
		[ 'worley_float_2d', 'float', ( { input } ) => mx_worley_noise_float_2d( input.xy, u( 1 ), 0 ) ],
		[ 'worley_float_2d_j', 'float', ( { input } ) => mx_worley_noise_float_2d( input.xy, u( 0.6 ), 0 ) ],
		[ 'worley_float_2d_style1', 'float', ( { input } ) => mx_worley_noise_float_2d( input.xy, u( 0.8 ), 1 ) ],
		[ 'worley_vec2_2d', 'vec2', ( { input } ) => mx_worley_noise_vec2( input.xy, u( 1 ) ) ],
		[ 'worley_vec2_3d', 'vec2', ( { input } ) => mx_worley_noise_vec2( input.xyz, u( 0.7 ) ) ],
		[ 'worley_vec3_2d_m0', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xy, u( 1 ), 0 ) ],
		[ 'worley_vec3_2d_m1', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xy, u( 1 ), 1 ) ],
		[ 'worley_vec3_2d_m2', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xy, u( 0.9 ), 2 ) ],
		[ 'worley_vec3_2d_m3', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xy, u( 0.5 ), 3 ) ],
		[ 'worley_vec3_3d_m0', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xyz, u( 1 ), 0 ) ],
		[ 'worley_vec3_3d_m1', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xyz, u( 1 ), 1 ) ],
		[ 'worley_vec3_3d_m2', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xyz, u( 0.9 ), 2 ) ],
		[ 'worley_vec3_3d_m3', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xyz, u( 0.5 ), 3 ) ],
		[ 'worley_style_2d_s1m0', 'vec3', ( { input } ) => mx_worley_noise_vec3_style( input.xy, u( 1 ), 1, 0 ) ],
		[ 'worley_style_2d_s1m2', 'vec3', ( { input } ) => mx_worley_noise_vec3_style( input.xy, u( 0.5 ), 1, 2 ) ],
		[ 'worley_style_3d_s1m0', 'vec3', ( { input } ) => mx_worley_noise_vec3_style( input.xyz, u( 1 ), 1, 0 ) ],
		[ 'worley_style_3d_s1m3', 'vec3', ( { input } ) => mx_worley_noise_vec3_style( input.xyz, u( 0.5 ), 1, 3 ) ],
		[ 'worley_style_3d_s0m2', 'vec3', ( { input } ) => mx_worley_noise_vec3_style( input.xyz, u( 0.7 ), 0, 2 ) ],
		[ 'worley_float_3d_lit', 'float', ( { input } ) => mx_worley_noise_float( input.xyz ) ],
		[ 'worley_float_2d_lit', 'float', ( { input } ) => mx_worley_noise_float_2d( input.xy ) ],
		[ 'worley_vec2_2d_lit', 'vec2', ( { input } ) => mx_worley_noise_vec2( input.xy ) ],
		[ 'worley_vec3_3d_lit', 'vec3', ( { input } ) => mx_worley_noise_vec3( input.xyz ) ],
	] );

};
