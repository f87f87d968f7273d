"""Fetch axe-core's ``axe.min.js`` from the npm registry (no npm needed), for the accessibility
test: the newest 4.x release's tarball, checked against the registry's SHA-512 integrity.

    python scripts/fetch_axe.py .cache/npm/node_modules/axe-core/axe.min.js
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

REGISTRY = "https://registry.npmjs.org/axe-core"
MAJOR = "4."


def main(target: Path) -> int:
    with urllib.request.urlopen(REGISTRY, timeout=30) as reply:
        meta = json.load(reply)
    versions = [v for v in meta["versions"] if v.startswith(MAJOR) and "-" not in v]
    newest = max(versions, key=lambda v: tuple(int(part) for part in v.split(".")))
    dist = meta["versions"][newest]["dist"]
    with urllib.request.urlopen(dist["tarball"], timeout=60) as reply:
        packed = reply.read()
    algorithm, _, digest = dist["integrity"].partition("-")
    if algorithm != "sha512" or hashlib.sha512(packed).digest() != base64.b64decode(digest):
        print(
            f"fetch_axe: axe-core {newest}'s tarball does not match its integrity", file=sys.stderr
        )
        return 1
    with tarfile.open(fileobj=io.BytesIO(packed), mode="r:gz") as archive:
        member = archive.extractfile("package/axe.min.js")
        if member is None:
            print("fetch_axe: the tarball has no axe.min.js", file=sys.stderr)
            return 1
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(member.read())
    print(f"axe-core {newest} -> {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
