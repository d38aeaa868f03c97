#!/usr/bin/env python3
"""Which flip-flops of an iCE40 netlist take a logic cell of their own, by module, and why.

An iCE40 logic cell holds one LUT4 and one flop, and nextpnr puts a flop in its driver's cell
only when the flop's D input is a LUT4 output that drives nothing else. Every other flop costs a
whole cell: one fed by another flop (a delay line, a port register), by a port, a RAM or a carry,
or by a LUT that also feeds other logic (a FIFO's write data, fanned out to every entry). On a
pipelined design these cells, not the LUTs, are often what does not fit.

  fpga/ff_pack.py NET.json [--top MODULE] [--depth N] [--rows N]
NET.json is yosys `synth_ice40 -json` output (fpga/fmax.sh --keep DIR leaves DIR/<block>/net.json;
its top is the harness, tsu_fmax_wrap). Flops are grouped by the first N levels of their output
net's hierarchical name (default 3: u_dut.<stage>.<instance>). Prints, per group, the flops that
need a cell of their own against all its flops, and what drives them.
"""
import argparse
import collections
import json
import re
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("net")
    ap.add_argument("--top", default="tsu_fmax_wrap")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--rows", type=int, default=30)
    a = ap.parse_args()
    mods = json.load(open(a.net))["modules"]
    if a.top not in mods:
        sys.exit(f"ff_pack: module {a.top} not in {a.net} (flattened synth_ice40 output?)")
    m = mods[a.top]
    cells = m["cells"]
    driver, fanout = {}, collections.Counter()
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            out = c["port_directions"][port] == "output"
            for b in bits:
                if isinstance(b, int):
                    if out:
                        driver[b] = c["type"]
                    else:
                        fanout[b] += 1
    for d in m["ports"].values():  # a net that leaves the module also counts as a load
        if d["direction"] == "output":
            for b in d["bits"]:
                if isinstance(b, int):
                    fanout[b] += 1
    # A net has a name per module it passes through: keep a register's name (*_q) over a
    # port's, then the deepest (the flop's own module).
    def rank(net):
        return (net.split("[")[0].endswith("_q"), net.count("."))
    bit_name = {}
    for net, d in m["netnames"].items():
        if d.get("hide_name"):
            continue
        for b in d["bits"]:
            if isinstance(b, int) and (b not in bit_name or rank(net) > rank(bit_name[b])):
                bit_name[b] = net
    total, alone = collections.Counter(), collections.Counter()
    why = collections.defaultdict(collections.Counter)
    for name, c in cells.items():
        if not c["type"].startswith("SB_DFF"):
            continue
        q = c["connections"]["Q"][0]
        net = re.sub(r"\[.*", "", bit_name.get(q, name))
        group = re.sub(r"_SB_.*|\$.*", "", ".".join(net.split(".")[:a.depth]))
        total[group] += 1
        d = c["connections"]["D"][0]
        src = driver.get(d, "a port or constant")
        if src == "SB_LUT4" and fanout[d] == 1:
            continue
        alone[group] += 1
        why[group]["a LUT that also feeds other logic" if src == "SB_LUT4" else src] += 1
    n_ff, n_alone = sum(total.values()), sum(alone.values())
    print(f"{n_ff} flip-flops, {n_alone} of them in a logic cell of their own "
          f"({n_ff - n_alone} share a cell with their LUT)")
    print("| group | own cell / flops | driven by |")
    print("|---|---:|---|")
    for g, n in alone.most_common(a.rows):
        causes = ", ".join(f"{k} {v}" for k, v in why[g].most_common())
        print(f"| {g} | {n} / {total[g]} | {causes} |")


if __name__ == "__main__":
    main()
