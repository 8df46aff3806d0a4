// TSL's hash(seed) (src/nodes/math/Hash.js): the PCG hash of uint(seed), scaled to [0, 1].
// The points are the shared noise points plus seeds that probe the float-to-uint conversion:
// negative values, fractions, values at and above 2^32 (GLSL leaves uint(float) undefined there;
// the fixture records what SwiftShader does). Each row hashes one component of the point.
import { noiseInputs, probe } from './inputs.mjs';

const f = Math.fround;

function hashSeeds() {

	const seeds = [ - 0.5, - 1, - 1.5, - 2, - 100.25, - 65536, - 2147483648, - 3e9, - 1e20,
		0.25, 0.999, 1, 1.5, 2, 3, 255.5, 65535, 16777216, 16777218, 2147483520, 2147483648,
		3e9, 4294967040, 4294967296, 5e9, 1e20, 3.4e38, - 3.4e38 ];
	const pts = [];
	for ( let i = 0; i < seeds.length; i += 4 ) pts.push( [ 0, 1, 2, 3 ].map( ( k ) => f( seeds[ ( i + k ) % seeds.length ] ) ) );
	for ( let i = 0; i < 64; i ++ ) pts.push( [ i, i + 64, i * 1000 + 7, i * 65536 + 3 ].map( f ) );
	return pts;

}

export default ( { TSL } ) => {

	const { hash } = TSL;
	const inputs = [ ...noiseInputs(), ...hashSeeds() ];
	return probe( inputs, [
		[ 'hash_x', 'float', ( { input } ) => hash( input.x ) ],
		[ 'hash_y', 'float', ( { input } ) => hash( input.y ) ],
		[ 'hash_z', 'float', ( { input } ) => hash( input.z ) ],
		[ 'hash_w', 'float', ( { input } ) => hash( input.w ) ],
	] );

};
