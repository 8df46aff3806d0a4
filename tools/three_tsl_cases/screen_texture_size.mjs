// textureSize (R-VAL-16), as tests/screen_oracle.rs draws it: a 1 × 1 plane filling an
// orthographic view whose colorNode is vec3( textureSize( texture( map ) ) / 100, 0.5 ), map a
// 16 × 8 DataTexture, on a 16 × 16 canvas.
export const W = 16;
export const H = 16;
export default function ( { THREE, TSL } ) {

	const { vec3, float, texture, textureSize } = TSL;
	const map = new THREE.DataTexture( new Uint8Array( 16 * 8 * 4 ).fill( 255 ), 16, 8 );
	map.needsUpdate = true;
	const size = textureSize( texture( map ) );
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = vec3( float( size.x ).div( 100 ), float( size.y ).div( 100 ), 0.5 );
	const scene = new THREE.Scene();
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material ) );
	const camera = new THREE.OrthographicCamera( - 0.5, 0.5, 0.5, - 0.5, 0.1, 10 );
	camera.position.z = 1;
	return { scene, camera, width: W, height: H };

}
