// Double-sided PHYSICAL transmission: three r187 puts a transmissive DoubleSide mesh in the
// renderer's `transparentDoublePass` list and draws its back faces first (side BackSide), which
// read `viewportMipTexture` copied after the opaque draws, then every transmissive front face
// (side FrontSide), which reads `viewportOpaqueMipTexture` copied after those back faces. A
// sphere (transmission 1, thickness 0.6, roughness 0.25, an orange attenuation) whose front
// faces see its own back faces; a pane turned past 90° (its back face towards the camera:
// drawn in the back-face pass alone, thickness 0.3, roughness 0.4); the checker, box and light
// of transmission_sphere.
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x203040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	camera.lookAt( 0, 0, 0 );
	const checker = dataTexture( THREE, 8, 8, checkerBytes(), { repeat: true, mipmaps: false } );
	checker.magFilter = THREE.NearestFilter;
	checker.minFilter = THREE.NearestFilter;
	checker.repeat.set( 4, 3 );
	const back = new THREE.Mesh( new THREE.PlaneGeometry( 3.2, 2.4 ), new THREE.MeshBasicNodeMaterial( { map: checker } ) );
	back.position.set( 0, 0, - 1 );
	scene.add( back );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.6, 0.6, 0.6 ), new THREE.MeshLambertNodeMaterial( { color: 0x33cc55 } ) );
	box.position.set( - 0.3, 0.3, - 0.6 );
	box.rotation.set( 0.4, 0.6, 0 );
	scene.add( box );
	const sphere = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 32, 16 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xffffff, roughness: 0.25, metalness: 0, transmission: 1, thickness: 0.6, ior: 1.5,
		attenuationColor: new THREE.Color( 0xffaa55 ), attenuationDistance: 1.2, side: THREE.DoubleSide,
	} ) );
	sphere.position.set( - 0.6, 0, 0.5 );
	scene.add( sphere );
	const pane = new THREE.Mesh( new THREE.PlaneGeometry( 0.9, 1.2 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xccddff, roughness: 0.4, metalness: 0, transmission: 0.9, thickness: 0.3, ior: 1.4,
		side: THREE.DoubleSide,
	} ) );
	pane.position.set( 0.7, 0, 0.4 );
	pane.rotation.y = Math.PI - 0.5;
	scene.add( pane );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
