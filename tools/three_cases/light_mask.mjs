// Light masks: two spheres under three lights (AmbientLight 0x404040 · 1, DirectionalLight white 2
// from (1, 1, 1), PointLight 0xff4020 · 6 at (-1.2, 0.6, 1.2)). The left sphere (MeshStandard
// 0xffffff, roughness 0.5) takes every light; the right one (MeshPhong 0xffffff) sets
// lightsNode = lights( [ directional ] ), so the ambient and the point light leave it dark.
// SphereGeometry(0.6, 32, 16) at x = ∓0.7.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.5 );
	camera.lookAt( 0, 0, 0 );
	const ambient = new THREE.AmbientLight( 0x404040, 1 );
	const directional = new THREE.DirectionalLight( 0xffffff, 2 );
	directional.position.set( 1, 1, 1 );
	const point = new THREE.PointLight( 0xff4020, 6 );
	point.position.set( - 1.2, 0.6, 1.2 );
	scene.add( ambient, directional, point );
	const sphere = new THREE.SphereGeometry( 0.6, 32, 16 );
	const all = new THREE.Mesh( sphere, new THREE.MeshStandardNodeMaterial( { color: 0xffffff, roughness: 0.5 } ) );
	all.position.x = - 0.7;
	const masked = new THREE.MeshPhongNodeMaterial( { color: 0xffffff } );
	masked.lightsNode = TSL.lights( [ directional ] );
	const one = new THREE.Mesh( sphere, masked );
	one.position.x = 0.7;
	scene.add( all, one );
	return { scene, camera, width: W, height: H };

}
