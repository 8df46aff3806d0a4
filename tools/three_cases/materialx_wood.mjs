// MaterialX (R-MTLX): materialx/standard_surface_wood_tiled.mtlx (uvtiling 1, 1:
// materialx/README.md says why) on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'standard_surface_wood_tiled.mtlx' );

}
