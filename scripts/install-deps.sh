#!/usr/bin/env bash
# Installs the Debian packages named as arguments, but only those missing.
# Quiet and quick (one dpkg-query) when everything is already there.
set -euo pipefail

# The one Swift version the package states (README, Package.swift's tools
# version; SwiftVersionTests keeps the three equal).
swift_needed=6.2
if ! command -v swift >/dev/null 2>&1; then
    echo "install-deps: swift is not on PATH (announce needs Swift $swift_needed or later)" >&2
    exit 69
fi
swift_found=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
if [ -z "$swift_found" ] || [ "$(printf '%s\n%s\n' "$swift_needed" "$swift_found" | sort -V | head -n 1)" != "$swift_needed" ]; then
    echo "install-deps: announce needs Swift $swift_needed or later, found ${swift_found:-no version}" >&2
    exit 69
fi
[ "$#" -gt 0 ] || exit 0

missing=()
for package in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$package")
done
[ "${#missing[@]}" -gt 0 ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo=sudo
    else
        echo "install-deps: missing Debian packages: ${missing[*]} (run as root, or install them)" >&2
        exit 69
    fi
else
    sudo=
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
