// PHYSICAL transmission on top of the layers that depend on or lie over the diffuse light
// (R-SCREEN-3): over the checker and box of transmission_sphere, five spheres (radius 0.38,
// thickness 0.8, ior 1.5): metalness 0.4; a clearcoat 0.8 (clearcoatRoughness 0.2) on roughness
// 0.5; sheen 1 (sheenColor 0xff88cc, sheenRoughness 0.5); metalnessNode = uv().y · 0.8; and a
// MeshSSSNodeMaterial (transmission 0.9) whose thickness scattering adds to the direct diffuse
// light. three.js mixes the transmitted light into the total diffuse light (diffuseContribution,
// after metalness) before the model's finish, which lays the clearcoat over it.
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE, TSL } ) {

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
	box.position.set( 0.2, 0.1, - 0.6 );
	box.rotation.set( 0.4, 0.6, 0 );
	scene.add( box );
	const glass = {
		transmission: 1, thickness: 0.8, ior: 1.5,
		attenuationColor: new THREE.Color( 0xffaa55 ), attenuationDistance: 1.5,
	};
	const metalNode = new THREE.MeshPhysicalNodeMaterial( { ...glass, color: 0xffddaa, roughness: 0.3 } );
	metalNode.metalnessNode = TSL.uv().y.mul( 0.8 );
	const sss = new THREE.MeshSSSNodeMaterial( { ...glass, transmission: 0.9, color: 0xffeedd, roughness: 0.4 } );
	sss.thicknessColorNode = TSL.vec3( 0.9, 0.4, 0.2 );
	sss.thicknessAmbientNode = TSL.float( 0.4 );
	sss.thicknessAttenuationNode = TSL.float( 0.5 );
	const materials = [
		[ new THREE.MeshPhysicalNodeMaterial( { ...glass, color: 0xffffff, roughness: 0.25, metalness: 0.4 } ), - 0.8, 0.45 ],
		[ new THREE.MeshPhysicalNodeMaterial( { ...glass, color: 0xccffdd, roughness: 0.5, clearcoat: 0.8, clearcoatRoughness: 0.2 } ), 0, 0.45 ],
		[ new THREE.MeshPhysicalNodeMaterial( { ...glass, color: 0xffffff, roughness: 0.3, sheen: 1, sheenColor: 0xff88cc, sheenRoughness: 0.5 } ), 0.8, 0.45 ],
		[ metalNode, - 0.45, - 0.45 ],
		[ sss, 0.45, - 0.45 ],
	];
	const geometry = new THREE.SphereGeometry( 0.38, 32, 16 );
	for ( const [ material, x, y ] of materials ) {

		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( x, y, 0.3 );
		scene.add( mesh );

	}
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0x404040, 1 ) );
	return { scene, camera, width: W, height: H };

}
