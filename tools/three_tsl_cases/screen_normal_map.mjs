// normalMap's tangent frame from derivatives (R-VAL-15), as tests/screen_oracle.rs draws it: a
// 2 × 2 plane turned −0.6 rad round x and 0.5 rad round y, seen by a 50° perspective camera at
// z = 3, with MeshBasicNodeMaterial's colorNode = normalMap( vec3( uv().x, uv().y, 1 ),
// vec2( 0.8 ) ) · 0.5 + 0.5 (the camera-space normal as a colour), on a 64 × 64 canvas.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { vec2, vec3, uv, normalMap } = TSL;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = normalMap( vec3( uv().x, uv().y, 1 ), vec2( 0.8 ) ).mul( 0.5 ).add( 0.5 );
	const scene = new THREE.Scene();
	const mesh = new THREE.Mesh( new THREE.PlaneGeometry( 2, 2 ), material );
	mesh.rotation.set( - 0.6, 0.5, 0 );
	scene.add( mesh );
	const camera = new THREE.PerspectiveCamera( 50, 1, 0.1, 10 );
	camera.position.z = 3;
	return { scene, camera, width: W, height: H };

}
