// The typed front's operations of each width compile, with their result types.
use tsl::prelude::*;

fn main() {
    let scope = Scope::new();
    let f: FloatNode = time();
    let v2: Vec2Node = uv();
    let v3: Vec3Node = position_world();
    let v4: Vec4Node = texture(TextureId(1), v2);
    let m3: Mat3Node = uniform(Mat3::IDENTITY);
    let m4: Mat4Node = camera_view_matrix();

    let _: Vec3Node = v3 + v3 - f * v3 / 2.0 % 3 + 1.0 - (-v3);
    let _: Vec2Node = 2.0 * v2 + f - v2 * f;
    let _: Vec4Node = v4 * 0.5 + 1 + m4 * v4 + v4 * m4;
    let _: Vec3Node = m3 * v3 + v3 * m3;
    let _: Mat3Node = m3 * m3;
    let _: FloatNode = dot(v3, v3) + length(v2) + distance(v4, v4);
    let _: Vec3Node = cross(v3, normalize(v3)) + mix(v3, Color::WHITE, f);
    let _: Vec2Node = smoothstep(0.0, 1.0, v2) + clamp(v2, 0.0, 1.0) + step(0.5, v2);
    let _: Vec3Node = remap(v3, 0.0, 1.0, -1.0, 1.0) + refract(v3, v3, 1.5);
    let _: Vec4Node = select(f.greater_than(0.5), v4, 0.0);
    let _: Vec3Node = v3.less_than(v2.xxy()) + not(v3) + and(v3, 1.0);
    let _: Vec4Node = v3.zyx().extend(1.0) + v2.rg().xyxy() + f.xxxx();
    let _: Vec3Node = vec3(f, 1, v2.y()) + mat3(v3, v3, v3).column(2);
    let _: FloatNode = sin(cos(f)) + atan2(f, 1.0) + pow(f, 2) + modulo(f, 1.0);
    let _: Vec3Node = varying(v3) + dfdx(v3) + dfdy(v3) + fwidth(v3);

    let sum = var(0.0);
    Loop(4, |i| {
        If(i.greater_than(1.0), || sum.set(sum.get() + i)).Else(discard);
    });
    scope.opacity_node(sum.get()).unwrap();
    scope.color_node(v3).unwrap();
    let _ = scope.compile();
}
