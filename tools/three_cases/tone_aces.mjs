// ACES filmic tone mapping with exposure 1.2: a bright PHYSICAL sphere and a STANDARD metal torus
// under a strong directional light and an ambient light.
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x102030 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.7, 32, 16 ), new THREE.MeshPhysicalNodeMaterial( { color: 0xffaa33, roughness: 0.3 } ) );
	ball.position.set( - 0.6, 0.2, 0 );
	scene.add( ball );
	const ring = new THREE.Mesh( new THREE.TorusGeometry( 0.5, 0.18, 12, 32 ), new THREE.MeshStandardNodeMaterial( { color: 0xcccccc, roughness: 0.25, metalness: 1 } ) );
	ring.position.set( 0.8, - 0.3, 0 );
	ring.rotation.set( 0.8, 0.3, 0 );
	scene.add( ring );
	scene.add( new THREE.AmbientLight( 0xffffff, 1.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 8 );
	sun.position.set( 1, 1.5, 2 );
	scene.add( sun );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.toneMapping = THREE.ACESFilmicToneMapping;
			renderer.toneMappingExposure = 1.2;

		},
	};

}
