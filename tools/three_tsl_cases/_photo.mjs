// The 16 × 16 "photo" of examples/shared/photo.rs (sky, sun, hill, water), the same integer
// formulas, for the cases whose three.js pages load a picture that this repository does not have.
export const PHOTO_SIZE = 16;

export function photoBytes() {

	const n = PHOTO_SIZE;
	const out = [];
	for ( let y = 0; y < n; y ++ ) {

		const t = n - 1 - y;
		for ( let x = 0; x < n; x ++ ) {

			const hillTop = 8 + Math.trunc( ( x - 5 ) * ( x - 5 ) / 10 );
			let rgb;
			if ( ( x - 11 ) * ( x - 11 ) + ( t - 3 ) * ( t - 3 ) <= 5 ) rgb = [ 255, 214, 110 ];
			else if ( t >= 13 ) rgb = [ 30 + 2 * x, 90 + 4 * x, 150 + 5 * t ];
			else if ( t >= hillTop ) rgb = [ 50 + 6 * x, 170 - 5 * t, 40 + 3 * x ];
			else rgb = [ 70 + 8 * t, 120 + 9 * t, 235 - 3 * t ];
			out.push( ...rgb, 255 );

		}

	}

	return out;

}

// The photo as a DataTexture: flipY off, linear magnification, trilinear minification with
// mipmaps, clamped; `colorSpace` as the page's texture has it.
export function photoTexture( THREE, colorSpace ) {

	const t = new THREE.DataTexture( new Uint8Array( photoBytes() ), PHOTO_SIZE, PHOTO_SIZE, THREE.RGBAFormat );
	t.colorSpace = colorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = THREE.LinearMipmapLinearFilter;
	t.generateMipmaps = true;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}
