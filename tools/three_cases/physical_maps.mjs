// MeshPhysical's maps: specularIntensityMap (alpha), specularColorMap (rgb), sheenColorMap (rgb),
// sheenRoughnessMap (alpha), clearcoatMap (red), clearcoatRoughnessMap (green) (see
// _physical.mjs).
import { physicalScene, dataMap } from './_physical.mjs';
export default function ( { THREE } ) {

	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	const a = dataMap( THREE, ( x, y ) => [ 255 - 30 * x, 40 + 25 * y, 30 * ( x + y ) % 256, 60 + 24 * x ] );
	const b = dataMap( THREE, ( x, y ) => [ 30 * y, 255 - 28 * x, 120 + 15 * x, 255 - 20 * y ] );
	return physicalScene( THREE, [
		M( { color: 0x3366aa, roughness: 0.3, ior: 2, specularIntensityMap: a, specularColorMap: b } ),
		M( { color: 0x222244, roughness: 0.7, sheen: 1, sheenColor: 0xffffff, sheenRoughness: 0.8, sheenColorMap: a, sheenRoughnessMap: b } ),
		M( { color: 0xaa2222, roughness: 0.6, clearcoat: 1, clearcoatRoughness: 0.8, clearcoatMap: a, clearcoatRoughnessMap: b } ),
		M( { color: 0x226622, roughness: 0.4, clearcoat: 0.7, clearcoatRoughness: 0.3, clearcoatMap: b, clearcoatRoughnessMap: a } ),
	] );

}
