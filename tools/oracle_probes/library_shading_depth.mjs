// The view-z/depth conversions of three r187's ViewportDepthNode.js (renderer defaults: depth
// not reversed). Inputs: x = -viewZ or a depth, y = near, z = far, w = a depth in [0, 1].
// tsl-core/tests/library_shading.rs builds the same graphs with our builder.
import { mulberry32, probe } from './inputs.mjs';


export function depthInputs() {

	const rnd = mulberry32( 0xde97 );
	const pts = [ [ 0.1, 0.1, 100, 0 ], [ 100, 0.1, 100, 1 ], [ 1, 0.5, 10, 0.5 ], [ 0.5, 0, 10, 0.25 ] ];
	for ( let i = 0; i < 60; i ++ ) {

		const near = 0.01 + rnd() * 2;
		const far = near + 1 + rnd() * 500;
		pts.push( [ near + rnd() * ( far - near ), near, far, rnd() ] );

	}

	return pts.map( ( p ) => p.map( Math.fround ) );

}

export default ( { TSL } ) => {

	const T = TSL;
	return probe( depthInputs(), [
		[ 'view_z_to_orthographic_depth', 'float', ( { x, y, z } ) => T.viewZToOrthographicDepth( x.negate(), y, z ) ],
		[ 'view_z_to_reversed_orthographic_depth', 'float', ( { x, y, z } ) => T.viewZToReversedOrthographicDepth( x.negate(), y, z ) ],
		[ 'orthographic_depth_to_view_z', 'float', ( { y, z, w } ) => T.orthographicDepthToViewZ( w, y, z ) ],
		[ 'view_z_to_perspective_depth', 'float', ( { x, y, z } ) => T.viewZToPerspectiveDepth( x.negate(), y, z ) ],
		[ 'view_z_to_reversed_perspective_depth', 'float', ( { x, y, z } ) => T.viewZToReversedPerspectiveDepth( x.negate(), y, z ) ],
		[ 'perspective_depth_to_view_z', 'float', ( { y, z, w } ) => T.perspectiveDepthToViewZ( w, y, z ) ],
		[ 'view_z_to_logarithmic_depth', 'float', ( { x, y, z } ) => T.viewZToLogarithmicDepth( x.negate(), y, z ) ],
		[ 'logarithmic_depth_to_view_z', 'float', ( { y, z, w } ) => T.logarithmicDepthToViewZ( w, y.max( 0.01 ), z ) ],
	] );

};
