// PHYSICAL `dispersion`: three r187's getIBLVolumeRefraction reads the opaque pass once per
// colour channel, at the iors ior ∓ (ior − 1) · dispersion · 0.025 (red the lower, blue the
// higher), each channel's ray, level and Beer's law its own, the alpha their mean. Two spheres
// over the checker and box of transmission_sphere: dispersion 8 (iors 1.4, 1.5, 1.6;
// roughness 0.3, thickness 1.2) and dispersion 3 with ior 1.7 (roughness 0.5, thickness 0.8,
// an orange attenuation), under a directional light.
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
	const left = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 32, 16 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xffffff, roughness: 0.3, metalness: 0, transmission: 1, thickness: 1.2, ior: 1.5,
		dispersion: 8,
	} ) );
	left.position.set( - 0.65, 0, 0.5 );
	scene.add( left );
	const right = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 32, 16 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xffffff, roughness: 0.5, metalness: 0, transmission: 1, thickness: 0.8, ior: 1.7,
		dispersion: 3, attenuationColor: new THREE.Color( 0xffaa55 ), attenuationDistance: 1.2,
	} ) );
	right.position.set( 0.65, - 0.1, 0.5 );
	scene.add( right );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
