// Shared by the case files: each default export builds one small scene with real three.js r187
// (WebGPURenderer on WebGL2, the oracle's default backend). tests/raster_three.rs builds the same
// scene in Rust and compares its pixels with the PNG these cases wrote.

export const W = 64;
export const H = 64;

// A DataTexture of RGBA8 bytes (rows from the first, v = 0, as flipY is false for data).
export function dataTexture( THREE, width, height, bytes, { srgb = true, repeat = false, mipmaps = true } = {} ) {

	const t = new THREE.DataTexture( new Uint8Array( bytes ), width, height, THREE.RGBAFormat );
	t.colorSpace = srgb ? THREE.SRGBColorSpace : THREE.NoColorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = mipmaps ? THREE.LinearMipmapLinearFilter : THREE.LinearFilter;
	t.generateMipmaps = mipmaps;
	t.wrapS = t.wrapT = repeat ? THREE.RepeatWrapping : THREE.ClampToEdgeWrapping;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}

// The bytes of the 8×8 test texture: a warm/cool checker with a gradient (see checker_bytes in
// tests/raster_three.rs, which must stay the same).
export function checkerBytes( alphaHoles = false ) {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) {

		for ( let x = 0; x < 8; x ++ ) {

			const odd = ( x + y ) % 2 === 1;
			const r = odd ? 230 : 30 + 20 * x;
			const g = odd ? 140 + 10 * y : 60;
			const b = odd ? 40 : 200;
			const a = alphaHoles ? ( ( x >> 1 ) + ( y >> 1 ) ) % 2 === 0 ? 255 : 40 : 255;
			out.push( r, g, b, a );

		}

	}

	return out;

}
