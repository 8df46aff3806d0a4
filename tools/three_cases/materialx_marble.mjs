// MaterialX (R-MTLX): materialx/standard_surface_marble_solid.mtlx on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'standard_surface_marble_solid.mtlx' );

}
