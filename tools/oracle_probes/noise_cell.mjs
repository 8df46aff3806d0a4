// Cell noise. TSL's mx_cell_noise_float / _vec3 convert their input to vec2|vec3 (a float is
// splatted to vec2, a vec4 cut to .xy), so three.js's own 1D and 4D overloads are reached by
// handing the wrapper an object whose convert() returns the float / vec4 node unchanged: the
// wrapper then calls MaterialXNoise.js's overloaded function on it, as three.js wrote it.
import { noiseInputs, probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { mx_cell_noise_float, mx_cell_noise_vec3 } = TSL;
	const raw = ( node ) => ( { convert: () => node } );
	return probe( noiseInputs(), [
		[ 'cell_float_1d', 'float', ( { input } ) => mx_cell_noise_float( raw( input.x ) ) ],
		[ 'cell_float_2d', 'float', ( { input } ) => mx_cell_noise_float( input.xy ) ],
		[ 'cell_float_3d', 'float', ( { input } ) => mx_cell_noise_float( input.xyz ) ],
		[ 'cell_float_4d', 'float', ( { input } ) => mx_cell_noise_float( raw( input ) ) ],
		[ 'cell_vec3_1d', 'vec3', ( { input } ) => mx_cell_noise_vec3( raw( input.x ) ) ],
		[ 'cell_vec3_2d', 'vec3', ( { input } ) => mx_cell_noise_vec3( input.xy ) ],
		[ 'cell_vec3_3d', 'vec3', ( { input } ) => mx_cell_noise_vec3( input.xyz ) ],
		[ 'cell_vec3_4d', 'vec3', ( { input } ) => mx_cell_noise_vec3( raw( input ) ) ],
		[ 'mx_cell_float_of_float', 'float', ( { input } ) => mx_cell_noise_float( input.x ) ],
		[ 'mx_cell_float_of_vec4', 'float', ( { input } ) => mx_cell_noise_float( input ) ],
	] );

};
