// A textured plane seen at a grazing angle: an 8×8 sRGB DataTexture, repeat wrap, repeat (3, 2),
// offset (0.1, 0), trilinear mipmaps; MeshBasicNodeMaterial with map.
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101820 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 50 );
	camera.position.set( 0, 1.2, 3 );
	camera.lookAt( 0, 0, 0 );
	const map = dataTexture( THREE, 8, 8, checkerBytes(), { repeat: true } );
	map.repeat.set( 3, 2 );
	map.offset.set( 0.1, 0 );
	const material = new THREE.MeshBasicNodeMaterial( { map } );
	const plane = new THREE.Mesh( new THREE.PlaneGeometry( 4, 4 ), material );
	plane.rotation.x = - Math.PI / 2;
	scene.add( plane );
	return { scene, camera, width: W, height: H };

}
