//! The compile-time refusals of the typed front and the macros, with their messages: each
//! `ui-tests/fail/*.rs` must fail to compile with its `.stderr`, and each `ui-tests/pass/*.rs`
//! must compile. To rewrite the `.stderr` files after a deliberate change of message, run
//! `TRYBUILD=overwrite cargo test -p tsl-macros --test ui` and read the diff.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("ui-tests/pass/*.rs");
    cases.compile_fail("ui-tests/fail/*.rs");
}
