// MeshPhysical's clearcoatNormalMap and clearcoatNormalScale (the tangent frame from the uv's
// screen derivatives), with a clearcoat over a smooth base; the bumps of maps.mjs's normal map
// (see _physical.mjs for the scene).
import { physicalScene } from './_physical.mjs';
import { dataTexture } from './_common.mjs';
import { normalBytes } from './maps.mjs';
export default function ( { THREE } ) {

	const bumps = dataTexture( THREE, 8, 8, normalBytes(), { srgb: false, repeat: true } );
	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	return physicalScene( THREE, [
		M( { color: 0xaa2222, roughness: 0.6, clearcoat: 1, clearcoatRoughness: 0.1, clearcoatNormalMap: bumps } ),
		M( { color: 0x2244aa, roughness: 0.5, clearcoat: 1, clearcoatRoughness: 0.2, clearcoatNormalMap: bumps, clearcoatNormalScale: new THREE.Vector2( 0.5, - 0.5 ) } ),
		M( { color: 0xccaa66, roughness: 0.4, metalness: 1, clearcoat: 0.8, clearcoatRoughness: 0.15, clearcoatNormalMap: bumps, clearcoatNormalScale: new THREE.Vector2( 2, 2 ) } ),
		M( { color: 0x226622, roughness: 0.7, clearcoat: 1, clearcoatRoughness: 0.05 } ),
	] );

}
