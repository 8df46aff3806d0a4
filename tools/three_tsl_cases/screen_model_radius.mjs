// modelRadius (R-VAL-14), as tests/screen_oracle.rs draws it: two 1 × 1 planes sharing one
// MeshBasicNodeMaterial with colorNode vec3( modelRadius · 0.25, 0.5, 0 ), the one at x = −1
// scaled by (2, 1, 1), the other at x = +1, under an orthographic camera 4 × 2 wide at z = 5,
// on a 64 × 32 canvas.
export const W = 64;
export const H = 32;
export default function ( { THREE, TSL } ) {

	const { vec3, modelRadius } = TSL;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = vec3( modelRadius.mul( 0.25 ), 0.5, 0 );
	const scene = new THREE.Scene();
	const geometry = new THREE.PlaneGeometry( 1, 1 );
	const wide = new THREE.Mesh( geometry, material );
	wide.position.x = - 1;
	wide.scale.set( 2, 1, 1 );
	scene.add( wide );
	const plain = new THREE.Mesh( geometry, material );
	plain.position.x = 1;
	scene.add( plain );
	const camera = new THREE.OrthographicCamera( - 2, 2, 1, - 1, 0.5, 10 );
	camera.position.z = 5;
	return { scene, camera, width: W, height: H };

}
