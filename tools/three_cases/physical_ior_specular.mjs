// MeshPhysical's ior, specularIntensity and specularColor (see _physical.mjs for the scene).
import { physicalScene } from './_physical.mjs';
export default function ( { THREE } ) {

	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	return physicalScene( THREE, [
		M( { color: 0x3366aa, roughness: 0.3, ior: 1.0 } ),
		M( { color: 0x3366aa, roughness: 0.3, ior: 2.333 } ),
		M( { color: 0x3366aa, roughness: 0.25, ior: 1.8, specularIntensity: 0.4, specularColor: 0xff4400 } ),
		M( { color: 0xccaa66, roughness: 0.35, metalness: 0.5, ior: 1.6, specularColor: 0x44ff88 } ),
	] );

}
