// MeshPhysical's iridescence, iridescenceIOR, iridescenceThicknessRange and
// iridescenceThicknessMap (green channel), on dielectric and metal bases (see _physical.mjs).
import { physicalScene, dataMap } from './_physical.mjs';
export default function ( { THREE } ) {

	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	const thickness = dataMap( THREE, ( x, y ) => [ 0, x * 36, 0, 255 ] );
	return physicalScene( THREE, [
		M( { color: 0x111111, roughness: 0.25, iridescence: 1 } ),
		M( { color: 0x224466, roughness: 0.3, iridescence: 1, iridescenceIOR: 1.8, iridescenceThicknessRange: [ 100, 800 ] } ),
		M( { color: 0xcccccc, roughness: 0.3, metalness: 1, iridescence: 0.8, iridescenceThicknessRange: [ 100, 250 ] } ),
		M( { color: 0x333333, roughness: 0.3, iridescence: 1, iridescenceThicknessRange: [ 100, 600 ], iridescenceThicknessMap: thickness } ),
	] );

}
