// MaterialX (R-MTLX): materialx/unlit_displaced.mtlx on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'unlit_displaced.mtlx' );

}
