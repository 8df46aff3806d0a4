// Turns three_oracle probe results (run with --bits) into the compact fixtures of
// tsl-core/tests/fixtures/noise/: input and output float32 bits as hex, one expression per line.
//   node to_fixture.mjs OUT_DIR/noise_perlin.json [...] --dest ../../tsl-core/tests/fixtures/noise
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
// The oracle's JSON writes -0 as 0, so the inputs are taken from the probe itself (run here with
// a stand-in TSL: the expression functions are not called) and checked against the recorded ones.
const stubTSL = new Proxy( {}, { get: () => () => null } );

const args = process.argv.slice( 2 );
const di = args.indexOf( '--dest' );
const dest = di >= 0 ? args.splice( di, 2 )[ 1 ] : '.';
const hex = ( v ) => {

	const b = new DataView( new ArrayBuffer( 4 ) );
	b.setFloat32( 0, typeof v === 'string' ? Number( v ) : v );
	return b.getUint32( 0 ).toString( 16 ).padStart( 8, '0' );

};
const strip = ( h ) => h.replace( /^0x/, '' );

for ( const file of args ) {

	const r = JSON.parse( fs.readFileSync( file, 'utf8' ) );
	if ( r.selfCheck.identityMaxAbsErr !== 0 ) throw new Error( `${ file }: identity check failed` );
	const name = path.basename( r.case ).replace( /\.m?js$/, '' );
	const spec = ( await import( pathToFileURL( path.join( HERE, path.basename( r.case ) ) ) ) ).default( { TSL: stubTSL } );
	const inputs = spec.inputs.map( ( v ) => [ ...v, 0, 0, 0, 0 ].slice( 0, 4 ).map( Math.fround ) );
	if ( inputs.length !== r.inputs.length || inputs.some( ( p, i ) => p.some( ( v, c ) => v !== r.inputs[ i ][ c ] ) ) )
		throw new Error( `${ file }: the probe's inputs differ from the recorded ones` );
	const lines = [];
	lines.push( '{' );
	lines.push( `"probe": ${ JSON.stringify( 'tools/oracle_probes/' + path.basename( r.case ) ) },` );
	lines.push( `"three": ${ JSON.stringify( r.three ) }, "chromium": ${ JSON.stringify( r.chromium ) },` );
	lines.push( `"renderer": ${ JSON.stringify( r.gl.renderer ) },` );
	lines.push( `"exprs": {` );
	const names = Object.keys( r.outputs );
	names.forEach( ( n, i ) => lines.push( `  ${ JSON.stringify( n ) }: ${ JSON.stringify( r.notes.exprs[ n ] ) }${ i + 1 < names.length ? ',' : '' }` ) );
	lines.push( '},' );
	lines.push( '"inputs": [' + inputs.map( ( p ) => JSON.stringify( p.map( hex ).join( ' ' ) ) ).join( ',' ) + '],' );
	lines.push( '"outputs": {' );
	names.forEach( ( n, i ) => {

		const bits = r.outputs[ n ].bits.map( ( b ) => JSON.stringify( Array.isArray( b ) ? b.map( strip ).join( ' ' ) : strip( b ) ) );
		lines.push( `${ JSON.stringify( n ) }: [${ bits.join( ',' ) }]${ i + 1 < names.length ? ',' : '' }` );

	} );
	lines.push( '}' );
	lines.push( '}' );
	const out = path.join( dest, name.replace( /^noise_/, '' ) + '.json' );
	fs.writeFileSync( out, lines.join( '\n' ) + '\n' );
	console.log( `${ out }: ${ inputs.length } points x ${ names.length } exprs` );

}
