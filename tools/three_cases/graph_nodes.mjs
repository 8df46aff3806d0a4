// The first graph (R-EX-1, docs/requirements.md) on STANDARD (roughness 0.4): colorNode =
// mix(vertexColor(), tint, sin(t·2)·0.5) with tint = color(255, 120, 40) and t = 1.5 (a uniform
// here: the oracle cannot set three.js's clock), outputNode = output.rgb · (1, 0.9, 0.8); on a
// sphere whose vertex colours follow its normals, and a plane with a positionNode lifting it along
// its normal by 0.3 and an emissiveNode.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x0e1016 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 1.2, 3.5 );
	camera.lookAt( 0, 0.4, 0 );
	const time = TSL.uniform( 1.5 );
	const tint = TSL.uniform( new THREE.Color( 255 / 255, 120 / 255, 40 / 255 ).convertSRGBToLinear() );
	const wave = TSL.sin( time.mul( 2 ) );
	const material = new THREE.MeshStandardNodeMaterial( { roughness: 0.4 } );
	material.colorNode = TSL.mix( TSL.vertexColor(), tint, wave.mul( 0.5 ) );
	material.outputNode = TSL.vec4( TSL.output.rgb.mul( TSL.vec3( 1, 0.9, 0.8 ) ), TSL.output.a );
	const sphere = new THREE.SphereGeometry( 0.8, 32, 16 );
	const n = sphere.attributes.normal;
	const colors = [];
	for ( let i = 0; i < n.count; i ++ ) colors.push( n.getX( i ) * 0.5 + 0.5, n.getY( i ) * 0.5 + 0.5, n.getZ( i ) * 0.5 + 0.5 );
	sphere.setAttribute( 'color', new THREE.Float32BufferAttribute( colors, 3 ) );
	const ball = new THREE.Mesh( sphere, material );
	ball.position.y = 0.8;
	scene.add( ball );
	const floorMaterial = new THREE.MeshStandardNodeMaterial( { color: 0x808890, roughness: 0.8 } );
	floorMaterial.positionNode = TSL.positionLocal.add( TSL.normalLocal.mul( 0.3 ) );
	floorMaterial.emissiveNode = TSL.vec3( TSL.uv().x.mul( 0.2 ), 0, TSL.uv().y.mul( 0.15 ) );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 4, 4 ), floorMaterial );
	floor.rotation.x = - Math.PI / 2;
	floor.position.y = - 0.3;
	scene.add( floor );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 3, 5, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
