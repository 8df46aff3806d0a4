// three.js's webgpu_tsl_coffee_smoke.html as examples/tsl_coffee_smoke.rs ports it: the page's
// smoke plane, position node (twist, wind) and colour node, at TIME (the page predates r187:
// tslFn and timerLocal are Fn and a time uniform here, and r187 has no rotateUV chain method:
// rotateUV( positionLocal.xz, ... )). The page's 128 × 128 Perlin PNG is
// replaced by a 32 × 32 DataTexture made by the same integer formula as the port's (noiseBytes;
// repeat wrapping, no mip maps). The port cannot read textures in a position node, so there, on
// both sides, the noise's red channel is noiseRed( uv ) = mx_noise_float( uv · 4, 0.5, 0.5 ); the
// colour node reads the texture as the page does. The coffee mug (coffeeMug.glb) is left out;
// black background; the page's camera and orbit target.
export const W = 72;
export const H = 96;
export const TIME = 2.0;

const N = 32;

function hash( a, b, c ) {

	return ( ( a * 73856093 ) ^ ( b * 19349663 ) ^ ( c * 83492791 ) ) & 255;

}

function noiseBytes() {

	const cells = N / 4;
	const out = [];
	for ( let y = 0; y < N; y ++ ) for ( let x = 0; x < N; x ++ ) {

		const i = Math.floor( x / 4 ), j = Math.floor( y / 4 ), fx = x % 4, fy = y % 4;
		const v = ( a, b ) => hash( a % cells, b % cells, 7 );
		const sum = v( i, j ) * ( 4 - fx ) * ( 4 - fy ) + v( i + 1, j ) * fx * ( 4 - fy ) + v( i, j + 1 ) * ( 4 - fx ) * fy + v( i + 1, j + 1 ) * fx * fy;
		const g = Math.floor( sum / 16 );
		out.push( g, g, g, 255 );

	}
	return out;

}

export default function ( { THREE, TSL } ) {

	const { mix, mul, rotateUV, positionLocal, smoothstep, texture, uniform, Fn, uv, vec2, vec3, vec4, mx_noise_float } = TSL;

	const smokeGeometry = new THREE.PlaneGeometry( 1, 1, 16, 64 );
	smokeGeometry.translate( 0, 0.5, 0 );
	smokeGeometry.scale( 1.5, 6, 1.5 );

	const noiseTexture = new THREE.DataTexture( new Uint8Array( noiseBytes() ), N, N, THREE.RGBAFormat );
	noiseTexture.colorSpace = THREE.NoColorSpace;
	noiseTexture.magFilter = THREE.LinearFilter;
	noiseTexture.minFilter = THREE.LinearFilter;
	noiseTexture.generateMipmaps = false;
	noiseTexture.flipY = false;
	noiseTexture.wrapS = THREE.RepeatWrapping;
	noiseTexture.wrapT = THREE.RepeatWrapping;
	noiseTexture.needsUpdate = true;

	const noiseRed = ( uvNode ) => mx_noise_float( uvNode.mul( 4 ), 0.5, 0.5 );

	const smokeMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, depthWrite: false } );
	const time = uniform( TIME );

	smokeMaterial.positionNode = Fn( () => {

		const twistNoiseUv = vec2( 0.5, uv().y.mul( 0.2 ).sub( time.mul( 0.005 ) ).mod( 1 ) );
		const twist = noiseRed( twistNoiseUv ).mul( 10 );
		positionLocal.xz.assign( rotateUV( positionLocal.xz, twist, vec2( 0 ) ) );
		const windOffset = vec2(
			noiseRed( vec2( 0.25, time.mul( 0.01 ) ).mod( 1 ) ).sub( 0.5 ),
			noiseRed( vec2( 0.75, time.mul( 0.01 ) ).mod( 1 ) ).sub( 0.5 ),
		).mul( uv().y.pow( 2 ).mul( 10 ) );
		positionLocal.addAssign( windOffset );
		return positionLocal;

	} )();

	smokeMaterial.colorNode = Fn( () => {

		const alphaNoiseUv = uv().mul( vec2( 0.5, 0.3 ) ).add( vec2( 0, time.mul( 0.03 ).negate() ) );
		const alpha = mul(
			texture( noiseTexture, alphaNoiseUv ).r.smoothstep( 0.4, 1 ),
			smoothstep( 0, 0.1, uv().x ),
			smoothstep( 1, 0.9, uv().x ),
			smoothstep( 0, 0.1, uv().y ),
			smoothstep( 1, 0.9, uv().y )
		);
		const finalColor = mix( vec3( 0.6, 0.3, 0.2 ), vec3( 1, 1, 1 ), alpha.pow( 3 ) );
		return vec4( finalColor, alpha );

	} )();

	const smoke = new THREE.Mesh( smokeGeometry, smokeMaterial );
	smoke.position.y = 1.83;
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	scene.add( smoke );
	const camera = new THREE.PerspectiveCamera( 25, W / H, 0.1, 100 );
	camera.position.set( 8, 10, 12 );
	camera.lookAt( 0, 3, 0 );
	return { scene, camera, width: W, height: H };

}
