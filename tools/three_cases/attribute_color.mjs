// Custom attributes: a plane (3×3, 2×2 segments) whose colorNode reads two geometry attributes by
// name, `heat` (float) and `tint` (read as a vec4 from a buffer of three components, so its w is
// WebGL's default 1): mix(tint.xyz, orange, heat) · tint.w · 0.8, on MeshBasicNodeMaterial; and a
// Standard sphere whose emissiveNode reads `glow` (vec2), which its geometry lacks for the
// sphere's second copy (WebGL's default (0, 0, 0, 1) then).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.5, 4 );
	camera.lookAt( 0, 0, 0 );
	const plane = new THREE.PlaneGeometry( 3, 3, 2, 2 );
	const n = plane.attributes.position.count;
	const heat = [];
	const tint = [];
	for ( let i = 0; i < n; i ++ ) {

		heat.push( ( i % 4 ) / 3 );
		tint.push( 0.2 + ( i % 3 ) * 0.3, 1 - i / 8, ( i % 2 ) * 0.8 );

	}

	plane.setAttribute( 'heat', new THREE.Float32BufferAttribute( heat, 1 ) );
	plane.setAttribute( 'tint', new THREE.Float32BufferAttribute( tint, 3 ) );
	const flat = new THREE.MeshBasicNodeMaterial();
	const t = TSL.attribute( 'tint', 'vec4' );
	flat.colorNode = TSL.mix( t.xyz, TSL.color( 1, 0.5, 0 ), TSL.attribute( 'heat', 'float' ) ).mul( t.w.mul( 0.8 ) );
	const back = new THREE.Mesh( plane, flat );
	back.position.z = - 1;
	scene.add( back );
	const sphere = new THREE.SphereGeometry( 0.5, 24, 12 );
	const p = sphere.attributes.position;
	const glow = [];
	for ( let i = 0; i < p.count; i ++ ) glow.push( 0.5 + p.getY( i ), 0.5 - p.getX( i ) );
	const glowing = sphere.clone();
	glowing.setAttribute( 'glow', new THREE.Float32BufferAttribute( glow, 2 ) );
	const lit = new THREE.MeshStandardNodeMaterial( { roughness: 0.6, color: 0x336699 } );
	const g = TSL.attribute( 'glow', 'vec2' );
	lit.emissiveNode = TSL.vec3( g.x.mul( 0.6 ), g.y.mul( 0.3 ), 0.1 );
	const a = new THREE.Mesh( glowing, lit );
	a.position.set( - 0.6, 0, 0.5 );
	scene.add( a );
	const b = new THREE.Mesh( sphere, lit );
	b.position.set( 0.6, 0, 0.5 );
	scene.add( b );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 2, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
