// Adapted from three.js r187, examples/jsm/shaders/VolumeShader.js (VolumeRenderShader1.vertexShader):
// the fragment shader takes the world position into the box's space (docs/materials.md, "Volume shader").
//
// The MIT License
//
// Copyright © 2010-2026 three.js authors
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in
// all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
// THE SOFTWARE.

varying vec3 v_world;

void main() {
		// three.js passes the local position and the camera in local space
		// (inverse(modelMatrix) * cameraPosition); the fragment shader does that
		// here with u_world_to_local, from the world position.
		v_world = (modelMatrix * vec4(position, 1.0)).xyz;

		gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
