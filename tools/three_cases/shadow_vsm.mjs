// VSM shadows from a directional light: a STANDARD floor that receives (so VSM draws it into the
// map too) and a STANDARD box that casts (0x88aa44); DirectionalLight(0xffffff, 3) at (-1, 3, 2)
// with a 256² map, camera ±2, radius 4, blurSamples 8; AmbientLight(0xffffff, 0.4).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 4 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.8, 0.8, 0.8 ), new THREE.MeshStandardNodeMaterial( { color: 0x88aa44, roughness: 0.5 } ) );
	box.position.set( 0, 0.7, 0 );
	box.rotation.y = 0.5;
	box.castShadow = true;
	scene.add( box );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( - 1, 3, 2 );
	sun.castShadow = true;
	sun.shadow.mapSize.set( 256, 256 );
	sun.shadow.camera.left = - 2;
	sun.shadow.camera.right = 2;
	sun.shadow.camera.top = 2;
	sun.shadow.camera.bottom = - 2;
	sun.shadow.radius = 4;
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;
			renderer.shadowMap.type = THREE.VSMShadowMap;

		},
	};

}
