// renderer.shadowMap.transmitted (R-SHADOW-8): a STANDARD floor (0xdddddd, roughness 0.8) under
// a STANDARD sphere whose castShadowNode is vec4(1, 0.3, 0, 1) (it lets orange light through) and
// a flat double-sided BASIC card whose map has alpha holes (40/255; nearest filter, no mipmaps,
// no alphaTest: the holes let most of the light through); DirectionalLight(0xffffff, 3) at
// (2, 4, 1) with its default shadow (PCF); AmbientLight(0xffffff, 0.4).
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 4 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const ballMaterial = new THREE.MeshStandardNodeMaterial( { color: 0x4488cc, roughness: 0.4 } );
	ballMaterial.castShadowNode = TSL.vec4( 1, 0.3, 0, 1 );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.5, 32, 16 ), ballMaterial );
	ball.position.set( - 0.9, 0.8, 0 );
	ball.castShadow = true;
	scene.add( ball );
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const card = new THREE.Mesh( new THREE.PlaneGeometry( 1.2, 1.2 ), new THREE.MeshBasicNodeMaterial( { map, side: THREE.DoubleSide } ) );
	card.rotation.x = - Math.PI / 2;
	card.position.set( 0.8, 0.9, 0 );
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
			renderer.shadowMap.transmitted = true;

		},
	};

}
