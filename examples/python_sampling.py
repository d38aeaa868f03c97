#!/usr/bin/env python3
"""Sampling a texture with tsu's golden model from Python (docs/python.md).

A 64 x 64 checkerboard with its full mip chain (each level the 2 x 2 box mean of the one above)
is sampled over a 256 x 256 grid with tex.level, the LOD rising from 0 on the left to 6 on the
right: once with nearest mip selection and once with linear (trilinear) filtering. The two
pictures are drawn side by side with matplotlib.

  build/tsu-python examples/python_sampling.py --out sampling.png
"""
import argparse
import os
import sys

import numpy as np


def mip_chain(img):
    levels = [img]
    while levels[-1].shape[0] > 1:
        a = levels[-1]
        levels.append(((a[0::2, 0::2] + a[1::2, 0::2] + a[0::2, 1::2] + a[1::2, 1::2]) / 4)
                      .astype(np.float32))
    return levels


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="python_sampling.png", help="PNG to write")
    ap.add_argument("--size", type=int, default=256, help="grid size (default 256)")
    args = ap.parse_args()
    try:
        import tsu
    except ImportError as e:
        sys.exit("error: cannot import tsu (%s); build it and run this with build/tsu-python" % e)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = 64
    ys, xs = np.mgrid[0:n, 0:n]
    check = ((xs // 8 + ys // 8) % 2).astype(np.float32)
    img = np.stack([check, 0.2 + 0.6 * check, 1 - check, np.ones_like(check)], axis=-1)
    levels = mip_chain(img)

    s = args.size
    gy, gx = np.mgrid[0:s, 0:s]
    coords = np.stack([(gx.ravel() + 0.5) / s, (gy.ravel() + 0.5) / s], axis=1).astype(np.float32)
    lod = (gx.ravel() / (s - 1) * (len(levels) - 1)).astype(np.float32)
    ptx = "tex.level.2d.v4.f32.f32 {r, g, b, a}, [t, {x, y}], lod;"
    pictures = []
    for mip in ("nearest", "linear"):
        unit = tsu.Unit()
        unit.bind_texture(1, levels, width=n, height=n, order="RGBA", type="FLOAT",
                          sampler={"filter": "linear", "mip_filter": mip, "normalized": True,
                                   "address": ["wrap", "wrap"]})
        out, _ = unit.tex(ptx, 1, coords, lod=lod)
        pictures.append(np.clip(out[:, :3].reshape(s, s, 3), 0, 1))

    fig, axes = plt.subplots(1, 2, figsize=(10, 5))
    for ax, pic, title in zip(axes, pictures, ("mip filter nearest", "mip filter linear")):
        ax.imshow(pic, interpolation="nearest")
        ax.set_title("tex.level, LOD 0 to %d left to right: %s" % (len(levels) - 1, title), fontsize=9)
        ax.axis("off")
    fig.tight_layout()
    try:
        folder = os.path.dirname(args.out)
        if folder:
            os.makedirs(folder, exist_ok=True)
        fig.savefig(args.out, dpi=80)
    except OSError as e:
        sys.exit("error: cannot write %s: %s" % (args.out, e.strerror))
    print("wrote %s: %d samples per picture through tsu's model" % (args.out, s * s))


if __name__ == "__main__":
    main()
