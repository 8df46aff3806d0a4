// MeshPhysical's sheen, sheenColor, sheenRoughness, with a metal base and with a clearcoat (see
// _physical.mjs for the scene).
import { physicalScene } from './_physical.mjs';
export default function ( { THREE } ) {

	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	return physicalScene( THREE, [
		M( { color: 0x222244, roughness: 0.7, sheen: 1, sheenColor: 0xff66aa, sheenRoughness: 0.3 } ),
		M( { color: 0x553322, roughness: 0.6, sheen: 0.8, sheenColor: 0xffffff, sheenRoughness: 0.9 } ),
		M( { color: 0x886644, roughness: 0.5, metalness: 1, sheen: 1, sheenColor: 0x66ff66, sheenRoughness: 0.5 } ),
		M( { color: 0x202080, roughness: 0.5, sheen: 1, sheenColor: 0xffcc88, sheenRoughness: 0.4, clearcoat: 1, clearcoatRoughness: 0.1 } ),
	] );

}
