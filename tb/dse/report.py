"""The output of a tsu dse sweep (tb/dse/dse.py): the Pareto front, results.csv, results.json,
summary.md and pareto.png, from the rows gather() made of the points' step results."""
import csv
import json
import os
import sys

HX8K_CELLS = 7680


def pareto_front(rows, area_key, tput_key="txn_per_cycle"):
    """Points no other point beats on both area (smaller) and throughput (larger)."""
    good = [r for r in rows if r.get(area_key) and r.get(tput_key)]
    front = []
    for r in good:
        dominated = any(o is not r and o[area_key] <= r[area_key] and o[tput_key] >= r[tput_key] and
                        (o[area_key] < r[area_key] or o[tput_key] > r[tput_key]) for o in good)
        if not dominated:
            front.append(r)
    return sorted(front, key=lambda r: r[area_key])


def write_outputs(args, sweep, rows, failures):
    keys = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    area_key = sweep["area"]
    tput_key = "txn_per_cycle"
    if sweep.get("throughput") == "per_second":
        tput_key = "txn_per_second"
        for r in rows:
            per_second(r, area_key)
    front = pareto_front(rows, area_key, tput_key)
    for r in rows:
        r["pareto"] = r in front
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"base": sweep["base"], "workloads": {n: " ".join(a) for n, a in sweep["workloads"].items()},
                   "area_axis": area_key, "points": rows,
                   "failures": [{"point": p["id"], "label": p["label"], "step": s, "message": m, "log": l}
                                for p, s, m, l in failures]}, f, indent=1)
    wl = list(sweep["workloads"])
    with open(os.path.join(args.out, "summary.md"), "w") as f:
        f.write("# tsu dse: %d points on base `%s`\n\n" % (len(rows), sweep["base"]))
        if sweep["description"]:
            f.write(sweep["description"].strip() + "\n\n")
        f.write("Throughput: transactions per cycle, the geometric mean over the workloads (%s), "
                "each checked against the model. Area: %s.\n\n" % (", ".join(wl), area_key))
        if tput_key == "txn_per_second":
            f.write("The Pareto front is on transactions per second: per cycle x Fmax, the post-route "
                    "Fmax where the point places on an HX8K, else the timing estimate (yosys sta x the "
                    "routing factor of fpga/timing_estimate.tsv): an estimate, not a measurement.\n\n")
        f.write("## Pareto front\n\n")
        table(f, front, wl, tput_key == "txn_per_second")
        f.write("\n## Every point\n\n")
        table(f, rows, wl, tput_key == "txn_per_second")
        if failures:
            f.write("\n## Failures\n\n")
            for p, s, m, l in failures:
                f.write("- %s %s (%s): %s; log `%s`\n" % (s, p["id"], p["label"], m, l))
    plot(args, rows, front, area_key, tput_key)
    return front


def per_second(row, area_key):
    """txn_per_second: transactions per cycle x Fmax, the HX8K's post-route Fmax where the point
    placed, else the timing estimate of the area's target (fmax_source says which)."""
    est_key = "ice40_fmax_est_mhz" if area_key == "ice40_lut4" else "xc7_fmax_est_mhz"
    fmax, source = row.get("fmax_mhz"), "post-route"
    if not fmax:
        fmax, source = row.get(est_key), "estimate"
    if fmax and row.get("txn_per_cycle"):
        row["txn_per_second"] = round(row["txn_per_cycle"] * fmax * 1e6)
        row["fmax_source"] = source


def table(f, rows, wl, per_second=False):
    f.write("| point | parameters | iCE40 LUT4 / FF / EBR | xc7 LUT / FF / DSP / BRAM | Fmax HX8K MHz | "
            "Fmax estimate iCE40 / xc7 MHz | %s | txn/cycle |%s\n" % (
                " | ".join("cycles/txn %s" % n for n in wl), " txn/s |" if per_second else ""))
    f.write("|---|---|---:|---:|---:|---:|%s---:|%s\n" % ("---:|" * len(wl), "---:|" if per_second else ""))
    for r in rows:
        fmax = "%.1f" % r["fmax_mhz"] if r.get("fmax_mhz") else (r.get("fmax_note") or "—")
        est = "%s / %s" % (r.get("ice40_fmax_est_mhz") or "—", r.get("xc7_fmax_est_mhz") or "—")
        tps = ""
        if per_second:
            tps = " %s |" % ("%.3g (%s)" % (r["txn_per_second"], r["fmax_source"]) if r.get("txn_per_second") else "—")
        f.write("| %s | %s | %s / %s / %s | %s / %s / %s / %s | %s | %s | %s | %s |%s\n" % (
            r["id"], r["label"], r.get("ice40_lut4", "—"), r.get("ice40_ff", "—"), r.get("ice40_ebr", "—"),
            r.get("xc7_lut", "—"), r.get("xc7_ff", "—"), r.get("xc7_dsp", "—"), r.get("xc7_bram", "—"), fmax,
            est, " | ".join(str(r.get("cpt." + n) or "—") for n in wl), r.get("txn_per_cycle") or "—", tps))


def plot(args, rows, front, area_key, tput_key="txn_per_cycle"):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("dse: python3-matplotlib is missing: no pareto.png (scripts/setup.sh installs it)\n")
        return
    pts = [r for r in rows if r.get(area_key) and r.get(tput_key)]
    fig, ax = plt.subplots(figsize=(8, 5.5), dpi=110)
    if pts:
        with_f = [r for r in pts if r.get("fmax_mhz")]
        without = [r for r in pts if not r.get("fmax_mhz")]
        if without:
            ax.scatter([r[area_key] for r in without], [r[tput_key] for r in without],
                       facecolors="none" if tput_key == "txn_per_second" else "0.6", edgecolors="0.4",
                       marker="s", s=45, zorder=2,
                       label="does not fit an HX8K: Fmax estimated (yosys sta x routing factor)"
                       if tput_key == "txn_per_second" else "no Fmax (does not fit an HX8K)")
        if with_f:
            sc = ax.scatter([r[area_key] for r in with_f], [r[tput_key] for r in with_f],
                            c=[r["fmax_mhz"] for r in with_f], cmap="viridis", s=55, zorder=3)
            fig.colorbar(sc, ax=ax, label="Fmax, HX8K post-route (MHz)")
        ax.plot([r[area_key] for r in front], [r[tput_key] for r in front], "r--", lw=1.2,
                label="Pareto front", zorder=1)
        # Labels staggered in height by area order, so that neighbouring points stay readable.
        for i, r in enumerate(sorted(pts, key=lambda r: r[area_key])):
            ax.annotate(r["label"], (r[area_key], r[tput_key]), textcoords="offset points",
                        xytext=(5, 4 + 10 * (i % 3)), fontsize=7, color="darkred" if r in front else "0.35",
                        fontweight="bold" if r in front else "normal")
        if area_key == "ice40_lut4":  # how far the points are from the largest iCE40
            ax.axvline(HX8K_CELLS, color="tab:blue", lw=1, ls=":", label="HX8K: %d logic cells" % HX8K_CELLS)
        ax.margins(x=0.25, y=0.1)
        ax.set_xlim(left=0)
    ax.set_xlabel({"ice40_lut4": "area: iCE40 LUT4 (yosys synth_ice40)",
                   "xc7_lut": "area: xc7 LUT (yosys synth_xilinx)"}[area_key])
    ax.set_ylabel("transactions per second (per cycle x Fmax)"
                  if tput_key == "txn_per_second" else
                  "throughput: transactions per cycle (geomean over workloads)")
    if tput_key == "txn_per_second":
        ax.set_yscale("log")
    ax.set_title("tsu dse: %d points" % len(rows))
    ax.grid(True, alpha=0.3)
    if pts:
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "pareto.png"))
    plt.close(fig)
