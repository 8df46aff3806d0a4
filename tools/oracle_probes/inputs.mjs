// The points every noise probe evaluates: [x, y, z, w] float32 quadruples, deterministic.
// 2D functions read .xy, 3D .xyz, 4D all four. Categories (all four components share the
// category unless noted): worked examples of the reference, signed zeros, integer lattice
// points, half-integers, near-integers (k +- 1 ulp, k +- 2^-20), small magnitudes, large
// magnitudes (up to 2.1e9, below 2^31 so int(floor(x)) is defined), mixed, and uniform random.

// A small deterministic generator of floats in [0, 1) (mulberry32), shared by the probes.
export function mulberry32( seed ) {

	return () => {

		seed = ( seed + 0x6D2B79F5 ) | 0;
		let t = seed;
		t = Math.imul( t ^ ( t >>> 15 ), t | 1 );
		t ^= t + Math.imul( t ^ ( t >>> 7 ), t | 61 );
		return ( ( t ^ ( t >>> 14 ) ) >>> 0 ) / 4294967296;

	};

}

const f = Math.fround;

// maxAbs: drop points with a component above it (the fractal probe multiplies p by
// lacunarity^(octaves-1), which must stay below 2^31).
export function noiseInputs( { maxAbs = Infinity } = {} ) {

	const rnd = mulberry32( 0x7151 );
	const pick = ( a ) => a[ Math.floor( rnd() * a.length ) ];
	const sign = () => ( rnd() < 0.5 ? - 1 : 1 );
	const int = ( lo, hi ) => lo + Math.floor( rnd() * ( hi - lo + 1 ) );
	const uni = ( lo, hi ) => f( lo + ( hi - lo ) * rnd() );
	const q = ( g ) => [ g(), g(), g(), g() ];
	const pts = [];

	// worked examples (R-NOISE-7, docs/requirements.md) and signed zeros
	pts.push( [ 3.7, 1.2, 0, 0 ], [ - 0.25, 10.75, 0, 0 ], [ 1.3, - 2.7, 0.25, 0 ], [ 0.5, 0.5, 0.5, 0 ],
		[ 0.5, 0.25, 0, 0 ], [ 0, 0, 0, 0 ], [ - 0, - 0, - 0, - 0 ], [ - 0, 0.5, - 0, 0.5 ], [ 0.5, - 0, 0.25, - 0 ] );

	for ( let i = 0; i < 20; i ++ ) pts.push( q( () => int( - 6, 6 ) ) ); // lattice
	for ( let i = 0; i < 20; i ++ ) pts.push( q( () => int( - 6, 6 ) + 0.5 ) ); // halves
	const nearInt = () => { const k = int( - 4, 4 ); const e = pick( [ 1, 1, 16 ] ) * Math.pow( 2, - 24 ) * Math.max( 1, Math.abs( k ) ); return f( k + sign() * e ); };
	for ( let i = 0; i < 16; i ++ ) pts.push( q( nearInt ) );
	const small = () => sign() * pick( [ 1e-3, 1e-5, 1e-7, 1e-9, 1e-20, 1e-37, 2.5e-4 ] );
	for ( let i = 0; i < 16; i ++ ) pts.push( q( small ) );
	const LARGE = [ 1000.5, 1000.25, 1000.75, 4096.75, 65536.5, 123456.789, 1000000.25, 8388607.5,
		16777215, 16777217, 3e7, 1e8, 123456789, 2.1e9, 1234.5678, 9999.99 ];
	const large = () => sign() * pick( LARGE );
	for ( let i = 0; i < 24; i ++ ) pts.push( q( large ) );
	const anyCat = () => pick( [ () => int( - 6, 6 ), () => int( - 6, 6 ) + 0.5, nearInt, small, large, () => uni( - 8, 8 ) ] )();
	for ( let i = 0; i < 30; i ++ ) pts.push( q( anyCat ) ); // mixed categories
	for ( let i = 0; i < 20; i ++ ) pts.push( q( () => uni( - 1, 1 ) ) );
	for ( let i = 0; i < 100; i ++ ) pts.push( q( () => uni( - 8, 8 ) ) );
	for ( let i = 0; i < 16; i ++ ) pts.push( q( () => uni( - 300, 300 ) ) );

	return pts.map( ( p ) => p.map( f ) ).filter( ( p ) => p.every( ( v ) => Math.abs( v ) <= maxAbs ) );

}

// exprs from [ name, type, fn ] rows; the probe's notes carry each fn's source text.
// Naming: parameters given as uniforms (u(...)) reach the shader as run-time values, so the GLSL
// compiler cannot fold them; rows ending in _lit pass literals, as TSL's defaults do, and there
// the compiler folds constants (see README.md).
export function probe( inputs, rows ) {

	const exprs = {};
	const text = {};
	for ( const [ name, type, fn ] of rows ) {

		exprs[ name ] = { type, fn };
		text[ name ] = fn.toString();

	}

	return { inputs, exprs, notes: { exprs: text } };

}
