// three.js's webgpu_tsl_vfx_flames.html as examples/tsl_vfx_flames.rs ports it: the page's two
// colour nodes, as written (on r187, `x.step( edge )` is step( edge, x )), at TIME. The page's
// Voronoi and Perlin PNGs and its canvas gradient are replaced by DataTextures made by the same
// integer formulas as the port's (cellularBytes, perlinBytes, gradientBytes), without mip maps.
// The port has no sprites: each flame is a quad mesh (MeshBasicNodeMaterial, transparent,
// DoubleSide) whose bottom edge is at its position, with the page's vertexNode = billboarding().
// The camera is the page's, looking at (0, 0.5, 0).
export const W = 128;
export const H = 96;
export const TIME = 1.0;

const N = 32;

function hash( a, b, c ) {

	// The low byte of the products' XOR does not depend on how many bits the products keep.
	return ( ( a * 73856093 ) ^ ( b * 19349663 ) ^ ( c * 83492791 ) ) & 255;

}

function mod( a, n ) {

	return ( ( a % n ) + n ) % n;

}

function cellularBytes() {

	const cells = N / 8;
	const point = ( cx, cy ) => {

		const wx = mod( cx, cells ), wy = mod( cy, cells );
		return [ cx * 8 + hash( wx, wy, 0 ) % 8, cy * 8 + hash( wx, wy, 1 ) % 8 ];

	};
	const out = [];
	for ( let y = 0; y < N; y ++ ) for ( let x = 0; x < N; x ++ ) {

		let best = Infinity;
		for ( let dy = - 1; dy <= 1; dy ++ ) for ( let dx = - 1; dx <= 1; dx ++ ) {

			const [ px, py ] = point( Math.floor( x / 8 ) + dx, Math.floor( y / 8 ) + dy );
			best = Math.min( best, ( x - px ) ** 2 + ( y - py ) ** 2 );

		}
		const v = Math.min( best * 3, 255 );
		out.push( v, v, v, 255 );

	}
	return out;

}

function perlinBytes() {

	const cells = N / 8;
	const out = [];
	for ( let y = 0; y < N; y ++ ) for ( let x = 0; x < N; x ++ ) {

		const i = Math.floor( x / 8 ), j = Math.floor( y / 8 ), fx = x % 8, fy = y % 8;
		for ( let c = 0; c < 3; c ++ ) {

			const v = ( a, b ) => hash( a % cells, b % cells, c + 2 );
			const sum = v( i, j ) * ( 8 - fx ) * ( 8 - fy ) + v( i + 1, j ) * fx * ( 8 - fy ) + v( i, j + 1 ) * ( 8 - fx ) * fy + v( i + 1, j + 1 ) * fx * fy;
			out.push( Math.floor( sum / 64 ) );

		}
		out.push( 255 );

	}
	return out;

}

const GRADIENT = [ [ 0x09, 0x00, 0x33 ], [ 0x5f, 0x1f, 0x93 ], [ 0xe0, 0x2e, 0x96 ], [ 0xff, 0xbd, 0x80 ], [ 0xff, 0xf0, 0xdb ] ];

function gradientBytes() {

	const out = [];
	for ( let x = 0; x < 128; x ++ ) {

		const s = 2 * x + 1;
		const i = Math.floor( s / 64 ), rem = s % 64;
		for ( let c = 0; c < 3; c ++ ) out.push( Math.floor( ( GRADIENT[ i ][ c ] * ( 64 - rem ) + GRADIENT[ i + 1 ][ c ] * rem + 32 ) / 64 ) );
		out.push( 255 );

	}
	return out;

}

function dataTexture( THREE, width, height, bytes, srgb ) {

	const t = new THREE.DataTexture( new Uint8Array( bytes ), width, height, THREE.RGBAFormat );
	t.colorSpace = srgb ? THREE.SRGBColorSpace : THREE.NoColorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = THREE.LinearFilter;
	t.generateMipmaps = false;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}

export default function ( { THREE, TSL } ) {

	const { PI2, oneMinus, spherizeUV, sin, step, texture, uniform, Fn, uv, vec2, vec3, vec4, mix, billboarding } = TSL;
	const time = uniform( TIME );

	const cellularTexture = dataTexture( THREE, N, N, cellularBytes(), false );
	const perlinTexture = dataTexture( THREE, N, N, perlinBytes(), false );
	const gradient = { texture: dataTexture( THREE, 128, 1, gradientBytes(), true ) };

	const flame1Material = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide } );
	flame1Material.colorNode = Fn( () => {

		const mainUv = uv().toVar();
		mainUv.assign( spherizeUV( mainUv, 10 ).mul( 0.6 ).add( 0.2 ) );
		mainUv.assign( mainUv.pow( vec2( 1, 2 ) ) );
		mainUv.assign( mainUv.mul( 2, 1 ).sub( vec2( 0.5, 0 ) ) );
		const gradient1 = sin( time.mul( 10 ).sub( mainUv.y.mul( PI2 ).mul( 2 ) ) ).toVar();
		const gradient2 = mainUv.y.smoothstep( 0, 1 ).toVar();
		mainUv.x.addAssign( gradient1.mul( gradient2 ).mul( 0.2 ) );
		const cellularUv = mainUv.mul( 0.5 ).add( vec2( 0, time.negate().mul( 0.5 ) ) ).mod( 1 );
		const cellularNoise = texture( cellularTexture, cellularUv, 0 ).r.oneMinus().smoothstep( 0, 0.5 ).oneMinus();
		cellularNoise.mulAssign( gradient2 );
		const shape = mainUv.sub( 0.5 ).mul( vec2( 3, 2 ) ).length().oneMinus().toVar();
		shape.assign( shape.sub( cellularNoise ) );
		const gradientColor = texture( gradient.texture, vec2( shape.remap( 0, 1, 0, 1 ), 0 ) );
		const color = mix( gradientColor, vec3( 1 ), shape.step( 0.8 ).oneMinus() );
		const alpha = shape.smoothstep( 0, 0.3 );
		return vec4( color.rgb, alpha );

	} )();

	const flame2Material = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide } );
	flame2Material.colorNode = Fn( () => {

		const mainUv = uv().toVar();
		mainUv.assign( spherizeUV( mainUv, 10 ).mul( 0.6 ).add( 0.2 ) );
		mainUv.assign( mainUv.pow( vec2( 1, 3 ) ) );
		mainUv.assign( mainUv.mul( 2, 1 ).sub( vec2( 0.5, 0 ) ) );
		const perlinUv = mainUv.add( vec2( 0, time.negate().mul( 1 ) ) ).mod( 1 );
		const perlinNoise = texture( perlinTexture, perlinUv, 0 ).sub( 0.5 ).mul( 1 );
		mainUv.x.addAssign( perlinNoise.x.mul( 0.5 ) );
		const gradient1 = sin( time.mul( 10 ).sub( mainUv.y.mul( PI2 ).mul( 2 ) ) );
		const gradient2 = mainUv.y.smoothstep( 0, 1 );
		const gradient3 = oneMinus( mainUv.y ).smoothstep( 0, 0.3 );
		mainUv.x.addAssign( gradient1.mul( gradient2 ).mul( 0.2 ) );
		const displacementPerlinUv = mainUv.mul( 0.5 ).add( vec2( 0, time.negate().mul( 0.25 ) ) ).mod( 1 );
		const displacementPerlinNoise = texture( perlinTexture, displacementPerlinUv, 0 ).sub( 0.5 ).mul( 1 );
		const displacedPerlinUv = mainUv.add( vec2( 0, time.negate().mul( 0.5 ) ) ).add( displacementPerlinNoise ).mod( 1 );
		const displacedPerlinNoise = texture( perlinTexture, displacedPerlinUv, 0 ).sub( 0.5 ).mul( 1 );
		mainUv.x.addAssign( displacedPerlinNoise.mul( 0.5 ) );
		const cellularUv = mainUv.add( vec2( 0, time.negate().mul( 1.5 ) ) ).mod( 1 );
		const cellularNoise = texture( cellularTexture, cellularUv, 0 ).r.oneMinus().smoothstep( 0.25, 1 );
		const shape = mainUv.sub( 0.5 ).mul( vec2( 6, 1 ) ).length().step( 0.5 );
		shape.assign( shape.mul( cellularNoise ) );
		shape.mulAssign( gradient3 );
		shape.assign( step( 0.01, shape ) );
		return vec4( vec3( 1 ), shape );

	} )();

	flame1Material.vertexNode = billboarding();
	flame2Material.vertexNode = billboarding();

	const quad = new THREE.PlaneGeometry( 1, 1 );
	quad.translate( 0, 0.5, 0 );
	const flame1 = new THREE.Mesh( quad, flame1Material );
	flame1.scale.x = 0.5;
	flame1.position.x = - 0.5;
	const flame2 = new THREE.Mesh( quad, flame2Material );
	flame2.position.x = 0.5;

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x201919 );
	scene.add( flame1, flame2 );
	const camera = new THREE.PerspectiveCamera( 25, W / H, 0.1, 100 );
	camera.position.set( 1, 1, 3 );
	camera.lookAt( 0, 0.5, 0 );
	return { scene, camera, width: W, height: H };

}
