// ALPHA_TEST_NODE (R-OUT-18): three cards in front of a lit STANDARD box. Left: a BASIC
// double-sided card whose colorNode is vec4(orange, uv().y) and alphaTestNode = uv().x (a
// diagonal cut, alphaTest 0). Middle: a STANDARD card with the 8×8 checker with alpha holes
// (40/255, nearest, no mipmaps) as map and alphaTestNode = uv().y · 0.3 + 0.1 (holes where the
// threshold passes 40/255). Right: a LAMBERT card with alphaTest 0.9 and alphaTestNode 0.3
// (the node wins: opacityNode = uv().x leaves the right 70% drawn). DirectionalLight(0xffffff,
// 3) at (1, 2, 3), AmbientLight(0xffffff, 0.3).
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x223344 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3 );
	camera.lookAt( 0, 0, 0 );
	const plane = new THREE.PlaneGeometry( 0.75, 1.3 );
	const left = new THREE.MeshBasicNodeMaterial( { side: THREE.DoubleSide } );
	left.colorNode = TSL.vec4( TSL.color( 0xff8833 ), TSL.uv().y );
	left.alphaTestNode = TSL.uv().x;
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const middle = new THREE.MeshStandardNodeMaterial( { map, roughness: 0.6 } );
	middle.alphaTestNode = TSL.uv().y.mul( 0.3 ).add( 0.1 );
	const right = new THREE.MeshLambertNodeMaterial( { color: 0x66cc88, alphaTest: 0.9 } );
	right.alphaTestNode = TSL.float( 0.3 );
	right.opacityNode = TSL.uv().x;
	[ [ left, - 0.85, 0.3 ], [ middle, 0, - 0.25 ], [ right, 0.85, 0.3 ] ].forEach( ( [ m, x, ry ] ) => {

		const card = new THREE.Mesh( plane, m );
		card.position.x = x;
		card.rotation.y = ry;
		scene.add( card );

	} );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 2.4, 1, 0.5 ), new THREE.MeshStandardNodeMaterial( { color: 0xeeeeee, roughness: 0.5 } ) );
	box.position.set( 0, 0, - 1.2 );
	box.rotation.set( 0.3, 0.2, 0 );
	scene.add( box );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.3 ) );
	return { scene, camera, width: W, height: H };

}
