// A RectAreaLight (0xffffff, intensity 4, 3 × 2) at (0.5, 1, 3) looking at the origin, with an
// AmbientLight 0x404040 · 0.5, on four MeshPhysical spheres that three shades with its full
// physical model: a sheen, ior 2 with specularIntensity 0.8 and specularColor 0x88ccff, a
// clearcoat with maps.mjs's bumps as clearcoatNormalMap (scale 0.5, −0.5), and a half metal with
// specularIntensity 0.5, iridescence and anisotropy (which directRectArea leaves out). The grid,
// camera and background of _physical.mjs; the LTC tables are RectAreaLightTexturesLib's.
import { W, H, dataTexture } from './_common.mjs';
import { normalBytes } from './maps.mjs';
import { RectAreaLightTexturesLib } from 'three/addons/lights/RectAreaLightTexturesLib.js';
export default function ( { THREE } ) {

	THREE.RectAreaLightNode.setLTC( RectAreaLightTexturesLib.init() );
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	const bumps = dataTexture( THREE, 8, 8, normalBytes(), { srgb: false, repeat: true } );
	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	const materials = [
		M( { color: 0x222244, roughness: 0.5, sheen: 1, sheenColor: 0xff66aa, sheenRoughness: 0.3 } ),
		M( { color: 0x884422, roughness: 0.25, ior: 2, specularIntensity: 0.8, specularColor: 0x88ccff } ),
		M( { color: 0x2244aa, roughness: 0.5, clearcoat: 1, clearcoatRoughness: 0.15, clearcoatNormalMap: bumps, clearcoatNormalScale: new THREE.Vector2( 0.5, - 0.5 ) } ),
		M( { color: 0xccaa66, roughness: 0.35, metalness: 0.5, specularIntensity: 0.5, iridescence: 0.8, anisotropy: 0.6 } ),
	];
	const geometry = new THREE.SphereGeometry( 0.75, 48, 24 );
	const places = [ [ - 0.95, 0.95 ], [ 0.95, 0.95 ], [ - 0.95, - 0.95 ], [ 0.95, - 0.95 ] ];
	materials.forEach( ( material, i ) => {

		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( places[ i ][ 0 ], places[ i ][ 1 ], 0 );
		scene.add( mesh );

	} );
	const rect = new THREE.RectAreaLight( 0xffffff, 4, 3, 2 );
	rect.position.set( 0.5, 1, 3 );
	rect.lookAt( 0, 0, 0 );
	scene.add( rect );
	scene.add( new THREE.AmbientLight( 0x404040, 0.5 ) );
	return { scene, camera, width: W, height: H };

}
