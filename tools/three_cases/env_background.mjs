// The environment as the background (backgroundBlurriness 0.3, backgroundIntensity 0.8) with
// scene.environmentIntensity 1.2: a PHYSICAL sphere with a clearcoat lit by the scene's
// environment, and a STANDARD metal sphere with its own envMap (the same image) at
// envMapIntensity 0.5; a directional light besides.
import { W, H } from './_common.mjs';
import { envTexture } from './_env.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const env = envTexture( THREE );
	scene.background = env;
	scene.backgroundBlurriness = 0.3;
	scene.backgroundIntensity = 0.8;
	scene.environment = env;
	scene.environmentIntensity = 1.2;
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0.4, 0.3, 3 );
	camera.lookAt( 0, 0, 0 );
	const coat = new THREE.MeshPhysicalNodeMaterial( { color: 0x3366aa, roughness: 0.6, metalness: 0, clearcoat: 1, clearcoatRoughness: 0.1 } );
	const a = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 48, 24 ), coat );
	a.position.set( - 0.6, 0, 0 );
	scene.add( a );
	const metal = new THREE.MeshStandardNodeMaterial( { color: 0xffffff, roughness: 0.2, metalness: 1, envMap: env, envMapIntensity: 0.5 } );
	const b = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 48, 24 ), metal );
	b.position.set( 0.6, 0, 0 );
	scene.add( b );
	const sun = new THREE.DirectionalLight( 0xffffff, 1.5 );
	sun.position.set( 1, 1, 1 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
