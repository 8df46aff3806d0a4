// ALPHA_TEST_NODE and the shadow pass (R-OUT-18): three r187's shadow pass copies the material's
// `alphaTest` onto its override material but not `alphaTestNode` (Renderer._renderObjectDirect),
// so the node does not cut a caster's shadow. Two double-sided BASIC cards lying flat at height
// 0.9 with the 8×8 checker with alpha holes (40/255; nearest, no mipmaps) as map: left,
// alphaTestNode 0.5 and alphaTest 0 (its colour pass has holes, its shadow none); right,
// alphaTest 0.5 and alphaTestNode 0.9 (its colour pass keeps nothing below 0.9, its shadow the
// 0.5 test's holes). A STANDARD floor (0xdddddd, roughness 0.8); DirectionalLight(0xffffff, 3)
// at (2, 4, 1) with its default shadow (PCF); AmbientLight(0xffffff, 0.4).
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
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const left = new THREE.MeshBasicNodeMaterial( { map, side: THREE.DoubleSide } );
	left.alphaTestNode = TSL.float( 0.5 );
	const right = new THREE.MeshBasicNodeMaterial( { map, alphaTest: 0.5, side: THREE.DoubleSide } );
	right.alphaTestNode = TSL.float( 0.9 );
	[ [ left, - 0.9 ], [ right, 0.9 ] ].forEach( ( [ m, x ] ) => {

		const card = new THREE.Mesh( new THREE.PlaneGeometry( 1.2, 1.2 ), m );
		card.rotation.x = - Math.PI / 2;
		card.position.set( x, 0.9, 0 );
		card.castShadow = true;
		scene.add( card );

	} );
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
