// MeshNormalMaterial: a torus and a double-sided open cylinder (its inside shows the turned normal).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 1.5, 3.5 );
	camera.lookAt( 0, 0, 0 );
	const torus = new THREE.Mesh( new THREE.TorusGeometry( 0.6, 0.2, 12, 32 ), new THREE.MeshNormalMaterial() );
	torus.position.set( - 0.7, 0.3, 0 );
	torus.rotation.set( 0.6, 0.2, 0 );
	scene.add( torus );
	const can = new THREE.Mesh( new THREE.CylinderGeometry( 0.5, 0.5, 1, 24, 1, true ), new THREE.MeshNormalMaterial( { side: THREE.DoubleSide } ) );
	can.position.set( 0.8, - 0.1, 0 );
	scene.add( can );
	return { scene, camera, width: W, height: H };

}
