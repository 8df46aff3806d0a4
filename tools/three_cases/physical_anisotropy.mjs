// MeshPhysical's anisotropy, anisotropyRotation and anisotropyMap (rg a direction, b a strength),
// the tangent frame from the uv's screen derivatives (the sphere has no tangents; see
// _physical.mjs).
import { physicalScene, dataMap } from './_physical.mjs';
export default function ( { THREE } ) {

	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	const polar = dataMap( THREE, ( x, y ) => [ 128 + 15 * x, 200 - 10 * y, 120 + 16 * y, 255 ] );
	return physicalScene( THREE, [
		M( { color: 0xdddddd, roughness: 0.35, metalness: 1, anisotropy: 0.8 } ),
		M( { color: 0xdddddd, roughness: 0.35, metalness: 1, anisotropy: 0.8, anisotropyRotation: Math.PI / 2 } ),
		M( { color: 0x884422, roughness: 0.5, anisotropy: 0.5, anisotropyRotation: Math.PI / 4 } ),
		M( { color: 0xaaccee, roughness: 0.4, metalness: 0.8, anisotropy: 1, anisotropyRotation: 0.3, anisotropyMap: polar } ),
	] );

}
