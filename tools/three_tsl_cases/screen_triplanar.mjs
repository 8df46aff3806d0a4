// triplanarTexture (R-VAL-15), as tests/screen_oracle.rs draws it: a unit sphere (48 × 24
// segments) at the origin whose colorNode is triplanarTexture( texture( map ), null, null, 0.7,
// positionWorld, normalWorld ), map a 16 × 16 DataTexture (RGBA8, no colour space, linear
// filters, no mipmaps, repeat wrap, flipY false) of red 16x, green 16y, blue 128, seen by a 50°
// perspective camera at (1.5, 1, 2.5) looking at the origin, on a 64 × 64 canvas.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { texture, triplanarTexture, positionWorld, normalWorld, float } = TSL;
	const size = 16;
	const data = new Uint8Array( size * size * 4 );
	for ( let y = 0; y < size; y ++ ) {

		for ( let x = 0; x < size; x ++ ) {

			const i = 4 * ( y * size + x );
			data[ i ] = 16 * x;
			data[ i + 1 ] = 16 * y;
			data[ i + 2 ] = 128;
			data[ i + 3 ] = 255;

		}

	}
	const map = new THREE.DataTexture( data, size, size );
	map.magFilter = THREE.LinearFilter;
	map.minFilter = THREE.LinearFilter;
	map.wrapS = THREE.RepeatWrapping;
	map.wrapT = THREE.RepeatWrapping;
	map.needsUpdate = true;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = triplanarTexture( texture( map ), null, null, float( 0.7 ), positionWorld, normalWorld );
	const scene = new THREE.Scene();
	scene.add( new THREE.Mesh( new THREE.SphereGeometry( 1, 48, 24 ), material ) );
	const camera = new THREE.PerspectiveCamera( 50, 1, 0.1, 10 );
	camera.position.set( 1.5, 1, 2.5 );
	camera.lookAt( 0, 0, 0 );
	return { scene, camera, width: W, height: H };

}
