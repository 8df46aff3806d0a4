// The procedural HDR equirectangular image of the env_* cases: 128×64 linear RGB texels, row 0
// at the bottom (v = 0, straight down), every value a multiple of 1/256 under 2048 so that it is
// exact in half float (the DataTexture is HalfFloatType). A sky gradient that brightens toward
// the zenith and reddens toward +u, a checkered brown ground, and a sun disk of radius 3 texels
// at texel (88, 48). tests/three_cases/scenes_envmap.rs's env_image() must stay the same.
export const ENV_W = 128;
export const ENV_H = 64;

export function envTexel( x, y ) {

	const dx = x - 88, dy = y - 48;
	if ( dx * dx + dy * dy <= 9 ) return [ 32, 30, 28 ];
	if ( y >= 32 ) {

		const t = y - 32;
		return [ ( 32 + 2 * t + ( x >> 2 ) ) / 256, ( 80 + 3 * t ) / 256, ( 160 + 4 * t ) / 256 ];

	}
	const check = ( ( x >> 3 ) + ( y >> 3 ) ) % 2 === 1 ? 32 : 0;
	return [ ( 96 + check + ( x >> 2 ) ) / 256, ( 64 + check ) / 256, 32 / 256 ];

}

export function envTexture( THREE ) {

	const data = new Uint16Array( ENV_W * ENV_H * 4 );
	for ( let y = 0; y < ENV_H; y ++ ) {

		for ( let x = 0; x < ENV_W; x ++ ) {

			const [ r, g, b ] = envTexel( x, y );
			const k = ( y * ENV_W + x ) * 4;
			data[ k ] = THREE.DataUtils.toHalfFloat( r );
			data[ k + 1 ] = THREE.DataUtils.toHalfFloat( g );
			data[ k + 2 ] = THREE.DataUtils.toHalfFloat( b );
			data[ k + 3 ] = THREE.DataUtils.toHalfFloat( 1 );

		}

	}
	const t = new THREE.DataTexture( data, ENV_W, ENV_H, THREE.RGBAFormat, THREE.HalfFloatType );
	t.mapping = THREE.EquirectangularReflectionMapping;
	t.colorSpace = THREE.LinearSRGBColorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = THREE.LinearFilter;
	t.generateMipmaps = false;
	t.wrapS = t.wrapT = THREE.ClampToEdgeWrapping;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}
