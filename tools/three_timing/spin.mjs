// examples/spin.rs's scene in real three.js r187, timed: a STANDARD sphere (radius 0.9, 36×24
// segments, roughness 0.45) whose colour mixes two colours by sin(time) and whose position breathes
// along the normal, under an ambient and a directional light, turned 10° more about y each frame,
// time = 2π·i/36. `time_spin.sh` writes one small case per renderer and size that calls this.
//
// The timing runs in `configure(renderer)`, before the oracle's own renders: `warmup` frames (the
// shaders compile in the first), then `rounds` rounds of the 36 frames, each frame followed by a
// one-pixel readPixels so that it is finished (our renderer's frames are finished images too). The
// best round is in the case's JSON as `notes.msPerFrame` (as examples/spin.rs prints its best).

export default function spinTiming( { THREE, TSL, classic, width, height, rounds, warmup } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x0e1016 ); // sRGB (14, 16, 22)
	const camera = new THREE.PerspectiveCamera( 40, width / height, 0.1, 20 );
	camera.position.set( 0.2, 0.25, 3 );
	camera.lookAt( 0, 0, 0 );
	const orange = new THREE.Color( 0xff8c28 ); // sRGB (255, 140, 40), linear once read
	const blue = new THREE.Color( 0x286ee6 ); // sRGB (40, 110, 230)
	let setWave;
	let material;
	if ( classic ) {

		// The classic renderer has no nodes: the same colour and offset through its chunks.
		const wave = { value: 0 };
		material = new THREE.MeshStandardMaterial( { color: 0xffffff, roughness: 0.45, metalness: 0 } );
		material.onBeforeCompile = ( shader ) => {

			shader.uniforms.uWave = wave;
			shader.uniforms.uOrange = { value: new THREE.Vector3( orange.r, orange.g, orange.b ) };
			shader.uniforms.uBlue = { value: new THREE.Vector3( blue.r, blue.g, blue.b ) };
			shader.vertexShader = 'uniform float uWave;\n' + shader.vertexShader.replace(
				'#include <begin_vertex>',
				'#include <begin_vertex>\n\ttransformed += objectNormal * ( uWave * 0.08 );' );
			shader.fragmentShader = 'uniform float uWave;\nuniform vec3 uOrange;\nuniform vec3 uBlue;\n' + shader.fragmentShader.replace(
				'vec4 diffuseColor = vec4( diffuse, opacity );',
				'vec4 diffuseColor = vec4( diffuse * mix( uOrange, uBlue, ( uWave + 1.0 ) * 0.5 ), opacity );' );

		};
		setWave = ( w ) => { wave.value = w; };

	} else {

		const wave = TSL.uniform( 0 );
		material = new THREE.MeshStandardNodeMaterial();
		material.roughness = 0.45;
		material.colorNode = TSL.mix( TSL.color( orange ), TSL.color( blue ), wave.add( 1 ).mul( 0.5 ) );
		material.positionNode = TSL.positionLocal.add( TSL.normalLocal.mul( wave.mul( 0.08 ) ) );
		setWave = ( w ) => { wave.value = w; };

	}

	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.9, 36, 24 ), material );
	scene.add( ball );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.35 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.4 );
	sun.position.set( 0.8, 1.3, 1.6 ); // target at the origin
	scene.add( sun );

	const spec = {
		scene, camera, width, height,
		notes: {},
		async configure( renderer ) {

			const gl = classic ? renderer.getContext() : renderer.backend.gl;
			const pixel = new Uint8Array( 4 );
			const frame = ( i ) => {

				setWave( Math.sin( 2 * Math.PI * ( i % 36 ) / 36 ) );
				ball.rotation.y = ( 10 * ( i % 36 ) ) * Math.PI / 180;
				renderer.render( scene, camera );
				gl.readPixels( 0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel );

			};
			for ( let i = 0; i < warmup; i ++ ) frame( i );
			const each = [];
			for ( let r = 0; r < rounds; r ++ ) {

				const start = performance.now();
				for ( let i = 0; i < 36; i ++ ) frame( i );
				each.push( performance.now() - start );

			}
			const best = Math.min( ...each );
			spec.notes = { renderer: classic ? 'WebGLRenderer' : 'WebGPURenderer (WebGL2)', width, height, rounds: each, warmup, msPerFrame: best / 36 };

		},
	};
	return spec;

}
