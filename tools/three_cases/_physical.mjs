// Shared by the physical_*.mjs cases: four spheres (radius 0.75) in a 2×2 grid seen by an
// orthographic camera, over a dark background, under a directional light, a point light,
// a hemisphere light and a weak ambient light. tests/three_cases/scenes_physical.rs builds the same.
import { W, H } from './_common.mjs';

export function physicalScene( THREE, materials ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	const geometry = new THREE.SphereGeometry( 0.75, 48, 24 );
	const places = [ [ - 0.95, 0.95 ], [ 0.95, 0.95 ], [ - 0.95, - 0.95 ], [ 0.95, - 0.95 ] ];
	materials.forEach( ( material, i ) => {

		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( places[ i ][ 0 ], places[ i ][ 1 ], 0 );
		scene.add( mesh );

	} );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( - 1, 2, 2 );
	scene.add( sun );
	const lamp = new THREE.PointLight( 0xffeedd, 6 );
	lamp.position.set( 1.5, 0.5, 2 );
	scene.add( lamp );
	scene.add( new THREE.HemisphereLight( 0x8899bb, 0x332211, 0.8 ) );
	scene.add( new THREE.AmbientLight( 0x404040, 0.5 ) );
	return { scene, camera, width: W, height: H };

}

// An 8×8 linear data texture whose texel (x, y) is f(x, y) as four bytes.
export function dataMap( THREE, f ) {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) out.push( ...f( x, y ) );
	const t = new THREE.DataTexture( new Uint8Array( out ), 8, 8, THREE.RGBAFormat );
	t.colorSpace = THREE.NoColorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = THREE.LinearMipmapLinearFilter;
	t.generateMipmaps = true;
	t.wrapS = t.wrapT = THREE.RepeatWrapping;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}
