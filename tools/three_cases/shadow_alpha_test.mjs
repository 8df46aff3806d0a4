// The shadow pass's alpha test (R-SHADOW-6): a double-sided BASIC card lying flat at height 0.9
// whose map has alpha holes (40/255 against alphaTest 0.5; nearest filter, no mipmaps) casts its
// holes onto a STANDARD floor (0xdddddd, roughness 0.8); DirectionalLight(0xffffff, 3) at
// (2, 4, 1) with its default shadow (PCF); AmbientLight(0xffffff, 0.4).
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 4 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const card = new THREE.Mesh( new THREE.PlaneGeometry( 1.6, 1.6 ), new THREE.MeshBasicNodeMaterial( { map, alphaTest: 0.5, side: THREE.DoubleSide } ) );
	card.rotation.x = - Math.PI / 2;
	card.position.set( 0, 0.9, 0 );
	card.castShadow = true;
	scene.add( card );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 2, 4, 1 );
	sun.castShadow = true;
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
