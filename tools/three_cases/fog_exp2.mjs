// Exponential fog: FogExp2(0x405060, 0.25) over a STANDARD floor and a torus.
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x405060 );
	scene.fog = new THREE.FogExp2( 0x405060, 0.25 );
	const camera = new THREE.PerspectiveCamera( 55, W / H, 0.1, 100 );
	camera.position.set( 0, 1.5, 3 );
	camera.lookAt( 0, 0, - 2 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 20, 20 ), new THREE.MeshStandardNodeMaterial( { color: 0x99aa77, roughness: 0.9 } ) );
	floor.rotation.x = - Math.PI / 2;
	scene.add( floor );
	const torus = new THREE.Mesh( new THREE.TorusGeometry( 0.8, 0.3, 16, 48 ), new THREE.MeshStandardNodeMaterial( { color: 0xdd4466, roughness: 0.5 } ) );
	torus.position.set( 0, 1, - 2.5 );
	torus.rotation.set( 0.3, 0.5, 0 );
	scene.add( torus );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 2, 4, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
