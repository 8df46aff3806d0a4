// three.js's webgpu_tsl_earth.html as examples/tsl_earth.rs ports it: the page's TSL (fresnel,
// sun orientation, atmosphere colour, the globe's colour, output and bumpMap normal nodes, the
// atmosphere's output node on a BackSide transparent shell 1.04 times as large), its sun, camera
// and 64 × 64-segment sphere. The page's three 4096 × 2048 photographs are replaced by 64 × 32
// DataTextures made by integer formulas (textureBytes here, texture_bytes in the port: blocky
// continents, city lights, elevation / roughness / clouds), rows from v = 0, three.js's default
// sampling (the page's anisotropy 8 left out); continents within 22.5° of the equator, low
// elevations (see the port's documentation for why). The port has no roughness node: the page's
// roughnessNode is dropped and the globe's roughness is 0.3. The globe does not turn.
export const W = 128;
export const H = 96;

const TW = 64;
const TH = 32;

function land( x, y ) {

	return ( Math.floor( x / 8 ) * 5 + Math.floor( y / 4 ) * 3 ) % 4 === 0 && y >= 12 && y < 20;

}

// map: 'day', 'night' or 'brc' (bump, roughness, clouds).
function textureBytes( map ) {

	const out = [];
	for ( let y = 0; y < TH; y ++ ) {

		for ( let x = 0; x < TW; x ++ ) {

			const l = land( x, y );
			let rgb;
			if ( map === 'day' ) rgb = l ? [ 90 + 2 * x, 110 + 2 * y, 40 ] : [ 20, 50 + y, 130 ];
			else if ( map === 'night' ) rgb = l && ( x * 7 + y * 3 ) % 5 === 0 ? [ 255, 200, 110 ] : [ 8, 6, 12 ];
			else rgb = [ l ? 20 + ( x * 37 + y * 11 ) % 40 : 0, l ? 230 : 30, ( x + 3 * y ) % 13 < 4 ? 150 + ( x * 5 ) % 100 : 10 ];
			out.push( ...rgb, 255 );

		}

	}
	return out;

}

function dataTexture( THREE, map, srgb ) {

	const t = new THREE.DataTexture( new Uint8Array( textureBytes( map ) ), TW, TH, THREE.RGBAFormat );
	t.colorSpace = srgb ? THREE.SRGBColorSpace : THREE.NoColorSpace;
	t.magFilter = THREE.LinearFilter;
	t.minFilter = THREE.LinearMipmapLinearFilter;
	t.generateMipmaps = true;
	t.flipY = false;
	t.needsUpdate = true;
	return t;

}

export default function ( { THREE, TSL } ) {

	const { step, normalWorld, output, texture, vec3, vec4, normalize, positionWorld, bumpMap, cameraPosition, color, uniform, mix, uv, max } = TSL;

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	const camera = new THREE.PerspectiveCamera( 25, W / H, 0.1, 100 );
	camera.position.set( 4.5, 2, 3 );
	camera.lookAt( 0, 0, 0 );

	const sun = new THREE.DirectionalLight( '#ffffff', 2 );
	sun.position.set( 0, 0, 3 );
	scene.add( sun );

	const atmosphereDayColor = uniform( color( '#4db2ff' ) );
	const atmosphereTwilightColor = uniform( color( '#bc490b' ) );

	const dayTexture = dataTexture( THREE, 'day', true );
	const nightTexture = dataTexture( THREE, 'night', true );
	const bumpRoughnessCloudsTexture = dataTexture( THREE, 'brc', false );

	const viewDirection = positionWorld.sub( cameraPosition ).normalize();
	const fresnel = viewDirection.dot( normalWorld ).abs().oneMinus().toVar();
	const sunOrientation = normalWorld.dot( normalize( sun.position ) ).toVar();
	const atmosphereColor = mix( atmosphereTwilightColor, atmosphereDayColor, sunOrientation.smoothstep( - 0.25, 0.75 ) );

	const globeMaterial = new THREE.MeshStandardNodeMaterial( { roughness: 0.3 } );
	const cloudsStrength = texture( bumpRoughnessCloudsTexture, uv() ).b.smoothstep( 0.2, 1 );
	globeMaterial.colorNode = mix( texture( dayTexture ), vec3( 1 ), cloudsStrength.mul( 2 ) );

	const night = texture( nightTexture );
	const dayStrength = sunOrientation.smoothstep( - 0.25, 0.5 );
	const atmosphereDayStrength = sunOrientation.smoothstep( - 0.5, 1 );
	const atmosphereMix = atmosphereDayStrength.mul( fresnel.pow( 2 ) ).clamp( 0, 1 );
	let finalOutput = mix( night.rgb, output.rgb, dayStrength );
	finalOutput = mix( finalOutput, atmosphereColor, atmosphereMix );
	globeMaterial.outputNode = vec4( finalOutput, output.a );

	const bumpElevation = max(
		texture( bumpRoughnessCloudsTexture ).r,
		cloudsStrength
	);
	globeMaterial.normalNode = bumpMap( bumpElevation );

	const sphereGeometry = new THREE.SphereGeometry( 1, 64, 64 );
	scene.add( new THREE.Mesh( sphereGeometry, globeMaterial ) );

	const atmosphereMaterial = new THREE.MeshBasicNodeMaterial( { side: THREE.BackSide, transparent: true } );
	let alpha = fresnel.remap( 0.73, 1, 1, 0 ).pow( 3 );
	alpha = alpha.mul( sunOrientation.smoothstep( - 0.5, 1 ) );
	atmosphereMaterial.outputNode = vec4( atmosphereColor, alpha );
	const atmosphere = new THREE.Mesh( sphereGeometry, atmosphereMaterial );
	atmosphere.scale.setScalar( 1.04 );
	scene.add( atmosphere );

	return { scene, camera, width: W, height: H };

}
