"""The texture and surface kernels of tb/kernels through the Verilated unit (`tsu launch --unit
rtl`), every answer checked against the golden model, with random texels: one row per kernel with
the unit's cycles, requests, requests per clock, texel-cache hit rate and stall cycles
(docs/kernels.md).

    python3 examples/kernel_suite_rtl.py [--tsu build/tsu] [--config default] [--mem-latency 20]
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PTX = os.path.join(ROOT, "tb", "kernels", "textures.ptx")

# kernel, grid, block, objects, arguments
RUNS = [
    ("rotate", "4,4", "16,16", ["--array", "img=random1:2d,64x64,r32f", "--texture", "t=img:linear,normalized,wrap"],
     ["@out", "@t", "64", "64", "0.5"]),
    ("convolve", "4,4", "16,16", ["--array", "img=random2:2d,64x64,r32f", "--texture", "t=img:point,clamp"],
     ["@out", "@t", "64", "64", "1"]),
    ("raymarch", "4,4", "16,16", ["--array", "vol=random3:3d,32x32x32,r32f", "--texture", "t=vol:linear,normalized"],
     ["@out", "@t", "64", "64", "32"]),
    ("cube_lookup", "4", "256", ["--array", "cube=random4:cube,16x16,rgba32f", "--texture", "t=cube:linear,normalized,seamless"],
     ["@out", "@t", "1024"]),
    ("layered", "4,4", "16,16", ["--array", "lay=random5:a2d,64x64,r32f,layers=4", "--texture", "t=lay:point"],
     ["@out", "@t", "64", "64", "4"]),
    ("mip", "4", "256", ["--array", "m=random6:2d,64x64,r32f,levels=7", "--texture", "t=m:linear,mip=linear,normalized",
                         "--buffer", "out2=4096"],
     ["@out", "@out2", "@t", "1024"]),
    ("paint", "4,4", "16,16", ["--array", "c=zeros:2d,64x64,r32f", "--surface", "s=c"], ["@s", "64", "64"]),
    ("histogram_sured", "8", "256", ["--buffer", "data=random7:4096", "--array", "bins=zeros:1d,256,r32u",
                                     "--surface", "s=bins"], ["@data", "@s", "4096"]),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tsu", default=os.path.join(ROOT, "build", "tsu"))
    ap.add_argument("--config", default="default")
    ap.add_argument("--mem-latency", default="20")
    a = ap.parse_args()
    print("| kernel | texture/surface requests | unit cycles | requests per clock | texel cache hit rate | stall cycles | executor share of the run |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kernel, grid, block, objects, args in RUNS:
        cmd = [a.tsu, "launch", PTX, kernel, "--grid", grid, "--block", block, "--buffer", "out=65536",
               "--unit", "rtl", "--config", a.config, "--mem-latency", a.mem_latency] + objects
        for x in args:
            cmd += ["--arg", x]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write(f"{kernel}: exit {p.returncode}: {p.stderr}")
            return 1
        u = json.loads(p.stdout)["unit"]
        rate = f"{100 * u['texel_cache_hit_rate']:.1f}%" if u["texel_cache_lookups"] else "-"
        print(f"| {kernel} | {u['requests']:,} | {u['cycles']:,} | {u['requests_per_clock']:.3f} | {rate} "
              f"| {u['stall_cycles']:,} | {100 * u['executor_share']:.1f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
