//! MaterialX noise as three.js r187 computes it (`src/nodes/materialx/MaterialXNoise.js`): the
//! lookup3 integer hash and 32-bit float arithmetic in three.js's order, bit for bit.
