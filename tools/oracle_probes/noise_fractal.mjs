// Fractal noise through TSL's wrappers: mx_fractal_noise_float (3D; a vec2 gets z = 0) and
// _float_2d, _vec2, parameters as uniforms (u(...)) or, in _lit rows, TSL's literal defaults
// (3, 2, 0.5, 1). The vec3/vec4 fractals are in noise_fractal_vec.mjs.
// Points above 1e6 are left out: p grows by lacunarity^(octaves-1) and must stay below 2^31.
import { noiseInputs, probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { mx_fractal_noise_float, mx_fractal_noise_float_2d, mx_fractal_noise_vec2 } = TSL;
	const u = ( v ) => TSL.uniform( v );
	return probe( noiseInputs( { maxAbs: 1e6 } ), [
		[ 'fractal_float_3d', 'float', ( { input } ) => mx_fractal_noise_float( input.xyz, u( 3 ), u( 2 ), u( 0.5 ), u( 1 ) ) ],
		[ 'fractal_float_3d_p', 'float', ( { input } ) => mx_fractal_noise_float( input.xyz, u( 5 ), u( 2.1 ), u( 0.6 ), u( 1.3 ) ) ],
		[ 'fractal_float_3d_o1', 'float', ( { input } ) => mx_fractal_noise_float( input.xyz, u( 1 ), u( 2 ), u( 0.5 ), u( 0.7 ) ) ],
		[ 'fractal_float_of_vec2', 'float', ( { input } ) => mx_fractal_noise_float( input.xy, u( 3 ), u( 2 ), u( 0.5 ), u( 1 ) ) ],
		[ 'fractal_float_2d', 'float', ( { input } ) => mx_fractal_noise_float_2d( input.xy, u( 3 ), u( 2 ), u( 0.5 ), u( 1 ) ) ],
		[ 'fractal_float_2d_p', 'float', ( { input } ) => mx_fractal_noise_float_2d( input.xy, u( 4 ), u( 1.9 ), u( 0.45 ), u( 0.8 ) ) ],
		[ 'fractal_vec2', 'vec2', ( { input } ) => mx_fractal_noise_vec2( input.xyz, u( 3 ), u( 2 ), u( 0.5 ), u( 0.9 ) ) ],
		[ 'fractal_float_3d_lit', 'float', ( { input } ) => mx_fractal_noise_float( input.xyz ) ],
		[ 'fractal_float_of_vec2_lit', 'float', ( { input } ) => mx_fractal_noise_float( input.xy ) ],
		[ 'fractal_float_2d_lit', 'float', ( { input } ) => mx_fractal_noise_float_2d( input.xy ) ],
		[ 'fractal_vec2_lit', 'vec2', ( { input } ) => mx_fractal_noise_vec2( input.xyz ) ],
	] );

};
