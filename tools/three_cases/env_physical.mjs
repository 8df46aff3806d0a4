// The full physical model under the environment: a sheen sphere, an iridescent one and an
// anisotropic metal, on a black background, no other light.
import { W, H } from './_common.mjs';
import { envTexture } from './_env.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	scene.environment = envTexture( THREE );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const materials = [
		new THREE.MeshPhysicalNodeMaterial( { color: 0x402050, roughness: 0.7, metalness: 0, sheen: 1, sheenColor: 0xff88cc, sheenRoughness: 0.4 } ),
		new THREE.MeshPhysicalNodeMaterial( { color: 0x202020, roughness: 0.25, metalness: 0.5, iridescence: 1, iridescenceIOR: 1.6, iridescenceThicknessRange: [ 150, 500 ] } ),
		new THREE.MeshPhysicalNodeMaterial( { color: 0xcccccc, roughness: 0.4, metalness: 1, anisotropy: 0.8, anisotropyRotation: 0.4 } ),
	];
	materials.forEach( ( m, i ) => {

		const s = new THREE.Mesh( new THREE.SphereGeometry( 0.42, 48, 24 ), m );
		s.position.set( ( i - 1 ) * 0.95, 0, 0 );
		scene.add( s );

	} );
	return { scene, camera, width: W, height: H };

}
