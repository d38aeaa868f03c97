#!/usr/bin/env python3
"""tsu dse: sweeps tsu_top's parameters into an area / Fmax / throughput table and Pareto front.

  tsu dse [--sweep FILE] [--out DIR] [--jobs N] [--slurm [--partition P] [--time T] [--mem M]
          [--sbatch-arg ARG]...] [--resume] [--steps sim,ice40,xc7]

The sweep file (TOML; tb/dse/default_sweep.toml is the built-in default) names a base
configuration (fpga/configs/NAME.cfg), the parameters to vary (a grid, every combination, and/or
a list of points) and the workloads (`tsu regress` arguments, or `render ...`: the plane drawn
through the point's unit, which needs EnableTex, and compared with the model's PNG byte for byte;
one transaction is one tex). Each point gets three steps:

  sim    the unit Verilated with the point's parameters (tb/dse/point), then every workload
         through the co-simulation: cycles per transaction, checked against the model, so a
         wrong point is never reported as fast
  ice40  yosys synth_ice40 (LUT4, FF, carry, EBR) and, where the LUT4 count fits an HX8K,
         nextpnr-ice40 (fpga/fmax.sh): post-route Fmax
  xc7    yosys synth_xilinx -family xc7 (LUT, FF, DSP48, BRAM, LUT RAM)

Every step's result is stored with a key: a hash of the point's parameters and of the sources the
step reads (RTL; for sim also the bench libraries and the workload's arguments). A step whose key
is unchanged is not run again: a re-run, or --resume after an interruption, redoes only what
changed. Steps run as parallel processes (--jobs) or as one Slurm job array (--slurm).

Output in DIR: results.csv, results.json (a row per point: parameters, area, Fmax, cycles per
transaction per workload, wall time per step), pareto.png and summary.md. A failed step
(synthesis error, mismatch) is reported with its log, and the sweep goes on.

Internal: `dse.py step --out DIR --point ID --step STEP` runs one step (what a task executes).
"""
import argparse
import glob
import hashlib
import itertools
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import farm  # noqa: E402
import timing  # noqa: E402
from report import HX8K_CELLS, pareto_front, per_second, write_outputs  # noqa: E402,F401

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_SWEEP = os.path.join(ROOT, "tb", "dse", "default_sweep.toml")
STEPS = ("sim", "ice40", "xc7")


def read_text(path):
    with open(path) as f:
        return f.read()


class SweepError(Exception):
    pass


# ---- tsu_top's parameters and the sources ----------------------------------------------------

def top_parameters():
    """tsu_top's parameters and their defaults, read from its header (the one definition)."""
    text = read_text(os.path.join(ROOT, "rtl", "top", "tsu_top.sv"))
    head = text[text.index("module tsu_top"):text.index(") (")]
    return {m.group(2): m.group(3).strip() for m in
            re.finditer(r"parameter\s+(int unsigned|bit)\s+(\w+)\s*=\s*([^,/\n]+)", head)}


def config_params(name):
    path = os.path.join(ROOT, "fpga", "configs", name + ".cfg")
    if not os.path.exists(path):
        have = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(ROOT, "fpga", "configs", "*.cfg")))
        raise SweepError("unknown base configuration '%s' (have: %s)" % (name, ", ".join(have)))
    out = {}
    for line in read_text(path).splitlines():
        line = line.split("#", 1)[0].strip().replace(" ", "")
        if re.match(r"^[A-Za-z]\w*=", line):
            k, v = line.split("=", 1)
            out[k] = v
    return out


def rtl_sources():
    files = []
    for line in read_text(os.path.join(ROOT, "rtl", "blocks.list")).splitlines():
        w = line.split()
        if w and w[0] in ("common", "tsu_top"):
            files += [os.path.join(ROOT, "rtl", f) for f in w[1:]]
    return list(dict.fromkeys(files))


def digest(paths, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in sorted(paths):
        h.update(p.encode())
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def norm_value(v):
    """A parameter value as tsu_top takes it: integers as decimal, booleans as 1'b0/1'b1."""
    if isinstance(v, bool):
        return "1'b1" if v else "1'b0"
    if isinstance(v, int):
        if v < 0:
            raise SweepError("parameter values are unsigned (got %d)" % v)
        return str(v)
    s = str(v).strip()
    if re.fullmatch(r"\d+|1'b[01]|\d+'[dhb][0-9a-fA-F_]+", s):
        return s
    raise SweepError("'%s' is not a parameter value (an integer, true/false or 1'b0/1'b1)" % s)


# ---- the sweep file --------------------------------------------------------------------------

def load_sweep(path):
    import tomllib
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
    except FileNotFoundError:
        raise SweepError("sweep file '%s' does not exist" % path)
    except tomllib.TOMLDecodeError as e:
        raise SweepError("%s: %s" % (path, e))
    known = top_parameters()
    base_name = raw.get("base", "default")
    base = config_params(base_name)
    for k in raw:
        if k not in ("base", "grid", "point", "workloads", "pareto", "synth", "description"):
            raise SweepError("%s: unknown key '%s' (base, description, grid, point, workloads, pareto, synth)" % (
                path, k))

    def check(params, where):
        out = {}
        for k, v in params.items():
            if k not in known:
                raise SweepError("%s: %s: '%s' is not a tsu_top parameter (have: %s)" % (
                    path, where, k, ", ".join(sorted(known))))
            try:
                out[k] = norm_value(v)
            except SweepError as e:
                raise SweepError("%s: %s: %s: %s" % (path, where, k, e))
        return out

    points = []
    grid = raw.get("grid", {})
    if grid:
        for k, vs in grid.items():
            if not isinstance(vs, list) or not vs:
                raise SweepError("%s: grid.%s must be a non-empty list of values" % (path, k))
        keys = list(grid)
        for combo in itertools.product(*(grid[k] for k in keys)):
            points.append(check(dict(zip(keys, combo)), "grid"))
    names = {}  # index in points -> the point's own name (its label in the table and the plot)
    for i, p in enumerate(raw.get("point", [])):
        if not isinstance(p, dict):
            raise SweepError("%s: point %d must be a table of parameters" % (path, i + 1))
        p = dict(p)
        if "name" in p:
            name = p.pop("name")
            if not isinstance(name, str) or not re.fullmatch(r"[^|\n]{1,60}", name):
                raise SweepError("%s: point %d: name must be a string of 1-60 characters, no '|'" % (path, i + 1))
            names[len(points)] = name
        points.append(check(p, "point %d" % (i + 1)))
    if not points:
        points.append({})  # the base configuration alone
    if len(points) > 4096:
        raise SweepError("%s: %d points; the limit is 4096" % (path, len(points)))

    workloads = raw.get("workloads", {})
    if not workloads:
        raise SweepError("%s: no [workloads] (name = \"tsu regress arguments\")" % path)
    wl = {}
    for name, args in workloads.items():
        if not re.fullmatch(r"[A-Za-z0-9_]+", name) or not isinstance(args, str):
            raise SweepError("%s: workload %s must be name = \"tsu regress arguments\"" % (path, name))
        argv = shlex.split(args)
        for bad in ("--config", "--json", "--junit", "--artifacts", "--coverage-dat", "--waves", "--out"):
            if bad in argv:
                raise SweepError("%s: workload %s: %s is set by tsu dse" % (path, name, bad))
        wl[name] = argv
    pareto = raw.get("pareto", {})
    area = pareto.get("area", "ice40_lut4")
    if area not in ("ice40_lut4", "xc7_lut"):
        raise SweepError("%s: pareto.area is ice40_lut4 or xc7_lut" % path)
    # Throughput per cycle, or per second: per cycle x Fmax, the post-route Fmax where the point
    # places on an HX8K, else the timing estimate of the area's target (marked as such).
    tput = pareto.get("throughput", "per_cycle")
    if tput not in ("per_cycle", "per_second"):
        raise SweepError("%s: pareto.throughput is per_cycle or per_second" % path)
    for k in pareto:
        if k not in ("area", "throughput"):
            raise SweepError("%s: unknown key pareto.%s (area, throughput)" % (path, k))
    # iCE40 synthesis flattened (the default), or by module then flattened for the count and the
    # timing estimate: the units with the texture path need 1-2 GB that way, up to 17 GB flattened.
    synth = raw.get("synth", {})
    ice40_flow = synth.get("ice40", "flatten")
    if ice40_flow not in ("flatten", "hierarchy") or any(k != "ice40" for k in synth):
        raise SweepError("%s: [synth] has one key, ice40 = \"flatten\" or \"hierarchy\"" % path)
    # Every point carries the whole parameter set: the base, then its own values.
    seen, full, named = set(), [], {}
    for i, p in enumerate(points):
        q = dict(base)
        q.update(p)
        key = tuple(sorted(q.items()))
        if key not in seen:
            seen.add(key)
            full.append((q, p))
            if i in names:
                named[point_id(q)] = names[i]
    return {"base": base_name, "points": full, "workloads": wl, "area": area, "throughput": tput,
            "ice40_flow": ice40_flow, "description": raw.get("description", ""), "names": named}


def point_id(params):
    return "p" + hashlib.sha256(json.dumps(sorted(params.items())).encode()).hexdigest()[:10]


def label(varied):
    return ",".join("%s=%s" % (k, v.replace("1'b", "")) for k, v in sorted(varied.items())) or "base"


# ---- one step (what a task runs) ------------------------------------------------------------

def bench_libs(build):
    # The bench the point links (tb/cosim/CMakeLists.txt exports them).
    return [os.path.join(build, p) for p in ("tsu-cosim-targets.cmake", "tb/cosim/libtsu_cosim_core.a",
                                             "tb/stim/libtsu_stim.a", "tb/common/libtsu_tb_common.a",
                                             "model/libtsu_tlm.a",
                                             "model/libtsu_model.a")]


def step_keys(point, build):
    params = json.dumps(sorted(point["params"].items()))
    rtl = rtl_sources()
    bench = glob.glob(os.path.join(ROOT, "tb", "cosim", "*.cc")) + glob.glob(os.path.join(ROOT, "tb", "cosim", "*.h")) + \
        glob.glob(os.path.join(ROOT, "tb", "dse", "point", "*")) + glob.glob(os.path.join(ROOT, "tb", "rtl", "*.h")) + \
        glob.glob(os.path.join(ROOT, "tb", "tools", "render_rtl.*")) + glob.glob(os.path.join(ROOT, "model", "tools", "render.*"))
    keys = {
        "sim": digest(rtl + bench + [p for p in bench_libs(build) if os.path.exists(p)], "sim" + params),
        "ice40": digest(rtl + [os.path.join(ROOT, "fpga", f) for f in ("fmax.sh", "fmax_wrap.py", "timing_estimate.tsv")],
                        "ice40" + point.get("ice40_flow", "flatten") + params),
        "xc7": digest(rtl + [os.path.join(ROOT, "fpga", "timing_estimate.tsv")], "xc7" + params),
    }
    keys["workloads"] = {n: hashlib.sha256((keys["sim"] + json.dumps(a)).encode()).hexdigest()[:16]
                         for n, a in point["workloads"].items()}
    return keys


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def step_cached(pdir, step, keys):
    r = load_json(os.path.join(pdir, step + ".json"))
    if not r or not r.get("ok") or r.get("key") != keys[step]:
        return False
    if step == "sim":
        w = r.get("workloads", {})
        return all(n in w and w[n].get("key") == k for n, k in keys["workloads"].items())
    return True


def chparams(params):
    return "".join("chparam -set %s %s tsu_top; " % (k, v) for k, v in sorted(params.items()))


def yosys_stat(params, synth, log, sta_target=None):
    """Cells of the synthesised unit, the seconds it took and (sta_target) its cell-delay path in ns."""
    files = " ".join(rtl_sources())
    stat = log + ".stat"
    sta = log + ".sta"
    t0 = time.monotonic()
    after = "; %s; tee -q -o %s sta" % (timing.timing_table("sta_lib", sta_target), sta) if sta_target else ""
    cmd = ["yosys", "-q", "-l", log, "-p", "read_verilog -defer -sv %s; %shierarchy -top tsu_top; %s; tee -q -o %s stat%s" % (
        files, chparams(params), synth, stat, after)]
    rc = subprocess.call(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    secs = time.monotonic() - t0
    if rc != 0:
        raise RuntimeError("yosys failed (exit %d); log %s" % (rc, log))
    cells = {}
    for line in read_text(stat).splitlines():
        m = re.match(r"\s+(\$?\w+)\s+(\d+)$", line)
        if m:
            cells[m.group(1)] = cells.get(m.group(1), 0) + int(m.group(2))
    path_ns = None
    if sta_target:
        m = re.search(r"Latest arrival time in 'tsu_top' is (\d+)", read_text(sta))
        path_ns = int(m.group(1)) / 1000.0 if m else None
    return cells, secs, path_ns


def run_step(out, pid, step):
    pdir = os.path.join(out, "points", pid)
    point = load_json(os.path.join(pdir, "point.json"))
    keys = step_keys(point, point["build"])
    result = {"step": step, "key": keys[step]}
    t0 = time.monotonic()
    try:
        if step == "sim":
            result.update(step_sim(pdir, point, keys))
        elif step == "ice40":
            result.update(step_ice40(pdir, point))
        elif step == "xc7":
            result.update(step_xc7(pdir, point))
        else:
            raise RuntimeError("unknown step " + step)
        result.setdefault("ok", True)  # sim says itself whether every workload passed
    except Exception as e:  # reported in the step's result and log, never a crashed sweep
        result["ok"] = False
        result["error"] = str(e)
        print("error: %s" % e)
    result["secs"] = round(time.monotonic() - t0, 1)
    with open(os.path.join(pdir, step + ".json"), "w") as f:
        json.dump(result, f, indent=1)
    return 0 if result["ok"] else 1


def step_sim(pdir, point, keys):
    bdir = os.path.join(pdir, "build")
    old = load_json(os.path.join(pdir, "sim.json")) or {}
    runs = old.get("workloads", {}) if old.get("key") == keys["sim"] else {}
    t0 = time.monotonic()
    params = ";".join("%s=%s" % kv for kv in sorted(point["params"].items()))
    exe = os.path.join(bdir, "tsu_point")
    # The model is rebuilt only when what it is built from changed (its key beside it), so a
    # point's results can be recomputed, or a prebuilt point moved, without a rebuild.
    key_file = os.path.join(bdir, "tsu_point.key")
    built = os.path.exists(exe) and os.path.exists(key_file) and read_text(key_file).strip() == keys["sim"]
    if not built:
        for cmd in (["cmake", "-S", os.path.join(ROOT, "tb", "dse", "point"), "-B", bdir,
                     "-DTSU_BUILD_DIR=" + point["build"], "-DTSU_POINT_PARAMS=" + params],
                    ["cmake", "--build", bdir, "-j", "1"]):
            print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
            if subprocess.call(cmd) != 0:
                raise RuntimeError("building the point's model failed: %s" % " ".join(cmd[:2]))
        with open(key_file, "w") as f:
            f.write(keys["sim"] + "\n")
    build_secs = time.monotonic() - t0
    ok = True
    for name, argv in point["workloads"].items():
        if name in runs and runs[name].get("key") == keys["workloads"][name]:
            continue
        js = os.path.join(pdir, "run_%s.json" % name)
        if argv[:1] == ["render"]:
            # A render workload: the scene through the point's unit, its PNG compared with the
            # model's (tsu_point render); one transaction is one tex.
            cmd = [exe, "render", "--json", js, "--out", os.path.join(pdir, "render_" + name)] + argv[1:]
        else:
            cmd = [exe, "regress", "-q", "--config", "point", "--json", js,
                   "--artifacts", os.path.join(pdir, "artifacts_" + name)] + argv
        print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
        w0 = time.monotonic()
        rc = subprocess.call(cmd)
        r = load_json(js) or {}
        runs[name] = {
            "key": keys["workloads"][name], "rc": rc, "pass": bool(r.get("pass")) and rc == 0,
            "cycles_per_txn": r.get("cycles_per_txn"), "transactions": r.get("transactions"),
            "cycles": r.get("cycles"), "checked": r.get("checked"), "mismatches": r.get("mismatches"),
            "desc_hit_rate": r.get("desc_hit_rate"), "first_message": r.get("first_message", ""),
            # Render workloads: the texel port's reads and the texel cache's hit rate.
            "texel_reads": r.get("texel_reads"), "cache_hit_rate": r.get("cache_hit_rate"),
            "repro": r.get("repro", ""), "waveform": r.get("waveform", ""), "secs": round(time.monotonic() - w0, 1)}
        if not runs[name]["pass"]:
            ok = False
            print("error: workload %s: %s" % (name, runs[name]["first_message"] or "exit %d" % rc))
    return {"ok": ok and all(r["pass"] for r in runs.values()), "build_secs": round(build_secs, 1),
            "workloads": runs}


def step_ice40(pdir, point):
    flow = "synth_ice40 -top tsu_top"
    if point.get("ice40_flow") == "hierarchy":  # mapped module by module, counted flattened
        flow = "synth_ice40 -noflatten -top tsu_top; flatten; opt_clean"
    cells, secs, path_ns = yosys_stat(point["params"], flow, os.path.join(pdir, "ice40.log"), "ice40")
    r = {"ice40_lut4": cells.get("SB_LUT4", 0),
         "ice40_ff": sum(v for k, v in cells.items() if k.startswith("SB_DFF")),
         "ice40_carry": cells.get("SB_CARRY", 0), "ice40_ebr": cells.get("SB_RAM40_4K", 0),
         "ice40_synth_secs": round(secs, 1), "fmax_mhz": None}
    r.update(timing.timing_estimate("ice40", path_ns))
    if r["ice40_lut4"] > HX8K_CELLS:
        r["fmax_note"] = "does not fit HX8K (%d LUT4 > %d cells)" % (r["ice40_lut4"], HX8K_CELLS)
        return r
    # Place and route inside fpga/fmax.sh's harness (one serial pin in, one out).
    t0 = time.monotonic()
    cmd = [os.path.join(ROOT, "fpga", "fmax.sh"), "--keep", os.path.join(pdir, "pnr")]
    for k, v in sorted(point["params"].items()):
        cmd += ["--set", "tsu_top.%s=%s" % (k, v)]
    cmd.append("tsu_top")
    p = subprocess.run(cmd, capture_output=True, text=True)
    print(p.stdout + p.stderr)
    r["pnr_secs"] = round(time.monotonic() - t0, 1)
    row = next((l for l in p.stdout.splitlines() if l.startswith("| tsu_top |")), "")
    cols = [c.strip() for c in row.strip("|").split("|")]
    if len(cols) >= 3 and re.fullmatch(r"[\d.]+", cols[2] or ""):
        r["fmax_mhz"] = float(cols[2])
        r["ice40_cells"] = int(cols[1]) if cols[1].isdigit() else None
        r["fmax_path"] = cols[3] if len(cols) > 3 else ""
    else:
        r["fmax_note"] = (cols[1] if len(cols) > 1 else "no result from fpga/fmax.sh")[:120]
    return r


def step_xc7(pdir, point):
    cells, secs, path_ns = yosys_stat(point["params"], "synth_xilinx -flatten -family xc7 -top tsu_top",
                                      os.path.join(pdir, "xc7.log"), "xc7")
    r = {"xc7_lut": sum(v for k, v in cells.items() if re.fullmatch(r"LUT[1-6]", k)),
            "xc7_ff": sum(v for k, v in cells.items() if re.fullmatch(r"FD[CPRS]E?", k)),
            "xc7_dsp": cells.get("DSP48E1", 0),
            "xc7_bram": cells.get("RAMB18E1", 0) + 2 * cells.get("RAMB36E1", 0),
            "xc7_lutram": sum(v for k, v in cells.items() if k.startswith(("RAM32", "RAM64", "SRL"))),
            "xc7_synth_secs": round(secs, 1)}
    r.update(timing.timing_estimate("xc7", path_ns))
    return r


# ---- the sweep ---------------------------------------------------------------------------------

def prepare(args, sweep):
    os.makedirs(os.path.join(args.out, "points"), exist_ok=True)
    rows = []
    for params, varied in sweep["points"]:
        pid = point_id(params)
        pdir = os.path.join(args.out, "points", pid)
        os.makedirs(pdir, exist_ok=True)
        point = {"id": pid, "label": sweep["names"].get(pid) or label(varied), "params": params, "varied": varied,
                 "workloads": sweep["workloads"], "build": args.build_dir, "ice40_flow": sweep["ice40_flow"]}
        with open(os.path.join(pdir, "point.json"), "w") as f:
            json.dump(point, f, indent=1)
        rows.append(point)
    return rows


def tasks_for(args, points, steps):
    tasks, cached = [], 0
    for p in points:
        pdir = os.path.join(args.out, "points", p["id"])
        keys = step_keys(p, args.build_dir)
        for s in steps:
            if step_cached(pdir, s, keys):
                cached += 1
                continue
            tasks.append({"name": "%s %s (%s)" % (s, p["id"], p["label"]),
                          "argv": [sys.executable, os.path.abspath(__file__), "step", "--out", args.out,
                                   "--point", p["id"], "--step", s],
                          "log": os.path.join(pdir, s + ".log.txt"), "point": p["id"], "step": s})
    # Longest first: the simulations (a model build each) and xc7 synthesis, then iCE40.
    order = {"sim": 0, "xc7": 1, "ice40": 2}
    tasks.sort(key=lambda t: order[t["step"]])
    return tasks, cached


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def gather(args, sweep, points, steps):
    rows, failures = [], []
    for p in points:
        pdir = os.path.join(args.out, "points", p["id"])
        row = {"id": p["id"], "label": p["label"]}
        row.update({"param." + k: v for k, v in sorted(p["params"].items())})
        ok = True
        for s in steps:
            r = load_json(os.path.join(pdir, s + ".json"))
            if r is None:
                ok = False
                failures.append((p, s, "did not run (no result)", os.path.join(pdir, s + ".log.txt")))
                continue
            row[s + "_secs"] = r.get("secs")
            if not r.get("ok"):
                ok = False
                msg = r.get("error", "")
                if s == "sim":
                    bad = [(n, w) for n, w in r.get("workloads", {}).items() if not w.get("pass")]
                    msg = msg or "; ".join("%s: %s (repeat: %s)" % (n, w.get("first_message") or "exit %s" % w.get("rc"),
                                                                     w.get("repro")) for n, w in bad)
                failures.append((p, s, msg or "failed", os.path.join(pdir, s + ".log.txt")))
            if s == "sim":
                row["build_secs"] = r.get("build_secs")
                tput = []
                for n in sweep["workloads"]:
                    w = r.get("workloads", {}).get(n, {})
                    cpt = w.get("cycles_per_txn") if w.get("pass") else None
                    row["cpt." + n] = round(cpt, 4) if cpt else None
                    row["desc_hit." + n] = round(w["desc_hit_rate"], 4) if w.get("desc_hit_rate") is not None else None
                    if w.get("cache_hit_rate") is not None:
                        row["texel_hit." + n] = round(w["cache_hit_rate"], 4)
                        row["texel_reads_per_txn." + n] = round(w["texel_reads"] / w["transactions"], 4) \
                            if w.get("texel_reads") is not None and w.get("transactions") else None
                    tput.append(1.0 / cpt if cpt else None)
                row["txn_per_cycle"] = round(geomean(tput), 4) if all(tput) and tput else None
            else:
                for k, v in r.items():
                    if k not in ("step", "key", "ok", "secs", "error"):
                        row[k] = v
        row["ok"] = ok
        rows.append(row)
    return rows, failures


def main(argv):
    if len(argv) > 1 and argv[1] == "step":
        p = argparse.ArgumentParser(prog="dse.py step")
        p.add_argument("--out", required=True)
        p.add_argument("--point", required=True)
        p.add_argument("--step", required=True, choices=STEPS)
        a = p.parse_args(argv[2:])
        return run_step(a.out, a.point, a.step)
    p = argparse.ArgumentParser(prog="tsu dse", description="Sweep tsu_top's parameters: area, Fmax and "
                                "throughput per point, and their Pareto front (tb/dse/dse.py).")
    p.add_argument("--sweep", help="sweep file (TOML; default tb/dse/default_sweep.toml)")
    p.add_argument("--out", default="dse_out", help="output directory (default dse_out; created)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel steps on this machine (default: cores)")
    p.add_argument("--resume", action="store_true", help="continue the sweep stored in --out (its sweep.toml)")
    p.add_argument("--steps", default="sim,ice40,xc7", help="steps to run (default sim,ice40,xc7)")
    p.add_argument("--build-dir", default=os.environ.get("TSU_BUILD_DIR", os.path.join(ROOT, "build")),
                   help="the built tsu tree whose bench the points link (default build/)")
    p.add_argument("--slurm", action="store_true", help="run the steps as one Slurm job array (sbatch --array)")
    p.add_argument("--partition", help="Slurm partition")
    p.add_argument("--time", help="Slurm time limit per step (e.g. 0:30:00)")
    p.add_argument("--mem", help="Slurm memory per step (e.g. 4G)")
    p.add_argument("--sbatch-arg", action="append", default=[], help="further sbatch argument (repeatable)")
    p.add_argument("--list", action="store_true", help="print the points and exit")
    a = p.parse_args(argv[1:])
    if a.jobs < 1 or a.jobs > 256:
        p.error("--jobs must be 1 to 256")
    steps = [s for s in a.steps.split(",") if s]
    for s in steps:
        if s not in STEPS:
            p.error("--steps: unknown step '%s' (sim, ice40, xc7)" % s)
    a.out = os.path.abspath(a.out)
    a.build_dir = os.path.abspath(a.build_dir)
    stored = os.path.join(a.out, "sweep.toml")
    if a.resume:
        if a.sweep:
            p.error("--resume continues the sweep stored in --out; give --sweep or --resume, not both")
        if not os.path.exists(stored):
            p.error("--resume: no sweep in %s (nothing to resume)" % a.out)
        src = stored
    else:
        src = os.path.abspath(a.sweep) if a.sweep else DEFAULT_SWEEP
    try:
        sweep = load_sweep(src)
    except SweepError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    if a.list:
        for params, varied in sweep["points"]:
            print("%s %s" % (point_id(params), sweep["names"].get(point_id(params)) or label(varied)))
        return 0
    if "sim" in steps and not os.path.exists(os.path.join(a.build_dir, "tsu-cosim-targets.cmake")):
        sys.stderr.write("error: %s is not a built tsu tree (run scripts/build.sh, or give --build-dir)\n" % a.build_dir)
        return 2
    tools = {"sim": ["cmake", "verilator"], "ice40": ["yosys", "nextpnr-ice40"], "xc7": ["yosys"]}
    for s in steps:
        for t in tools[s]:
            if shutil.which(t) is None:
                sys.stderr.write("error: step %s needs %s (run scripts/setup.sh)\n" % (s, t))
                return 2
    try:
        os.makedirs(a.out, exist_ok=True)
        if src != stored:
            shutil.copyfile(src, stored)
    except OSError as e:
        sys.stderr.write("error: --out: %s\n" % e)
        return 2
    points = prepare(a, sweep)
    tasks, cached = tasks_for(a, points, steps)
    sys.stderr.write("dse: %d points x %d steps from %s: %d to run, %d cached; output %s\n" % (
        len(points), len(steps), os.path.relpath(src), len(tasks), cached, a.out))
    t0 = time.monotonic()
    if a.slurm:
        sb = list(a.sbatch_arg)
        for opt, v in (("--partition", a.partition), ("--time", a.time), ("--mem", a.mem)):
            if v:
                sb.append("%s=%s" % (opt, v))
        farm.run_slurm(tasks, os.path.join(a.out, "slurm"), "tsu-dse", sb)
    else:
        farm.run_local(tasks, a.jobs, "dse")
    rows, failures = gather(a, sweep, points, steps)
    front = write_outputs(a, sweep, rows, failures)
    sys.stderr.write("dse: done in %s: %d points, %d on the Pareto front, %d failed steps\n" % (
        farm._fmt_secs(time.monotonic() - t0), len(rows), len(front), len(failures)))
    for p_, s, m, l in failures:
        sys.stderr.write("  FAILED %s %s (%s): %s\n    log: %s\n" % (s, p_["id"], p_["label"], m, l))
    print("dse: %s/results.csv, results.json, summary.md, pareto.png" % a.out)
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, RuntimeError) as e:  # never a traceback: a message and exit 2
        sys.stderr.write("error: %s\n" % e)
        sys.exit(2)
