#!/usr/bin/env bash
# Builds the Woodland Arena container image with podman, without a Docker
# engine: debootstraps a Debian 12 (bookworm) root once, imports it as the
# base image, then builds the top-level Dockerfile (whose `check` stage runs
# the runtime image's programs). Usage:
#   deploy/image/build.sh [--tag NAME] [--mirror URL] [--rebuild-base]
# The mirror defaults to the first Debian URI in this machine's apt sources.
# Needs root (debootstrap), debootstrap and podman.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tag=localhost/woodland-arena:latest
base=localhost/woodland-base:bookworm
mirror=""
rebuild_base=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="$2"; shift 2 ;;
    --mirror) mirror="$2"; shift 2 ;;
    --rebuild-base) rebuild_base=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
# Storage and isolation that work without a container runtime's privileges
# (no cgroups delegation, no overlayfs): chroot isolation over vfs.
podman_opts=(--storage-driver vfs)
build_opts=(--isolation chroot --cgroup-manager cgroupfs --network host)

if [ -z "$mirror" ]; then
  mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources \
             /etc/apt/sources.list 2>/dev/null \
           | grep -v security | grep -oE 'https?://[^ ]+' | head -n1 || true)
fi
[ -n "$mirror" ] || { echo "no Debian mirror found; pass --mirror" >&2; exit 1; }

if [ "$rebuild_base" = 1 ] || ! podman "${podman_opts[@]}" image exists "$base"; then
  work=$(mktemp -d /var/tmp/woodland-base.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
  # The image's apt sources: the same mirror, plus updates and security.
  cat >"$work/rootfs/etc/apt/sources.list" <<SRC
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SRC
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | podman "${podman_opts[@]}" import - "$base"
fi

podman "${podman_opts[@]}" build "${build_opts[@]}" --build-arg "BASE=$base" \
  --target image -t "$tag" -f "$root/Dockerfile" "$root"
podman "${podman_opts[@]}" image ls "$tag"
