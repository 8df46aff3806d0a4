// MaterialX (R-MTLX): materialx/open_pbr_coat.mtlx on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'open_pbr_coat.mtlx' );

}
