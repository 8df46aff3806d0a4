// MaterialX (R-MTLX): materialx/open_pbr_fuzz.mtlx on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'open_pbr_fuzz.mtlx' );

}
