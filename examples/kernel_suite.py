"""Runs the kernel suite of tb/kernels through tsu.Device and prints one row per kernel: the
launch, thread-instructions by family, and texture/surface requests (docs/kernels.md).

    build/tsu-python examples/kernel_suite.py
"""
import os
import sys

import numpy as np

import tsu

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tb", "kernels")


def main():
    dev = tsu.Device()
    basics = dev.load_ptx(os.path.join(KERNELS, "basics.ptx"))
    textures = dev.load_ptx(os.path.join(KERNELS, "textures.ptx"))
    rng = np.random.default_rng(1)
    rows = []

    def run(mod, kernel, grid, block, args):
        r = mod.launch(kernel, grid=grid, block=block, args=args)
        rows.append((kernel, grid, block, r))

    def buf(a):
        p = dev.malloc(a.nbytes)
        dev.memcpy_htod(p, a)
        return p

    n = 4096
    x, y = buf(rng.random(n, dtype=np.float32)), buf(rng.random(n, dtype=np.float32))
    run(basics, "saxpy", (16,), (256,), [n, 2.0, x, y])
    out = buf(np.zeros(1, np.float32))
    run(basics, "reduce_sum", (8,), (256,), [x, out, n])
    run(basics, "divergent", (4,), (128,), [buf(np.zeros(512, np.uint32)), buf(np.zeros(512, np.int32)), 512])
    data = buf(rng.integers(0, 256, n).astype(np.uint8))
    run(basics, "histogram_atomic", (8,), (256,), [data, buf(np.zeros(256, np.uint32)), n])
    run(basics, "bits", (4,), (64,), [buf(rng.integers(0, 2**32, 256, dtype=np.uint32)), buf(np.zeros(2048, np.uint32))])
    run(basics, "math", (4,), (256,), [x, buf(np.zeros(6 * 1024, np.float32)), buf(np.zeros(2 * 1024)), 1024])

    h, w = 64, 64
    img = dev.array(rng.random((h, w), dtype=np.float32))
    lin = dev.texture_object(img, address_mode="wrap", filter_mode="linear", normalized_coords=True)
    pt = dev.texture_object(img, address_mode="clamp")
    o = dev.malloc(h * w * 4)
    run(textures, "rotate", (4, 4), (16, 16), [o, lin, w, h, 0.5])
    textures.set_symbol("taps", np.full(9, 1 / 9, np.float32))
    run(textures, "convolve", (4, 4), (16, 16), [o, pt, w, h, 1])
    vol = dev.array(rng.random((32, 32, 32), dtype=np.float32))
    vt = dev.texture_object(vol, filter_mode="linear", normalized_coords=True)
    run(textures, "raymarch", (4, 4), (16, 16), [o, vt, w, h, 32])
    cube = dev.array(rng.random((6, 16, 16, 4), dtype=np.float32), channels=(32, 32, 32, 32), cubemap=True)
    ct = dev.texture_object(cube, filter_mode="linear", normalized_coords=True)
    run(textures, "cube_lookup", (4,), (256,), [buf(np.zeros(4096, np.float32)), ct, 1024])
    lay = dev.array(rng.random((4, h, w), dtype=np.float32), layered=True)
    run(textures, "layered", (4, 4), (16, 16), [o, dev.texture_object(lay), w, h, 4])
    base = rng.random((64, 64), dtype=np.float32)
    mip = dev.array(base, levels=[base[:: 2**k, :: 2**k].copy() for k in range(1, 7)])
    mt = dev.texture_object(mip, filter_mode="linear", mipmap_filter_mode="linear", normalized_coords=True)
    run(textures, "mip", (4,), (256,), [buf(np.zeros(1024, np.float32)), buf(np.zeros(1024, np.float32)), mt, 1024])
    canvas = dev.array(np.zeros((h, w), np.float32))
    surf, ctex = dev.surface_object(canvas), dev.texture_object(canvas)
    run(textures, "paint", (4, 4), (16, 16), [surf, w, h])
    run(textures, "sample_painted", (4, 4), (16, 16), [o, ctex, surf, w, h])
    bins = dev.array(np.zeros(256, np.uint32), channels=(32,), kind="unsigned")
    run(textures, "histogram_sured", (8,), (256,), [data, dev.surface_object(bins), n])

    print("| kernel | grid x block | thread-instructions | ALU | memory | control | texture | surface |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for kernel, grid, block, r in rows:
        fam = r["instructions"]
        alu = sum(v for k, v in fam.items() if k in ("integer", "float", "convert", "move_compare", "warp"))
        mem = fam.get("memory", 0) + fam.get("atomic", 0)
        g = "x".join(map(str, grid)) + " x " + "x".join(map(str, block))
        print(f"| {kernel} | {g} | {r['thread_instructions']:,} | {alu:,} | {mem:,} | {fam.get('control', 0):,} "
              f"| {r['texture_requests']:,} | {r['surface_requests']:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
