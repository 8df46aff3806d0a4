// three.js's webgpu_compute_texture.html as the page writes it: the plasma a compute shader writes
// into a 512 × 512 StorageTexture, shown by MeshBasicNodeMaterial on a 1 × 1 plane that fills an
// orthographic view; the compute pass runs in `configure`, after renderer.init().
//
// The oracle cannot render it: its WebGPURenderer runs on the WebGL2 backend, which has no storage
// textures, and the compute pass fails with
//   THREE.NodeBuilder: Uniform "storageTexture" not implemented.
// (the harness reads pixels through the WebGL context, so the WebGPU backend is not an option).
// render.sh skips this file (its name starts with "_"); tsl_compute_texture.mjs computes the same
// plasma per fragment instead. Run it alone to see the refusal:
//   (cd /tmp/oracle/three_oracle && node three_oracle.mjs render $PWD/_compute_texture_original.mjs)
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { Fn, instanceIndex, uvec2, float, vec4, textureStore, texture } = TSL;
	const width = 512, height = 512;
	const storageTexture = new THREE.StorageTexture( width, height );
	const computeTexture = Fn( ( { storageTexture } ) => {

		const posX = instanceIndex.mod( width );
		const posY = instanceIndex.div( width );
		const indexUV = uvec2( posX, posY );
		const x = float( posX ).div( 50.0 );
		const y = float( posY ).div( 50.0 );
		const v1 = x.sin();
		const v2 = y.sin();
		const v3 = x.add( y ).sin();
		const v4 = x.mul( x ).add( y.mul( y ) ).sqrt().add( 5.0 ).sin();
		const v = v1.add( v2, v3, v4 );
		const r = v.sin();
		const g = v.add( Math.PI ).sin();
		const b = v.add( Math.PI ).sub( 0.5 ).sin();
		textureStore( storageTexture, indexUV, vec4( r, g, b, 1 ) ).toWriteOnly();

	} );
	const computeNode = computeTexture( { storageTexture } ).compute( width * height );
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = texture( storageTexture );
	const scene = new THREE.Scene();
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material ) );
	const camera = new THREE.OrthographicCamera( - 0.5, 0.5, 0.5, - 0.5, 0.1, 10 );
	camera.position.z = 1;
	return {
		scene, camera, width: W, height: H,
		configure: async ( renderer ) => {

			await renderer.computeAsync( computeNode );

		},
	};

}
