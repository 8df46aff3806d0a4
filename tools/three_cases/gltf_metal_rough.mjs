// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/metal_rough.glb.
// MetalRoughSpheres: metallic 0, 0.5, 1 across, roughness 0.2, 0.5, 0.9 down; the last sphere's
// factors (1) scaled by a metallicRoughness texture (blue metal, green rough).
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'metal_rough.glb' );
