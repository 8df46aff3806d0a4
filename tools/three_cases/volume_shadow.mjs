// VolumeNodeMaterial's shadows at each step: a 2.4×1.4×2.4 box of VolumeNodeMaterial (16 steps,
// offsetNode 0.5, scatteringNode a constant 1.5) that receives shadows, on a PHONG floor that
// receives them; a PHONG box (0.8) above the volume casts a shadow of a SpotLight(0xffffff, 40,
// 0, π/7, 0.2, 2) at (0.6, 3.6, 0.4) aimed at the origin (PCF, 256², radius 1) down through the
// volume onto the floor; AmbientLight(0xffffff, 0.25).
import { W, H } from './_common.mjs';

export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x0c1018 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0.5, 2.6, 4.6 );
	camera.lookAt( 0, 0.6, 0 );

	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshPhongNodeMaterial( { color: 0xbbbbbb, shininess: 20 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );

	const caster = new THREE.Mesh( new THREE.BoxGeometry( 0.8, 0.8, 0.8 ), new THREE.MeshPhongNodeMaterial( { color: 0xcc5533 } ) );
	caster.position.set( 0.1, 1.9, 0.05 );
	caster.rotation.set( 0.2, 0.5, 0 );
	caster.castShadow = true;
	scene.add( caster );

	const material = new THREE.VolumeNodeMaterial();
	material.steps = 16;
	material.offsetNode = TSL.float( 0.5 );
	material.scatteringNode = TSL.Fn( () => TSL.float( 1.5 ) );
	const volume = new THREE.Mesh( new THREE.BoxGeometry( 2.4, 1.4, 2.4 ), material );
	volume.position.set( 0, 0.7, 0 );
	volume.receiveShadow = true;
	scene.add( volume );

	const spot = new THREE.SpotLight( 0xffffff, 40, 0, Math.PI / 7, 0.2, 2 );
	spot.position.set( 0.6, 3.6, 0.4 );
	spot.castShadow = true;
	spot.shadow.mapSize.set( 256, 256 );
	scene.add( spot );
	scene.add( spot.target );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.25 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
