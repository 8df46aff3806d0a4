// Linear fog: Fog(0x8090a0, 2, 9) over a row of LAMBERT boxes going away from the camera, with an
// ambient and a directional light; the background is the fog colour.
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x8090a0 );
	scene.fog = new THREE.Fog( 0x8090a0, 2, 9 );
	const camera = new THREE.PerspectiveCamera( 60, W / H, 0.1, 100 );
	camera.position.set( 0.6, 1, 2 );
	camera.lookAt( 0, 0, - 4 );
	const geometry = new THREE.BoxGeometry( 0.7, 0.7, 0.7 );
	const material = new THREE.MeshLambertNodeMaterial( { color: 0xcc6633 } );
	for ( let i = 0; i < 6; i ++ ) {

		const box = new THREE.Mesh( geometry, material );
		box.position.set( i % 2 === 0 ? - 0.6 : 0.6, 0, - 1.5 * i );
		box.rotation.y = 0.4 * i;
		scene.add( box );

	}

	scene.add( new THREE.AmbientLight( 0xffffff, 0.8 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 3, 2 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
