// three.js's webgpu_materials.html, its BASIC row as examples/tsl_materials.rs ports it:
// MeshBasicNodeMaterial with colorNode = positionWorld, normalWorld, normalView on three unit
// spheres (64 × 32 segments) at x = −2.5, 0, 2.5 on a 0x303030 background, seen along −z by an
// orthographic camera 9 wide and 3 high (the page's teapots become spheres).
export const W = 96;
export const H = 32;
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x303030 );
	const nodes = [ TSL.positionWorld, TSL.normalWorld, TSL.normalView ];
	const geometry = new THREE.SphereGeometry( 1, 64, 32 );
	nodes.forEach( ( node, index ) => {

		const material = new THREE.MeshBasicNodeMaterial();
		material.colorNode = node;
		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.x = ( index - 1 ) * 2.5;
		scene.add( mesh );

	} );
	const camera = new THREE.OrthographicCamera( - 4.5, 4.5, 1.5, - 1.5, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	return { scene, camera, width: W, height: H };

}
