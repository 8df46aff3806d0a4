// billboarding (R-VAL-15), as tests/screen_oracle.rs draws it: a 1 × 1 plane at (0.5, 0.3, 0)
// turned 1.2 rad round y, whose vertexNode is billboarding() (horizontal, not vertical) and
// colorNode vec3( uv(), 0.5 ), seen by a 50° perspective camera at (0.8, 0.6, 3) looking at
// the origin, on a 64 × 64 canvas.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { vec3, uv, billboarding } = TSL;
	const material = new THREE.MeshBasicNodeMaterial();
	material.vertexNode = billboarding();
	material.colorNode = vec3( uv(), 0.5 );
	const scene = new THREE.Scene();
	const mesh = new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material );
	mesh.position.set( 0.5, 0.3, 0 );
	mesh.rotation.y = 1.2;
	scene.add( mesh );
	const camera = new THREE.PerspectiveCamera( 50, 1, 0.1, 10 );
	camera.position.set( 0.8, 0.6, 3 );
	camera.lookAt( 0, 0, 0 );
	return { scene, camera, width: W, height: H };

}
