// The sky of the TSL lessons' third exercise (examples/sky.rs, docs/tsl-to-rust.md): three.js's
// webgl_lights_hemisphere sky as TSL, on the inside of a SphereGeometry(4000, 32, 15) (BackSide,
// MeshBasicNodeMaterial):
//   h = normalize(positionWorld + offset).y,  colorNode = mix(bottom, top, max(pow(max(h, 0), exponent), 0))
// with top 0x0077ff, bottom 0x000033, offset 33, exponent 0.6 (uniforms). Under it, as in that
// example, a LAMBERT ground at y = -33 and a STANDARD ball on it, lit by a HemisphereLight and a
// DirectionalLight; the camera looks a little above the horizon, so the dark bottom colour, the
// gradient and the blue top all show.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const { color, float, Fn, max, mix, normalize, positionWorld, pow, uniform } = TSL;
	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 1, 5000 );
	camera.position.set( 0, 0, 120 );
	camera.lookAt( 0, 25, 0 );

	const topColor = uniform( color( 0x0077ff ) );
	const bottomColor = uniform( color( 0x000033 ) );
	const offset = uniform( 33 );
	const exponent = uniform( 0.6 );
	const sky = new THREE.MeshBasicNodeMaterial( { side: THREE.BackSide } );
	sky.colorNode = Fn( () => {

		const h = normalize( positionWorld.add( offset ) ).y;
		return mix( bottomColor, topColor, max( pow( max( h, float( 0 ) ), exponent ), 0 ) );

	} )();
	scene.add( new THREE.Mesh( new THREE.SphereGeometry( 4000, 32, 15 ), sky ) );

	const ground = new THREE.Mesh( new THREE.PlaneGeometry( 10000, 10000 ), new THREE.MeshLambertNodeMaterial( { color: 0xc8b48c } ) );
	ground.rotation.x = - Math.PI / 2;
	ground.position.y = - 33;
	scene.add( ground );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 16, 32, 16 ), new THREE.MeshStandardNodeMaterial( { color: 0xe05a40, roughness: 0.5 } ) );
	ball.position.set( 0, - 17, 0 );
	scene.add( ball );

	scene.add( new THREE.HemisphereLight( 0x99bbff, 0xc08050, 1 ) );
	const sun = new THREE.DirectionalLight( 0xfff0dd, 1.5 );
	sun.position.set( - 1, 1.75, 1 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
