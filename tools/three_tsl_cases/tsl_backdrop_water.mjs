// three.js's webgpu_backdrop_water.html, the water's colour, as examples/tsl_backdrop_water.rs
// ports it: two layers of Worley noise over positionWorld.xzy moving with the timer, mixed between
// two blues, on a 4 × 4 patch of the floor seen straight down by an orthographic camera that frames
// it (+x right, −z up). The timer is timerLocal( .8 ) at 2 s, given as a uniform (the oracle cannot
// set three.js's clock): tests/tsl_oracle.rs draws ours with Renderer.time = 2. The backdrop pass
// (refraction through the viewport's depth and colour) is not in the port and not here.
export const W = 64;
export const H = 64;
export const TIME = 2.0;
export default function ( { THREE, TSL } ) {

	const { uniform, positionWorld, mx_worley_noise_float, color } = TSL;
	const timer = uniform( TIME ).mul( .8 );
	const floorUV = positionWorld.xzy;
	const waterLayer0 = mx_worley_noise_float( floorUV.mul( 4 ).add( timer ) );
	const waterLayer1 = mx_worley_noise_float( floorUV.mul( 2 ).add( timer ) );
	const waterIntensity = waterLayer0.mul( waterLayer1 );
	const waterColor = waterIntensity.mul( 1.4 ).mix( color( 0x0487e2 ), color( 0x74ccf4 ) );
	const waterMaterial = new THREE.MeshBasicNodeMaterial();
	waterMaterial.colorNode = waterColor;
	const water = new THREE.Mesh( new THREE.PlaneGeometry( 4, 4 ), waterMaterial );
	water.rotation.x = - Math.PI / 2;
	const scene = new THREE.Scene();
	scene.add( water );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 10 );
	camera.position.set( 0, 5, 0 );
	camera.up.set( 0, 0, - 1 );
	camera.lookAt( 0, 0, 0 );
	return { scene, camera, width: W, height: H };

}
