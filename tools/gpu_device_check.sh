#!/usr/bin/env bash
# The GPU interpreter's parity tests and timings on a machine with a real GPU (issue 7).
#
# The device machine has no Rust toolchain and no network, so this runs in two steps:
#
#   1. Here (a machine with cargo, x86-64):
#        tools/gpu_device_check.sh prepare
#      builds `cargo test --release --features gpu --test gpu_interp` without running it, copies
#      the test binary to .gpu-check/ and, when .gl/ has no Vulkan loader yet, downloads the
#      loader packages into .gl/ (both folders are added to .git/info/exclude).
#
#   2. On the device machine, through the device tool's `run`, with carry [".gl", ".gpu-check"]:
#        bash tools/gpu_device_check.sh device
#      unpacks the Vulkan loader, points it at NVIDIA's driver when no other is found, and runs
#      the tests with REQUIRE_GPU=1 (a missing adapter fails instead of skipping), printing the
#      adapter's name, every case's worst difference and the timings; the log is also written to
#      $OUT/gpu_interp.log. Where cargo exists on the device machine, step 2 builds there instead.
#
# The test binary links glibc dynamically: it needs a glibc at least as new as the one it was
# built against: the binary built here (Debian bookworm) asks for GLIBC_2.35 at most.
set -uo pipefail
cd "$(dirname "$0")/.."
mode="${1:-device}"
bin_dir=.gpu-check

build_tests() {
    cargo test --release --features gpu --test gpu_interp --no-run --message-format=json 2>/dev/null |
        sed -n 's/.*"executable":"\([^"]*gpu_interp[^"]*\)".*/\1/p' | tail -1
}

case "$mode" in
prepare)
    grep -qx '/.gpu-check/' .git/info/exclude 2>/dev/null || echo /.gpu-check/ >>.git/info/exclude
    exe="$(build_tests)"
    if [ -z "$exe" ] || [ ! -x "$exe" ]; then
        echo "the release build of tests/gpu_interp.rs failed; run: cargo test --release --features gpu --test gpu_interp --no-run" >&2
        exit 1
    fi
    mkdir -p "$bin_dir"
    cp "$exe" "$bin_dir/gpu_interp"
    strip "$bin_dir/gpu_interp" 2>/dev/null || true
    ls -l "$bin_dir/gpu_interp"
    if ! ls .gl/libvulkan1_*.deb >/dev/null 2>&1; then
        grep -qx '/.gl/' .git/info/exclude 2>/dev/null || echo /.gl/ >>.git/info/exclude
        mkdir -p .gl /tmp/amd64/partial
        o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
        # shellcheck disable=SC2086
        apt-get $o update >/dev/null && (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
    fi
    ls .gl
    echo "now: device run, carry [\".gl\", \".gpu-check\"], command: bash tools/gpu_device_check.sh device"
    ;;
device)
    out="${OUT:-/tmp/gpu-check-out}"
    mkdir -p "$out"
    log="$out/gpu_interp.log"
    exec > >(tee -a "$log") 2>&1
    echo "== $(date -u) on $(uname -m)"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
    if ! ldconfig -p | grep -q libvulkan; then
        for f in .gl/*.deb; do dpkg -x "$f" /; done
        ldconfig
    fi
    ldconfig -p | grep libvulkan || echo "no libvulkan after unpacking .gl"
    icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f "$icd" ]; then
        export VK_DRIVER_FILES="$icd"
        echo "VK_DRIVER_FILES=$icd"
    fi
    export REQUIRE_GPU=1 NODEVICE_SELECT=1 RUST_BACKTRACE=1
    if command -v cargo >/dev/null; then
        exe="$(build_tests)"
    else
        exe="$bin_dir/gpu_interp"
    fi
    if [ -z "$exe" ] || [ ! -x "$exe" ]; then
        echo "no test binary: run 'tools/gpu_device_check.sh prepare' first and carry .gpu-check"
        exit 1
    fi
    # One thread, so that the timings do not share the GPU with the parity cases.
    "$exe" --nocapture --test-threads 1
    status=$?
    echo "== exit status $status"
    exit "$status"
    ;;
*)
    echo "usage: tools/gpu_device_check.sh prepare|device" >&2
    exit 2
    ;;
esac
