#!/usr/bin/env bash
# Builds the WebAssembly package into wasm/pkg/ (or the folder given):
# the library compiled for wasm32-unknown-unknown, wasm-bindgen's glue for
# the web (ES modules: browsers, Web Workers, Node 18+), and the files of
# wasm/js/. Needs the target (rustup target add wasm32-unknown-unknown) and
# wasm-bindgen-cli of the wasm-bindgen crate's version (wasm/Cargo.toml).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/wasm/pkg}"
cd "$root"
# No local path in the package (a published site carries it): the
# checkout's and the crate registry's folders written as `chimera` and
# `cargo` in its panic messages.
export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=$root=chimera --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=cargo"
cargo build -p chimera-wasm --release --target wasm32-unknown-unknown
# Where cargo put it: CARGO_TARGET_DIR when set (tests/wasm.rs sets it).
target="${CARGO_TARGET_DIR:-$root/target}"
wasm-bindgen --target web --out-dir "$out" "$target/wasm32-unknown-unknown/release/chimera_wasm.wasm"
cp wasm/js/index.js wasm/js/index.d.ts wasm/js/package.json wasm/js/worker.js "$out/"
