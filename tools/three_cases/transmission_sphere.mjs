// PHYSICAL transmission: two transmissive spheres (transmission 1, thickness 1, ior 1.5, an
// orange attenuationColor at attenuationDistance 1.2) of roughness 0.2 (left) and 0.6 (right,
// transmission 0.8, a blue-grey colour) in front of a checker plane (a nearest-filtered 8×8
// DataTexture repeated 4×3) and an opaque LAMBERT box, under a directional light. three.js reads
// its opaque pass (viewportOpaqueMipTexture, a mip chain) bicubically at the refracted point, the
// level chosen by roughness and ior (PhysicalLightingModel's getIBLVolumeRefraction).
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
	const glass = ( color, roughness, transmission ) => new THREE.MeshPhysicalNodeMaterial( {
		color, roughness, metalness: 0, transmission, thickness: 1, ior: 1.5,
		attenuationColor: new THREE.Color( 0xffaa55 ), attenuationDistance: 1.2,
	} );
	const left = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 32, 16 ), glass( 0xffffff, 0.2, 1 ) );
	left.position.set( - 0.65, 0, 0.5 );
	scene.add( left );
	const right = new THREE.Mesh( new THREE.SphereGeometry( 0.55, 32, 16 ), glass( 0xaaccff, 0.6, 0.8 ) );
	right.position.set( 0.65, - 0.1, 0.5 );
	scene.add( right );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
