// ROUGHNESS_NODE and METALNESS_NODE under direct light (R-OUT-17): on a floor-facing camera,
// four spheres (radius 0.42, 32×16) lit by DirectionalLight(0xffffff, 3) at (2, 3, 4) and
// AmbientLight(0xffffff, 0.3), colour 0xcc8855 unless said:
// left back: MeshStandard, roughnessNode = uv().x · 0.9 + 0.05 (metalness 0);
// right back: MeshStandard roughness 0.35, metalnessNode = uv().y;
// left front: MeshPhysical clearcoat 0.6 (clearcoatRoughness 0.2), roughnessNode = uv().y ·
// 0.8 + 0.1 and metalnessNode = uv().x (clearcoat keeps its own roughness);
// right front: MeshStandard roughness 0.9 metalness 0.8 with roughnessMap and metalnessMap (the
// 8×8 checker, linear data, nearest filter, no mipmaps: roughness · map.g, metalness · map.b).
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202428 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.6, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const geometry = new THREE.SphereGeometry( 0.42, 32, 16 );
	const a = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, metalness: 0 } );
	a.roughnessNode = TSL.uv().x.mul( 0.9 ).add( 0.05 );
	const b = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, roughness: 0.35 } );
	b.metalnessNode = TSL.uv().y;
	const c = new THREE.MeshPhysicalNodeMaterial( { color: 0x5588cc, clearcoat: 0.6, clearcoatRoughness: 0.2 } );
	c.roughnessNode = TSL.uv().y.mul( 0.8 ).add( 0.1 );
	c.metalnessNode = TSL.uv().x;
	const map = dataTexture( THREE, 8, 8, checkerBytes(), { srgb: false, mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const d = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, roughness: 0.9, metalness: 0.8, roughnessMap: map, metalnessMap: map } );
	[ [ a, - 0.5, 0.45, - 0.4 ], [ b, 0.5, 0.45, - 0.4 ], [ c, - 0.5, - 0.45, 0.3 ], [ d, 0.5, - 0.45, 0.3 ] ].forEach( ( [ m, x, y, z ] ) => {

		const ball = new THREE.Mesh( geometry, m );
		ball.position.set( x, y, z );
		scene.add( ball );

	} );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 2, 3, 4 );
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.3 ) );
	return { scene, camera, width: W, height: H };

}
