#!/usr/bin/env python3
"""tsu regress --seeds A-B: many seeds of the co-simulation regression, farmed out like tsu dse's
points (parallel processes, or one Slurm job array), merged into one report.

  tsu regress --seeds 1-64 [--jobs N | --slurm [--partition P] [--time T] [--mem M]]
              [--artifacts DIR] [--junit FILE] [any other tsu regress option]

Every seed runs `tsu regress --seed S` with the other options as given, writing its JSON summary,
JUnit XML and Verilator coverage to DIR/seeds/S/. Then:
  DIR/merged.xml      one JUnit report (a test suite per seed; --junit FILE copies it there)
  DIR/coverage.json   functional bins merged: hits summed, planned bins missed by every seed
  DIR/coverage.dat    line and cover-point coverage merged (verilator_coverage), and
  DIR/coverage.info   the same as lcov tracefile
  DIR/summary.md      pass/fail per seed, failures grouped by their first message, each with
                      the command that repeats it
Exit 0 iff every seed passed; 2 on a usage error.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import farm  # noqa: E402
from dse import read_text  # noqa: E402

MAX_SEEDS = 100000


def parse_seeds(text):
    """'1-64', '7', '1,5,9-12' -> sorted list of seeds."""
    seeds = set()
    for part in text.split(","):
        m = re.fullmatch(r"(\d{1,20})(?:-(\d{1,20}))?", part.strip())
        if not m:
            raise ValueError("'%s' is not a seed list (e.g. 1-64 or 1,5,9-12)" % text)
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        if b < a or b >= 2 ** 64:
            raise ValueError("'%s': a range is low-high, seeds 0 to 2^64-1" % part)
        if b - a + 1 + len(seeds) > MAX_SEEDS:
            raise ValueError("more than %d seeds" % MAX_SEEDS)
        seeds.update(range(a, b + 1))
    return sorted(seeds)


def merge_junit(paths, out):
    root = ET.Element("testsuites", name="tsu regress --seeds")
    tests = failures = errors = 0
    for seed, path in paths:
        try:
            tree = ET.parse(path)
        except (FileNotFoundError, ET.ParseError):
            s = ET.SubElement(root, "testsuite", name="regress seed %d" % seed, tests="1", failures="0", errors="1")
            c = ET.SubElement(s, "testcase", name="run", classname="seed%d" % seed)
            ET.SubElement(c, "error", message="no JUnit report (the run crashed or was killed)")
            tests += 1
            errors += 1
            continue
        suites = [tree.getroot()] if tree.getroot().tag == "testsuite" else list(tree.getroot())
        for s in suites:
            name = s.get("name", "regress")
            if "seed %d" % seed not in name:
                s.set("name", "%s (seed %d)" % (name, seed))
            for c in s.iter("testcase"):
                c.set("classname", "seed%d.%s" % (seed, c.get("classname", "regress")))
            tests += int(s.get("tests", "0"))
            failures += int(s.get("failures", "0"))
            errors += int(s.get("errors", "0"))
            root.append(s)
    root.set("tests", str(tests))
    root.set("failures", str(failures))
    root.set("errors", str(errors))
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    return tests, failures, errors


def main(argv):
    p = argparse.ArgumentParser(prog="tsu regress --seeds", add_help=True)
    p.add_argument("--tsu", required=True, help=argparse.SUPPRESS)  # the tsu binary (set by tsu)
    p.add_argument("--seeds", required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--artifacts", default="regress_artifacts")
    p.add_argument("--junit")
    p.add_argument("--slurm", action="store_true")
    p.add_argument("--partition")
    p.add_argument("--time")
    p.add_argument("--mem")
    p.add_argument("--sbatch-arg", action="append", default=[])
    a, rest = p.parse_known_args(argv[1:])
    for bad in ("--seed", "--json", "--coverage-dat"):
        if any(r == bad or r.startswith(bad + "=") for r in rest):
            p.error("%s is set per seed by --seeds" % bad)
    try:
        seeds = parse_seeds(a.seeds)
    except ValueError as e:
        p.error("--seeds: %s" % e)
    if not 1 <= a.jobs <= 256:
        p.error("--jobs must be 1 to 256")
    out = os.path.abspath(a.artifacts)
    try:
        os.makedirs(os.path.join(out, "seeds"), exist_ok=True)
    except OSError as e:
        sys.stderr.write("error: --artifacts: %s\n" % e)
        return 2
    if a.junit:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(a.junit)), exist_ok=True)
            open(a.junit, "a").close()
        except OSError as e:
            sys.stderr.write("error: --junit: %s\n" % e)
            return 2
    rest = [r for r in rest if r not in ("-q", "--quiet")]
    tasks = []
    for s in seeds:
        d = os.path.join(out, "seeds", str(s))
        tasks.append({"name": "seed %d" % s, "log": os.path.join(d, "regress.log"),
                      "argv": [a.tsu, "regress", "-q", "--seed", str(s), "--artifacts", d,
                               "--json", os.path.join(d, "result.json"), "--junit", os.path.join(d, "junit.xml"),
                               "--coverage-dat", os.path.join(d, "coverage.dat")] + rest})
        os.makedirs(d, exist_ok=True)
        for f in ("result.json", "junit.xml", "coverage.dat"):  # a stale result must not count
            try:
                os.remove(os.path.join(d, f))
            except FileNotFoundError:
                pass
    t0 = time.monotonic()
    if a.slurm:
        sb = list(a.sbatch_arg) + ["%s=%s" % (o, v) for o, v in
                                   (("--partition", a.partition), ("--time", a.time), ("--mem", a.mem)) if v]
        farm.run_slurm(tasks, os.path.join(out, "slurm"), "tsu-regress", sb)
    else:
        farm.run_local(tasks, a.jobs, "regress")

    results = []
    for s in seeds:
        d = os.path.join(out, "seeds", str(s))
        try:
            with open(os.path.join(d, "result.json")) as f:
                r = json.load(f)
        except (FileNotFoundError, json.JSONDecodeError):
            r = {"pass": False, "first_message": "no result (the run crashed, was killed or was refused; see its log)",
                 "repro": "%s regress --seed %d %s" % (a.tsu, s, " ".join(rest)), "bins": {}, "planned_missing": None}
        r["seed"] = s
        r["log"] = os.path.join(d, "regress.log")
        results.append(r)
    tests, failures, errors = merge_junit([(s, os.path.join(out, "seeds", str(s), "junit.xml")) for s in seeds],
                                          os.path.join(out, "merged.xml"))
    if a.junit:
        shutil.copyfile(os.path.join(out, "merged.xml"), a.junit)
    # Functional coverage: hits add up; a planned bin is missed only if every seed missed it.
    bins, missing = {}, None
    for r in results:
        for b, n in r.get("bins", {}).items():
            bins[b] = bins.get(b, 0) + n
        if r.get("planned_missing") is not None:
            m = set(r["planned_missing"])
            missing = m if missing is None else missing & m
    planned = max((r.get("bins_planned", 0) for r in results), default=0)
    with open(os.path.join(out, "coverage.json"), "w") as f:
        json.dump({"seeds": len(seeds), "bins_planned": planned,
                   "planned_missing": sorted(missing or []), "bins": bins}, f, indent=1, sort_keys=True)
    dats = [os.path.join(out, "seeds", str(s), "coverage.dat") for s in seeds]
    dats = [d for d in dats if os.path.exists(d)]
    line_note = "no line coverage (no run wrote any)"
    if dats and shutil.which("verilator_coverage"):
        merged = os.path.join(out, "coverage.dat")
        rc = subprocess.call(["verilator_coverage", "--write", merged] + dats,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rc2 = subprocess.call(["verilator_coverage", "--write-info", os.path.join(out, "coverage.info"), merged],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        line_note = ("line and cover-point coverage of %d runs merged: coverage.dat, coverage.info" % len(dats)
                     if rc == 0 and rc2 == 0 else "verilator_coverage failed to merge the runs' coverage")
    failed = [r for r in results if not r.get("pass")]
    groups = {}
    for r in failed:
        groups.setdefault(r.get("first_message") or "failed", []).append(r)
    cycles = sum(r.get("cycles", 0) or 0 for r in results)
    checked = sum(r.get("checked", 0) or 0 for r in results)
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("# tsu regress --seeds %s: %d seeds, %d passed, %d failed\n\n" % (
            a.seeds, len(seeds), len(seeds) - len(failed), len(failed)))
        f.write("%d transactions checked, %d RTL cycles, in %s. Options: `%s`.\n\n" % (
            checked, cycles, farm._fmt_secs(time.monotonic() - t0), " ".join(rest) or "(defaults)"))
        if planned:
            f.write("Functional coverage, merged: %d/%d planned bins hit.\n" % (planned - len(missing or []), planned))
        f.write(line_note[0].upper() + line_note[1:] + ".\n\n")
        if groups:
            f.write("## Failures, grouped by their first message\n\n")
            for msg, rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                f.write("### %s (%d seed%s)\n\n" % (msg, len(rs), "" if len(rs) == 1 else "s"))
                for r in rs:
                    f.write("- seed %d: `%s`; log `%s`%s\n" % (r["seed"], r.get("repro", ""), r["log"],
                                                               ("; waveform `%s`" % r["waveform"]) if r.get("waveform") else ""))
                f.write("\n")
    sys.stdout.write(read_text(os.path.join(out, "summary.md")))
    print("regress: JUnit %s (%d tests, %d failures, %d errors)" % (
        os.path.join(out, "merged.xml"), tests, failures, errors))
    return 0 if not failed else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, RuntimeError) as e:  # never a traceback: a message and exit 2
        sys.stderr.write("error: %s\n" % e)
        sys.exit(2)
