// three.js's webgpu_materials_matcap.html as examples/tsl_matcap.rs ports it: MeshMatcapNodeMaterial
// (the diffuse colour times the matcap read at matcapUV) under ACES filmic tone mapping, the page's
// 40° camera at (0, 0, 13). Simplified on both sides: the page's head model (LeePerrySmith.glb),
// its normal map and its EXR matcap (040full.exr) are not in the repository: a torus
// (TorusGeometry( 3, 1.2, 48, 96 ), turned 0.6 rad about x) and the 32 × 32 sRGB matcap of
// matcapBytes() below (examples/tsl_matcap.rs makes the same bytes), sampled as the page's EXR
// matcaps are (EXRLoader: linear filters, no mipmaps, flipY off), no normal map.
export const W = 128;
export const H = 96;

// A lit clay disk on a dark ground, 32 × 32, in integers.
export function matcapBytes() {

	const clamp = ( v ) => Math.max( 0, Math.min( 255, v ) );
	const out = [];
	for ( let y = 0; y < 32; y ++ ) {

		for ( let x = 0; x < 32; x ++ ) {

			const dx = 2 * x - 31, dy = 2 * y - 31;
			const r2 = dx * dx + dy * dy;
			if ( r2 > 961 ) {

				out.push( 20, 20, 30, 255 );
				continue;

			}

			const shade = 120 + Math.trunc( ( - 3 * dx + 4 * dy ) * 2 / 5 );
			const rim = Math.trunc( r2 * 40 / 961 );
			out.push( clamp( shade + 40 ), clamp( shade ), clamp( shade - 30 + rim ), 255 );

		}

	}

	return out;

}

export default function ( { THREE } ) {

	const matcap = new THREE.DataTexture( new Uint8Array( matcapBytes() ), 32, 32, THREE.RGBAFormat );
	matcap.colorSpace = THREE.SRGBColorSpace;
	matcap.magFilter = THREE.LinearFilter;
	matcap.minFilter = THREE.LinearFilter;
	matcap.generateMipmaps = false;
	matcap.flipY = false;
	matcap.needsUpdate = true;

	const scene = new THREE.Scene();
	const mesh = new THREE.Mesh(
		new THREE.TorusGeometry( 3, 1.2, 48, 96 ),
		new THREE.MeshMatcapNodeMaterial( { color: new THREE.Color().setHex( 0xffffff ).convertSRGBToLinear(), matcap } )
	);
	mesh.rotation.x = 0.6;
	scene.add( mesh );
	const camera = new THREE.PerspectiveCamera( 40, W / H, 1, 100 );
	camera.position.set( 0, 0, 13 );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.toneMapping = THREE.ACESFilmicToneMapping;
			renderer.toneMappingExposure = 1.0;

		}
	};

}
