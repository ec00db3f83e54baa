#!/bin/bash
# A Python 3.14 for pychess-variants' suite on a Debian 12 (bookworm)
# machine, whose own Python is 3.11 and whose registries are Debian's, PyPI,
# crates.io and npm: the server has required Python 3.14 since its commit
# b8f2424 (2026-06-26), and bookworm has no python3.14 package.
#
#     tests/tools/pychess_python314.sh [PREFIX]     # default /opt/py314
#
# Debian's unstable suite (sid) has python3.14. Its packages need a newer C
# library than bookworm's (libc6 >= 2.42 against 2.36), so they are not
# installed: apt, with a sources list and state of its own (nothing of the
# machine's apt is changed), downloads them and dpkg-deb unpacks them into
# PREFIX, C library and all; patchelf then points the interpreter at the
# unpacked dynamic loader and libraries (an RPATH, which the extension
# modules inherit), so PREFIX/usr/bin/python3.14 runs, and virtual
# environments made from it run, with no LD_LIBRARY_PATH that would reach
# the machine's other programs. Debian's sid source packages were not
# downloadable here (404), so CPython is not built from source.
#
# Then: PREFIX/usr/bin/python3.14 -m venv --without-pip VENV, pip from its
# wheel (pip download pip; VENV/bin/python pip-*.whl/pip install pip-*.whl),
# and tests/tools/pychess_suite.py --python VENV/bin/python, or --venv VENV
# --base-python PREFIX/usr/bin/python3.14.
set -euo pipefail
prefix=${1:-/opt/py314}
work=$(mktemp -d /tmp/py314-apt.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
# The machine's own Debian archive (the URI its bookworm entry names), suite sid.
archive=$(awk '/^URIs:/ {u=$2} /^Suites:/ && / bookworm( |$)/ {print u; exit}' \
  /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$archive" ] || archive=$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list)
[ -n "$archive" ] || { echo "no Debian archive found in the apt sources" >&2; exit 1; }
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $archive sid main" >"$work/sources.list"
apt=(-o "Dir::Etc::sourcelist=$work/sources.list" -o Dir::Etc::sourceparts=/nonexistent
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache")
command -v patchelf >/dev/null || apt-get install -y -qq patchelf
apt-get "${apt[@]}" update -qq
packages=(libc6 libgcc-s1 libstdc++6 libssl3t64 libexpat1 zlib1g libbz2-1.0 libdb5.3t64 libffi8
  liblzma5 libncursesw6 libreadline8t64 libsqlite3-0 libtinfo6 libuuid1 libzstd1 media-types
  libpython3.14-minimal libpython3.14-stdlib libpython3.14 python3.14-minimal python3.14)
(cd "$work/debs" && apt-get "${apt[@]}" download "${packages[@]}")
mkdir -p "$prefix"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$prefix"; done
lib=$prefix/usr/lib/x86_64-linux-gnu
patchelf --set-interpreter "$lib/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$lib" \
  "$prefix/usr/bin/python3.14"
"$prefix/usr/bin/python3.14" -c 'import sys, ssl, sqlite3, ctypes; print(sys.version)'
