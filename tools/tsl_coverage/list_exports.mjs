// Lists every export of three.js's src/nodes/TSL.js with the module that defines it, as
// `name<TAB>module` lines in TSL.js's order: the list docs/tsl-coverage.md classifies.
//
//   npm pack three@0.187.0 && tar xzf three-0.187.0.tgz
//   node tools/tsl_coverage/list_exports.mjs package/src/nodes > tools/tsl_coverage/exports.tsv
import fs from 'fs';
import path from 'path';

const dir = path.resolve( process.argv[ 2 ] );
const lines = fs.readFileSync( path.join( dir, 'TSL.js' ), 'utf8' ).split( '\n' );
const seen = new Set();
const out = [];
const add = ( name, module ) => {
	if ( name !== 'default' && ! seen.has( name ) ) {
		seen.add( name );
		out.push( `${name}\t${module}` );
	}
};
for ( const line of lines ) {
	let m = line.match( /^export \* from '\.\/(.*)';/ );
	if ( m ) {
		const module = await import( path.join( dir, m[ 1 ] ) );
		for ( const name of Object.keys( module ).sort() ) add( name, m[ 1 ] );
		continue;
	}
	m = line.match( /^export \{ (.*) \} from '\.\/(.*)';/ );
	if ( m ) {
		for ( const part of m[ 1 ].split( ',' ) ) {
			const words = part.trim().split( ' as ' );
			add( words[ words.length - 1 ].trim(), m[ 2 ] );
		}
	}
}
process.stdout.write( out.join( '\n' ) + '\n' );
