// VolumeNodeMaterial (steps 20, offsetNode 0.5) on a 2×2×2 box: scatteringNode reads the red of an
// 8×8×8 R8 Data3DTexture (linear filter, clamp) at positionRay · 0.25 + 0.5, times 2; lit by a
// PointLight(0xffaa66, 12, 0, 2) inside the box and a DirectionalLight (which a volume ignores),
// over a STANDARD floor. The texels are volumeBytes() (volume_bytes in
// tests/three_cases/scenes_volume.rs, which must stay the same).
import { W, H } from './_common.mjs';

export function volumeBytes() {

	const out = [];
	for ( let z = 0; z < 8; z ++ ) {

		for ( let y = 0; y < 8; y ++ ) {

			for ( let x = 0; x < 8; x ++ ) {

				out.push( ( x * 37 + y * 91 + z * 53 + x * y * 7 + y * z * 11 ) % 256 );

			}

		}

	}

	return out;

}

export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101420 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 2.5, 2.2, 4.0 );
	camera.lookAt( 0, 0, 0 );

	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 8, 8 ), new THREE.MeshStandardNodeMaterial( { color: 0x8899aa, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.position.y = - 1.2;
	scene.add( floor );

	const noise = new THREE.Data3DTexture( new Uint8Array( volumeBytes() ), 8, 8, 8 );
	noise.format = THREE.RedFormat;
	noise.type = THREE.UnsignedByteType;
	noise.minFilter = THREE.LinearFilter;
	noise.magFilter = THREE.LinearFilter;
	noise.unpackAlignment = 1;
	noise.needsUpdate = true;

	const material = new THREE.VolumeNodeMaterial();
	material.steps = 20;
	material.offsetNode = TSL.float( 0.5 );
	material.scatteringNode = TSL.Fn( ( { positionRay } ) => {

		return TSL.texture3D( noise, positionRay.mul( 0.25 ).add( 0.5 ) ).r.mul( 2 );

	} );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 2, 2, 2 ), material );
	scene.add( box );

	const light = new THREE.PointLight( 0xffaa66, 12, 0, 2 );
	light.position.set( 0.3, 0.4, 0.2 );
	scene.add( light );
	const sun = new THREE.DirectionalLight( 0xffffff, 1.5 );
	sun.position.set( 3, 5, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
