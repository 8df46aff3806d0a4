// MaterialX (R-MTLX): materialx/gltf_pbr.mtlx on a sphere
// (_materialx.mjs).
import { materialxCase } from './_materialx.mjs';
export default function ( { THREE } ) {

	return materialxCase( THREE, 'gltf_pbr.mtlx' );

}
