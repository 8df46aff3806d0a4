// A STANDARD sphere under a directional light: color 0xff8040, roughness 0.4, metalness 0.1,
// DirectionalLight(0xffffff, 3) at (1, 1, 1) toward the origin; SphereGeometry(1, 48, 24).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const material = new THREE.MeshStandardNodeMaterial( { color: 0xff8040, roughness: 0.4, metalness: 0.1 } );
	scene.add( new THREE.Mesh( new THREE.SphereGeometry( 1, 48, 24 ), material ) );
	const light = new THREE.DirectionalLight( 0xffffff, 3 );
	light.position.set( 1, 1, 1 );
	scene.add( light );
	return { scene, camera, width: W, height: H };

}
