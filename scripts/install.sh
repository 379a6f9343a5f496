#!/bin/sh
# Install the `pzl` command from a GitHub release, for Linux and macOS (x86_64 and arm64):
#
#   curl -LsSf https://github.com/pzl-rs/pzl/releases/latest/download/install.sh | sh
#
# It downloads pzl-TARGET.tar.gz and its .sha256 from the release, checks the checksum and puts
# `pzl` into $PZL_INSTALL_DIR (default ~/.local/bin). PZL_VERSION=v0.1.0 picks a release (default:
# the latest); PZL_DOWNLOAD_URL replaces the release's download address (a mirror, or a local
# folder as file:///... for testing).
set -eu

repo="https://github.com/pzl-rs/pzl"
version="${PZL_VERSION:-latest}"
dest="${PZL_INSTALL_DIR:-$HOME/.local/bin}"

say() { printf 'pzl installer: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

case "$(uname -s)" in
    Linux) os=unknown-linux-gnu ;;
    Darwin) os=apple-darwin ;;
    *) fail "no prebuilt pzl for $(uname -s); build it with: cargo install pzl-cli" ;;
esac
case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) fail "no prebuilt pzl for $(uname -m); build it with: cargo install pzl-cli" ;;
esac
target="$arch-$os"

if [ -n "${PZL_DOWNLOAD_URL:-}" ]; then
    base="$PZL_DOWNLOAD_URL"
elif [ "$version" = latest ]; then
    base="$repo/releases/latest/download"
else
    base="$repo/releases/download/$version"
fi

fetch() {
    if command -v curl >/dev/null 2>&1; then
        curl --proto '=https,file' --tlsv1.2 -LsSf "$1" -o "$2"
    elif command -v wget >/dev/null 2>&1; then
        case "$1" in
            file://*) cp "${1#file://}" "$2" ;;
            *) wget -q "$1" -O "$2" ;;
        esac
    else
        fail "needs curl or wget"
    fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
archive="pzl-$target.tar.gz"
say "downloading $base/$archive"
fetch "$base/$archive" "$tmp/$archive" || fail "could not download $base/$archive"
fetch "$base/$archive.sha256" "$tmp/$archive.sha256" || fail "could not download the checksum"
expected=$(cut -d' ' -f1 "$tmp/$archive.sha256")
if command -v sha256sum >/dev/null 2>&1; then
    actual=$(sha256sum "$tmp/$archive" | cut -d' ' -f1)
else
    actual=$(shasum -a 256 "$tmp/$archive" | cut -d' ' -f1)
fi
[ "$expected" = "$actual" ] || fail "checksum mismatch for $archive: expected $expected, got $actual"
tar -xzf "$tmp/$archive" -C "$tmp"
[ -f "$tmp/pzl" ] || fail "$archive holds no pzl"
mkdir -p "$dest"
# Beside the target, then renamed: a running pzl is never half overwritten.
cp "$tmp/pzl" "$dest/.pzl.new" && chmod 755 "$dest/.pzl.new" && mv -f "$dest/.pzl.new" "$dest/pzl"
say "installed $("$dest/pzl" --version) to $dest/pzl"
case ":$PATH:" in
    *":$dest:"*) ;;
    *) say "$dest is not on your PATH: add it, e.g. export PATH=\"$dest:\$PATH\"" ;;
esac
