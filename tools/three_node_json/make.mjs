// Writes tests/fixtures/node_json/: the node JSON that real three.js r187 writes, for
// tests/node_json.rs. Runs under Node.js with the three r187 package (no browser: toJSON needs no
// renderer):
//
//   npm pack three@0.187.0 && tar xzf three-0.187.0.tgz   # gives package/
//   THREE_DIR=$PWD/package node tools/three_node_json/make.mjs
//
// Each `cases` entry imports a case of tools/three_cases/ and writes `scene.toJSON()`, so the
// Rust test can render what three.js's JSON says against that case's committed canvas. Each
// `materials` entry builds one NodeMaterial with TSL and writes `material.toJSON()`. uuids are
// three's random ones, so a run rewrites every file.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname( fileURLToPath( import.meta.url ) );
const root = join( here, '..', '..' );
const threeDir = process.env.THREE_DIR;
if ( ! threeDir ) {

	console.error( 'set THREE_DIR to an unpacked three@0.187.0 package (see the header)' );
	process.exit( 1 );

}

const THREE = await import( pathToFileURL( join( threeDir, 'build/three.webgpu.js' ) ) );
const TSL = await import( pathToFileURL( join( threeDir, 'build/three.tsl.js' ) ) );
if ( THREE.REVISION !== '187' ) throw new Error( `three r${ THREE.REVISION }: the fixtures are r187's` );
const out = join( root, 'tests/fixtures/node_json' );
mkdirSync( out, { recursive: true } );
// ONLY=name,name writes just those files (by name before the first dot), leaving the others'
// uuids as they are.
const only = process.env.ONLY ? new Set( process.env.ONLY.split( ',' ) ) : null;
const write = ( name, json ) => {

	if ( only === null || only.has( name.split( '.' )[ 0 ] ) ) writeFileSync( join( out, name ), JSON.stringify( json, null, 1 ) + '\n' );

};

// three's cases whose scenes the Rust test renders from the JSON (graph_nodes: a refusal, its
// outputNode reads TSL's `output`, a PropertyNode, and its positionNode `normalLocal`).
// The physical and transmission cases: plain MeshPhysicalNodeMaterials, whose JSON is
// Material.toJSON()'s fields (sheen, iridescence, transmission, ...), no nodes. The cases that set
// `ior` are not here: r187's toJSON writes no ior for a physical material.
const cases = [ 'unlit_color_node', 'mask_opacity', 'outputs_alpha_test', 'sss_thickness', 'attribute_color', 'graph_nodes',
	'physical_sheen', 'physical_iridescence', 'physical_anisotropy', 'transmission_sphere' ];
for ( const name of cases ) {

	const { default: build } = await import( pathToFileURL( join( root, 'tools/three_cases', name + '.mjs' ) ) );
	write( name + '.scene.json', build( { THREE, TSL } ).scene.toJSON() );

}

const T = TSL;
// A 2×2 RGBA8 sRGB DataTexture, offset and repeated, so its uv transform shows.
const texture = new THREE.DataTexture( new Uint8Array( [ 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255 ] ), 2, 2 );
texture.colorSpace = THREE.SRGBColorSpace;
texture.offset.set( 0.25, 0.125 );
texture.repeat.set( 2, 1.5 );
texture.rotation = 0.3;
texture.wrapS = texture.wrapT = THREE.RepeatWrapping;
texture.needsUpdate = true;

// The case cube_texture's CubeTexture (six 2×2 RGBA8 faces, nearest) and 3-layer
// DataArrayTexture, for the cube_texture and array_texture materials.
const { cubeBytes, arrayBytes } = await import( pathToFileURL( join( root, 'tools/three_cases/cube_texture.mjs' ) ) );
const faceBytes = cubeBytes();
const cube = new THREE.CubeTexture( [ 0, 1, 2, 3, 4, 5 ].map( ( f ) => ( { data: new Uint8Array( faceBytes.slice( f * 16, f * 16 + 16 ) ), width: 2, height: 2 } ) ) );
cube.magFilter = cube.minFilter = THREE.NearestFilter;
cube.generateMipmaps = false;
const layers = new THREE.DataArrayTexture( new Uint8Array( arrayBytes() ), 2, 2, 3 );
layers.format = THREE.RGBAFormat;

const materials = {

	// Every class of node_json_type_names(): Const (float, vec2, vec3, vec4, color), Uniform,
	// Operator, Math, Split, Join, Convert, Attribute (uv, position), VertexColor, Texture, Var,
	// Varying (of a value, and inside positionLocal), SubBuild (inside positionLocal), Conditional,
	// FrontFacing.
	classes: () => {

		const m = new THREE.MeshStandardNodeMaterial();
		const k = T.uniform( 0.75 );
		const u = T.uv().toVar();
		const wave = T.sin( u.x.mul( 6 ).add( k ) ).mul( 0.5 ).add( 0.5 );
		const tint = T.mix( T.color( 0xff8040 ), T.vec3( 0.1, 0.3, 0.9 ), wave );
		const picked = T.select( u.y.greaterThan( 0.5 ), tint, T.vertexColor().rgb );
		m.colorNode = T.vec4( picked.mul( T.texture( texture ).rgb ), T.clamp( u.y.add( 0.25 ), 0, 1 ) );
		m.emissiveNode = T.vec3( T.fract( T.vec2( 1.5, 2.25 ).mul( u ) ), T.frontFacing.select( T.varying( u.x.mul( 0.1 ) ), T.float( 0 ) ) ).mul( 0.2 );
		m.roughnessNode = T.smoothstep( 0.2, 0.8, T.length( u.sub( 0.5 ) ) );
		m.metalnessNode = T.vec4( 0.25, 0.5, 0.75, 1 ).x;
		m.opacityNode = T.float( T.abs( T.vec3( T.dot( u, u ) ).y ) );
		m.positionNode = T.positionLocal.add( T.vec3( 0, 0, k.mul( 0.1 ) ) );
		return m;

	},
	// CubeTextureNode: by its default direction (reflectVector, no uvNode written) and by a
	// direction from uv().
	cube_texture: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		const toward = T.vec3( T.uv().sub( 0.5 ), 0.6 );
		m.colorNode = T.cubeTexture( cube ).rgb.mul( 0.5 ).add( T.cubeTexture( cube, toward ).rgb.mul( 0.5 ) );
		return m;

	},
	// A DataArrayTexture's layer by TextureNode's depthNode.
	array_texture: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = T.texture( layers, T.uv() ).depth( T.uv().x.mul( 3 ) );
		return m;

	},
	// normalNode in view space, on a basic material whose colour shows it.
	normal_view: () => {

		const m = new THREE.MeshLambertNodeMaterial();
		m.normalNode = T.normalize( T.vec3( 0.3, 0.2, 1 ) );
		m.colorNode = T.color( 0x80c0ff );
		return m;

	},
	// TSL's `time`: a UniformNode whose name and update three.js does not write.
	time: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = T.vec3( T.sin( T.time ), 0, 0 );
		return m;

	},
	// A custom attribute: refused unless its type is declared.
	custom_attribute: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = T.vec3( T.attribute( 'tone', 'float' ) );
		return m;

	},
	// Refusals.
	refuse_bodiless: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = T.positionWorld.mul( 0.5 );
		return m;

	},
	refuse_class: () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = T.vec3( T.screenUV, 0 );
		return m;

	},
	refuse_clearcoat: () => {

		const m = new THREE.MeshPhysicalNodeMaterial();
		m.colorNode = T.color( 0xffffff );
		m.clearcoatNode = T.float( 1 );
		return m;

	},
};
const reads = {
	bias: ( t ) => t.bias( 1 ),
	compare: ( t ) => t.compare( 0.5 ),
	grad: ( t ) => t.grad( T.vec2( 0.1 ), T.vec2( 0.1 ) ),
	gather: ( t ) => t.gather( 0 ),
	offset: ( t ) => t.offset( T.ivec2( 1, 1 ) ),
	level: ( t ) => t.level( 1 ),
};
for ( const [ name, read ] of Object.entries( reads ) ) {

	materials[ 'refuse_texture_' + name ] = () => {

		const m = new THREE.MeshBasicNodeMaterial();
		m.colorNode = read( T.texture( texture ) ).rgb;
		return m;

	};

}

for ( const [ name, build ] of Object.entries( materials ) ) write( name + '.material.json', build().toJSON() );
console.log( 'wrote', Object.keys( materials ).length, 'materials,', cases.length, 'scenes and a node to', out );

// What Node.toJSON() writes for one node (NodeLoader.parse): unlit_color_node's colour.
write( 'mix.node.json', T.mix( T.color( 0xff8040 ), T.color( 0x2060ff ), T.uv().x ).toJSON() );
