// bumpMap (R-VAL-15), as tests/screen_oracle.rs draws it: a 16 × 16 DataTexture (RGBA8, no colour
// space, linear filters, no mipmaps, flipY false) whose red is floor( ( x² + y² ) · 255 / 450 ),
// on a 2 × 2 plane turned −0.6 rad round x and 0.5 rad round y, seen by a 50° perspective camera
// at z = 3, with MeshBasicNodeMaterial's colorNode = bumpMap( texture( map ), 40 ) · 0.5 + 0.5
// (the bent camera-space normal as a colour), on a 64 × 64 canvas.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { texture, bumpMap } = TSL;
	const size = 16;
	const data = new Uint8Array( size * size * 4 );
	for ( let y = 0; y < size; y ++ ) {

		for ( let x = 0; x < size; x ++ ) {

			const i = 4 * ( y * size + x );
			data[ i ] = Math.floor( ( x * x + y * y ) * 255 / 450 );
			data[ i + 3 ] = 255;

		}

	}
	const map = new THREE.DataTexture( data, size, size );
	map.magFilter = THREE.LinearFilter;
	map.minFilter = THREE.LinearFilter;
	map.needsUpdate = true;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = bumpMap( texture( map ), 40 ).mul( 0.5 ).add( 0.5 );
	const scene = new THREE.Scene();
	const mesh = new THREE.Mesh( new THREE.PlaneGeometry( 2, 2 ), material );
	mesh.rotation.set( - 0.6, 0.5, 0 );
	scene.add( mesh );
	const camera = new THREE.PerspectiveCamera( 50, 1, 0.1, 10 );
	camera.position.z = 3;
	return { scene, camera, width: W, height: H };

}
