// A displacement map (R-DEFORM-3, docs/requirements.md): a 16×16 linear DataTexture (no colour
// space, linear filtering, no mipmaps) of a round bump, red = max(0, 255 − (2x − 15)² −
// (2y − 15)²), read in the vertex stage at level 0; a PlaneGeometry(2.4, 2.4, 40, 40) laid flat on
// MeshStandard with displacementScale 0.7 and displacementBias −0.1, and a
// SphereGeometry(0.35, 32, 16) with the same map (scale 0.25, bias 0) whose positionNode lifts
// it: positionLocal + (0, 0.2, 0).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101418 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 2.2, 3.2 );
	camera.lookAt( 0, 0.1, 0 );

	const bytes = [];
	for ( let y = 0; y < 16; y ++ ) {

		for ( let x = 0; x < 16; x ++ ) {

			const h = Math.max( 0, 255 - ( 2 * x - 15 ) ** 2 - ( 2 * y - 15 ) ** 2 );
			bytes.push( h, h, h, 255 );

		}

	}

	const map = new THREE.DataTexture( new Uint8Array( bytes ), 16, 16, THREE.RGBAFormat );
	map.colorSpace = THREE.NoColorSpace;
	map.magFilter = THREE.LinearFilter;
	map.minFilter = THREE.LinearFilter;
	map.generateMipmaps = false;
	map.flipY = false;
	map.needsUpdate = true;

	const ground = new THREE.Mesh(
		new THREE.PlaneGeometry( 2.4, 2.4, 40, 40 ),
		new THREE.MeshStandardNodeMaterial( { color: 0x8fb0d0, roughness: 0.7, displacementMap: map, displacementScale: 0.7, displacementBias: - 0.1 } )
	);
	ground.rotation.x = - Math.PI / 2;
	ground.position.x = - 0.3;
	scene.add( ground );

	const material = new THREE.MeshStandardNodeMaterial( { color: 0xe0a050, roughness: 0.4, displacementMap: map, displacementScale: 0.25 } );
	material.positionNode = TSL.positionLocal.add( TSL.vec3( 0, 0.2, 0 ) );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.35, 32, 16 ), material );
	ball.position.set( 0.9, 0.3, 0.6 );
	scene.add( ball );

	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 2, 3, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
