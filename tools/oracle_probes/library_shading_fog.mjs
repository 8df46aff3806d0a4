// three r187's rangeFogFactor and densityFogFactor at chosen view depths: Fog.js reads the view z
// from the build context's `getViewZ` when there is one (else positionView.z), so each row runs in
// a `context` whose getViewZ gives -x (x > 0: in front of the camera). Inputs: x = depth,
// y = near or density, z = far. tsl-core/tests/library_shading.rs evaluates ours with
// positionView.z = -x.
import { mulberry32, probe } from './inputs.mjs';


export function fogInputs() {

	const rnd = mulberry32( 0xf06 );
	const pts = [ [ 0, 1, 10, 0 ], [ 1, 1, 10, 0 ], [ 10, 1, 10, 0 ], [ 5.5, 1, 10, 0 ], [ 20, 0.05, 10, 0 ] ];
	for ( let i = 0; i < 59; i ++ ) {

		const near = rnd() * 20;
		pts.push( [ rnd() * 60, near, near + 0.5 + rnd() * 40, 0 ] );

	}

	return pts.map( ( p ) => p.map( Math.fround ) );

}

export default ( { TSL } ) => {

	const { context, rangeFogFactor, densityFogFactor } = TSL;
	const at = ( x, node ) => context( node, { getViewZ: () => x.negate() } );
	return probe( fogInputs(), [
		[ 'range_fog_factor', 'float', ( { x, y, z } ) => at( x, rangeFogFactor( y, z ) ) ],
		[ 'density_fog_factor', 'float', ( { x, y } ) => at( x, densityFogFactor( y.mul( 0.1 ) ) ) ],
	] );

};
