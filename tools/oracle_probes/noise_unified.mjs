// mx_unifiednoise2d / 3d: every noise type, parameters as uniforms. The _j rows use a jitter
// other than 1, which rotates the point by (jitter - 1) * 90000 degrees through sin and cos
// (not bit-exact across GPUs); the others rotate by 0.
import { noiseInputs, probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { mx_unifiednoise2d, mx_unifiednoise3d, uniform, vec2, vec3 } = TSL;
	const u = ( v ) => uniform( v );
	const inputs = noiseInputs( { maxAbs: 1e5 } );
	const row2 = ( name, type, jitter, clamp, octaves ) => [ name, 'float', ( { input } ) =>
		mx_unifiednoise2d( type, input.xy, u( vec2( 1.5, 0.75 ) ), u( vec2( 0.25, - 3 ) ), u( jitter ), u( - 0.5 ), u( 1.25 ), clamp, octaves, u( 2 ), u( 0.5 ), 0 ) ];
	const row3 = ( name, type, jitter, clamp, octaves ) => [ name, 'float', ( { input } ) =>
		mx_unifiednoise3d( type, input.xyz, u( vec3( 1.5, 0.75, 2 ) ), u( vec3( 0.25, - 3, 1 ) ), u( jitter ), u( - 0.5 ), u( 1.25 ), clamp, octaves, u( 2 ), u( 0.5 ), 0 ) ];
	return probe( inputs, [
		row2( 'unified2d_perlin', 0, 1, false, 1 ),
		row2( 'unified2d_cell', 1, 1, false, 1 ),
		row2( 'unified2d_worley', 2, 1, false, 1 ),
		row2( 'unified2d_fractal', 3, 1, false, 3 ),
		row2( 'unified2d_perlin_clamp', 0, 1, true, 1 ),
		row2( 'unified2d_perlin_j', 0, 0.9, false, 1 ),
		row3( 'unified3d_perlin', 0, 1, false, 1 ),
		row3( 'unified3d_cell', 1, 1, false, 1 ),
		row3( 'unified3d_worley', 2, 1, false, 1 ),
		row3( 'unified3d_fractal', 3, 1, false, 3 ),
		row3( 'unified3d_fractal_clamp', 3, 1, true, 2 ),
		row3( 'unified3d_perlin_j', 0, 0.9, false, 1 ),
	] );

};
