// The screen and object values (R-VAL-14), as tests/screen_oracle.rs draws them: two 1 × 1 planes
// at x = −1 and x = +1 sharing one MeshBasicNodeMaterial whose colorNode is
// vec3( modelPosition.x · 0.25 + 0.5, screenUV.y, cameraNear · 0.2 + screenUV.x · 0.5 ), under an
// orthographic camera 4 × 2 wide at z = 5 (near 0.5), on a 64 × 32 canvas.
export const W = 64;
export const H = 32;
export default function ( { THREE, TSL } ) {

	const { vec3, modelPosition, screenUV, cameraNear } = TSL;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = vec3(
		modelPosition.x.mul( 0.25 ).add( 0.5 ),
		screenUV.y,
		cameraNear.mul( 0.2 ).add( screenUV.x.mul( 0.5 ) )
	);
	const scene = new THREE.Scene();
	const geometry = new THREE.PlaneGeometry( 1, 1 );
	for ( const x of [ - 1, 1 ] ) {

		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.x = x;
		scene.add( mesh );

	}
	const camera = new THREE.OrthographicCamera( - 2, 2, 1, - 1, 0.5, 10 );
	camera.position.z = 5;
	return { scene, camera, width: W, height: H };

}
