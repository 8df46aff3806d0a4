// Generated from the Rust tables by tsl-raster/src/gpu/contract.rs; do not edit by hand
// (`TSL_BLESS=1 cargo test -p tsl-raster --features gpu generated_wgsl` rewrites it).

// No texture (a map's id).
const NONE: u32 = 0xffffffffu;

// The side of a bin's square tile in pixels.
const TILE: u32 = 32u;

// The stages whose outputs a pass runs, in P_START and P_COUNT order.
const STAGE_COUNT: u32 = 8u;
const STAGE_DEPTH: u32 = 0u;
const STAGE_NORMAL: u32 = 1u;
const STAGE_MASK: u32 = 2u;
const STAGE_COLOR: u32 = 3u;
const STAGE_OPACITY: u32 = 4u;
const STAGE_EMISSIVE: u32 = 5u;
const STAGE_AO: u32 = 6u;
const STAGE_OUTPUT: u32 = 7u;

// The thickness outputs, numbered on from STAGE_COUNT, in P_THICKNESS_START order.
const THICKNESS_STAGE_COUNT: u32 = 6u;
const STAGE_THICKNESS_COLOR: u32 = 8u;
const STAGE_THICKNESS_DISTORTION: u32 = 9u;
const STAGE_THICKNESS_AMBIENT: u32 = 10u;
const STAGE_THICKNESS_ATTENUATION: u32 = 11u;
const STAGE_THICKNESS_POWER: u32 = 12u;
const STAGE_THICKNESS_SCALE: u32 = 13u;

// RECEIVED_SHADOW_NODE's stage, after the thickness outputs, once per direct light.
const STAGE_RECEIVED_SHADOW: u32 = 14u;
const MAX_RECEIVED_LIGHTS: u32 = 8u;

// The backdrop outputs, numbered on from STAGE_RECEIVED_SHADOW, in P_BACKDROP_START order.
const BACKDROP_STAGE_COUNT: u32 = 2u;
const STAGE_BACKDROP: u32 = 15u;
const STAGE_BACKDROP_ALPHA: u32 = 16u;

// The outputs that replace the material's numbers, numbered on from the backdrop outputs, in P_VARIANT_START order.
const VARIANT_STAGE_COUNT: u32 = 3u;
const STAGE_ALPHA_TEST: u32 = 17u;
const STAGE_ROUGHNESS: u32 = 18u;
const STAGE_METALNESS: u32 = 19u;

// `FrameRecord` (gpu/layout.rs): 604 words.
const LIGHTS_AT: u32 = 604u;
const F_WIDTH: u32 = 0u;
const F_HEIGHT: u32 = 1u;
const F_TILES_X: u32 = 2u;
const F_SHADING: u32 = 3u;
const F_ORTHO: u32 = 4u;
const F_FOG: u32 = 5u;
const F_SHADOWS_AT: u32 = 6u;
const F_CLEAR: u32 = 8u; // 4 words
const F_FOG_COLOR: u32 = 12u; // 3 words
const F_FOG_A: u32 = 15u;
const F_FOG_B: u32 = 16u;
const F_VIEW_TO_WORLD: u32 = 17u; // 9 words
const F_WORLD_TO_VIEW: u32 = 26u; // 9 words
const F_ENTRIES_AT: u32 = 38u;
const F_LTC_AT: u32 = 39u;
const F_BACKGROUND: u32 = 40u;
const F_ENVS_AT: u32 = 41u;
const F_DFG: u32 = 64u; // 512 words
const F_VIEW_OFFSET: u32 = 576u; // 3 words
const F_CAMERA_POSITION: u32 = 579u; // 3 words
const F_VOLUMES_AT: u32 = 582u;
const F_VOLUME_COUNT: u32 = 583u;
const F_PROJECTION: u32 = 584u; // 16 words
const F_SCREEN: u32 = 600u;
const F_SCREEN_BACK: u32 = 601u;
const F_DEPTH_CAPTURE: u32 = 602u;
const F_SCENE_DEPTH_AT: u32 = 603u;

// `HemiRecord` (gpu/layout.rs): 9 words.
const HEMI_STRIDE: u32 = 9u;
const H_SKY: u32 = 0u; // 3 words
const H_GROUND: u32 = 3u; // 3 words
const H_UP: u32 = 6u; // 3 words

// `LightRecord` (gpu/layout.rs): 16 words.
const LIGHT_STRIDE: u32 = 16u;
const L_KIND: u32 = 0u;
const L_VECTOR: u32 = 1u; // 3 words
const L_COLOR: u32 = 4u; // 3 words
const L_AXIS: u32 = 7u; // 3 words
const L_CONE_COS: u32 = 10u;
const L_PENUMBRA_COS: u32 = 11u;
const L_CUTOFF: u32 = 12u;
const L_DECAY: u32 = 13u;
const L_SHADOW: u32 = 14u;

// `BlockRecord` (gpu/layout.rs): 8 words.
const BLOCK_STRIDE: u32 = 8u;
const K_AMBIENT: u32 = 0u; // 3 words
const K_HEMIS: u32 = 3u;
const K_DIRECT: u32 = 4u;
const K_RECTS: u32 = 5u;

// `RectRecord` (gpu/layout.rs): 12 words.
const RECT_STRIDE: u32 = 12u;
const A_POSITION: u32 = 0u; // 3 words
const A_HALF_WIDTH: u32 = 3u; // 3 words
const A_HALF_HEIGHT: u32 = 6u; // 3 words
const A_COLOR: u32 = 9u; // 3 words

// `ShadowRecord` (gpu/layout.rs): 84 words.
const SHADOW_STRIDE: u32 = 84u;
const S_KIND: u32 = 0u;
const S_FILTER: u32 = 1u;
const S_WIDTH: u32 = 2u;
const S_HEIGHT: u32 = 3u;
const S_BIAS: u32 = 4u;
const S_NORMAL_BIAS: u32 = 5u;
const S_RADIUS: u32 = 6u;
const S_INTENSITY: u32 = 7u;
const S_NEAR: u32 = 8u;
const S_FAR: u32 = 9u;
const S_MAP: u32 = 10u;
const S_MOMENTS: u32 = 11u;
const S_MATRIX: u32 = 12u; // 16 words
const S_AXES: u32 = 28u; // 54 words
const S_COLORS: u32 = 82u;

// `PassRecord` (gpu/layout.rs): 144 words.
const PASS_STRIDE: u32 = 144u;
const P_FLAGS: u32 = 0u;
const P_FACES: u32 = 1u;
const P_KIND: u32 = 2u;
const P_SIDE: u32 = 3u;
const P_BASE: u32 = 4u;
const P_START: u32 = 5u; // 8 words
const P_COUNT: u32 = 13u; // 8 words
const P_COLOR: u32 = 21u; // 3 words
const P_OPACITY: u32 = 24u;
const P_ALPHA_TEST: u32 = 25u;
const P_EMISSIVE: u32 = 26u; // 3 words
const P_SPECULAR: u32 = 29u; // 3 words
const P_SHININESS: u32 = 32u;
const P_ROUGHNESS: u32 = 33u;
const P_METALNESS: u32 = 34u;
const P_CLEARCOAT: u32 = 35u;
const P_CC_ROUGHNESS: u32 = 36u;
const P_UV_MATRIX: u32 = 37u; // 9 words
const P_MAP: u32 = 46u;
const P_NORMAL_MAP: u32 = 47u;
const P_EMISSIVE_MAP: u32 = 48u;
const P_AO_MAP: u32 = 49u;
const P_NORMAL_SCALE: u32 = 50u; // 2 words
const P_AO_INTENSITY: u32 = 52u;
const P_SPECULAR_COLOR: u32 = 53u; // 3 words
const P_IOR: u32 = 56u;
const P_SPECULAR_INTENSITY: u32 = 57u;
const P_SHEEN: u32 = 58u; // 3 words
const P_SHEEN_ROUGHNESS: u32 = 61u;
const P_IRIDESCENCE: u32 = 62u;
const P_IRIDESCENCE_IOR: u32 = 63u;
const P_IRIDESCENCE_THICKNESS: u32 = 64u; // 2 words
const P_ANISOTROPY: u32 = 66u; // 2 words
const P_EXT_MAPS: u32 = 68u; // 9 words
const P_THICKNESS_COLOR: u32 = 77u; // 3 words
const P_THICKNESS: u32 = 80u; // 5 words
const P_THICKNESS_START: u32 = 85u; // 6 words
const P_THICKNESS_COUNT: u32 = 91u; // 6 words
const P_CC_NORMAL_MAP: u32 = 97u;
const P_CC_NORMAL_SCALE: u32 = 98u; // 2 words
const P_LIGHTS: u32 = 100u;
const P_ENV: u32 = 101u;
const P_ENV_INTENSITY: u32 = 102u;
const P_RECEIVED_START: u32 = 103u;
const P_RECEIVED_COUNT: u32 = 104u;
const P_BACKDROP_START: u32 = 105u; // 2 words
const P_BACKDROP_COUNT: u32 = 107u; // 2 words
const P_INSTANCE_COLOR: u32 = 109u; // 3 words
const P_VOLUME_STEPS: u32 = 112u;
const P_MODEL_RADIUS: u32 = 113u;
const P_OFFSET_START: u32 = 114u;
const P_OFFSET_COUNT: u32 = 115u;
const P_SCATTERING_START: u32 = 116u;
const P_SCATTERING_COUNT: u32 = 117u;
const P_VOLUME_SHADOWS: u32 = 118u;
const P_TRANSMISSION: u32 = 119u;
const P_VOLUME_THICKNESS: u32 = 120u;
const P_ATTENUATION_DISTANCE: u32 = 121u;
const P_ATTENUATION_COLOR: u32 = 122u; // 3 words
const P_MODEL_SCALE: u32 = 125u; // 3 words
const P_TRANSMISSION_MAPS: u32 = 128u; // 2 words
const P_VARIANT_START: u32 = 130u; // 3 words
const P_VARIANT_COUNT: u32 = 133u; // 3 words
const P_ROUGHNESS_MAP: u32 = 136u;
const P_METALNESS_MAP: u32 = 137u;
const P_DISPERSION: u32 = 139u;
const P_PRIMITIVE: u32 = 140u;
const P_ALPHA_MAP: u32 = 141u;
const P_BUMP_MAP: u32 = 142u;
const P_BUMP_SCALE: u32 = 143u;

// `TriRecord` (gpu/layout.rs): 72 words.
const TRI_STRIDE: u32 = 72u;
const T_E0: u32 = 0u; // 6 words
const T_SA: u32 = 6u; // 6 words
const T_SB: u32 = 12u; // 6 words
const T_BIAS: u32 = 18u; // 3 words
const T_BBOX: u32 = 21u; // 4 words
const T_INV_AREA: u32 = 25u;
const T_Z: u32 = 29u; // 3 words
const T_WEIGHTS: u32 = 32u; // 9 words
const T_CORNERS: u32 = 41u; // 3 words
const T_FRONT: u32 = 44u;
const T_PLANES: u32 = 45u; // 12 words
const T_ORIGIN: u32 = 57u; // 2 words
const T_SA32: u32 = 59u; // 3 words
const T_SB32: u32 = 62u; // 3 words

// `VertRecord` (gpu/layout.rs): 37 words.
const VERT_STRIDE: u32 = 37u;
const V_WORLD: u32 = 0u; // 3 words
const V_VIEW: u32 = 3u; // 3 words
const V_NORMAL_VIEW: u32 = 6u; // 3 words
const V_UV: u32 = 9u; // 2 words
const V_COLOR: u32 = 11u; // 3 words
const V_LOCAL: u32 = 14u; // 3 words
const V_NORMAL_LOCAL: u32 = 17u; // 3 words
const V_CUSTOM: u32 = 20u; // 8 words
const V_POINT_COORD: u32 = 28u; // 2 words
const V_ALPHA: u32 = 30u;
const V_TANGENT: u32 = 31u; // 3 words
const V_BITANGENT: u32 = 34u; // 3 words

// `BinEntry` (gpu/layout.rs): 6 words.
const ENTRY: u32 = 6u;
const B_PASS: u32 = 0u;
const B_TRI: u32 = 1u;
const B_FAST: u32 = 2u;
const B_EDGES: u32 = 3u; // 3 words

// `TexHeader` (gpu/layout.rs): 80 words.
const TEX_STRIDE: u32 = 80u;
const X_LEVELS: u32 = 0u;
const X_WRAP_S: u32 = 1u;
const X_WRAP_T: u32 = 2u;
const X_MAG: u32 = 3u;
const X_MIN: u32 = 4u;
const X_FLIP_Y: u32 = 5u;
const X_IDENTITY: u32 = 6u;
const X_UV_MATRIX: u32 = 8u; // 9 words
const X_LEVEL: u32 = 24u; // 48 words

// `EnvRecord` (gpu/layout.rs): 4 words.
const ENV_STRIDE: u32 = 4u;
const E_SIZE: u32 = 0u;
const E_LEVELS: u32 = 1u;
const E_TEXELS: u32 = 2u;

// `BackgroundRecord` (gpu/layout.rs): 20 words.
const BACKGROUND_STRIDE: u32 = 20u;
const G_ENV: u32 = 0u;
const G_BLURRINESS: u32 = 1u;
const G_INTENSITY: u32 = 2u;
const G_RADIUS: u32 = 3u;
const G_INVERSE_PROJECTION: u32 = 4u; // 16 words

// `VolumeRecord` (gpu/layout.rs): 9 words.
const VOLUME_STRIDE: u32 = 9u;
const VOL_TEXELS: u32 = 0u;
const VOL_SIZE: u32 = 1u; // 3 words
const VOL_WRAP: u32 = 4u; // 3 words
const VOL_FILTER: u32 = 7u;
const VOL_LAYOUT: u32 = 8u;

// P_FLAGS bits.
const FL_FORWARD: u32 = 1u;
const FL_TRANSPARENT: u32 = 2u;
const FL_DEPTH_TEST: u32 = 4u;
const FL_DEPTH_WRITE: u32 = 8u;
const FL_VERTEX_COLORS: u32 = 16u;
const FL_FLAT: u32 = 32u;
const FL_FOG: u32 = 64u;
const FL_HAS_NORMALS: u32 = 128u;
const FL_TANGENTS: u32 = 256u;
const FL_NEIGHBOURS: u32 = 512u;
const FL_QUAD: u32 = 1024u;
const FL_SURFACE: u32 = 2048u;
const FL_NORMAL_DERIV: u32 = 4096u;
const FL_DEPTH_NODE: u32 = 8192u;
const FL_COLOR_ALPHA: u32 = 16384u;
const FL_OUTPUT_ALPHA: u32 = 32768u;
const FL_RECEIVE_SHADOW: u32 = 65536u;
const FL_PHYSICAL_EXT: u32 = 131072u;
const FL_SCATTERING: u32 = 262144u;
const FL_SSS: u32 = 524288u;
const FL_TRANSMISSION: u32 = 1048576u;
const FL_VOLUME_DEPTH: u32 = 2097152u;

// The records' enumerations.
const SHADING_TEXTURE: u32 = 0u;
const SHADING_LIT: u32 = 1u;
const SHADING_UV: u32 = 2u;
const FOG_NONE: u32 = 0u;
const FOG_LINEAR: u32 = 1u;
const FOG_EXP2: u32 = 2u;
const FACES_BOTH: u32 = 0u;
const FACES_BACK: u32 = 1u;
const FACES_FRONT: u32 = 2u;
const KIND_BASIC: u32 = 0u;
const KIND_LAMBERT: u32 = 1u;
const KIND_PHONG: u32 = 2u;
const KIND_STANDARD: u32 = 3u;
const KIND_PHYSICAL: u32 = 4u;
const KIND_NORMALS: u32 = 5u;
const KIND_DEPTH: u32 = 6u;
const KIND_VOLUME: u32 = 7u;
const SIDE_FRONT: u32 = 0u;
const SIDE_BACK: u32 = 1u;
const SIDE_DOUBLE: u32 = 2u;
const LIGHT_DIRECTIONAL: u32 = 0u;
const LIGHT_POINT: u32 = 1u;
const LIGHT_SPOT: u32 = 2u;
const WRAP_REPEAT: u32 = 0u;
const WRAP_CLAMP_TO_EDGE: u32 = 1u;
const WRAP_MIRRORED_REPEAT: u32 = 2u;
const LAYOUT_VOLUME: u32 = 0u;
const LAYOUT_LAYERS: u32 = 1u;
const LAYOUT_CUBE: u32 = 2u;
const FILTER_NEAREST: u32 = 0u;
const FILTER_LINEAR: u32 = 1u;
const FILTER_NEAREST_MIPMAP_NEAREST: u32 = 2u;
const FILTER_LINEAR_MIPMAP_NEAREST: u32 = 3u;
const FILTER_NEAREST_MIPMAP_LINEAR: u32 = 4u;
const FILTER_LINEAR_MIPMAP_LINEAR: u32 = 5u;
const SHADOW_FLAT: u32 = 0u;
const SHADOW_CUBE: u32 = 1u;
const SHADOW_BASIC: u32 = 0u;
const SHADOW_PCF: u32 = 1u;
const SHADOW_VSM: u32 = 2u;
const PRIMITIVE_TRIANGLES: u32 = 0u;
const PRIMITIVE_POINTS: u32 = 1u;
const PRIMITIVE_LINES: u32 = 2u;
const TEXTURE_VIEWPORT: u32 = 4294967294u;
