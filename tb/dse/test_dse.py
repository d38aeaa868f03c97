#!/usr/bin/env python3
"""Tests of tb/dse: the sweep file, the Pareto front, the seed farm's merging and failure
grouping, and the Slurm job array (through a stand-in sbatch that runs the array's elements
here, as Slurm would on its nodes). The tools' own runs (Verilator, yosys) are the dse.* CTests.

  python3 tb/dse/test_dse.py -v
"""
import json
import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dse  # noqa: E402
import farm  # noqa: E402
import seeds  # noqa: E402
import timing  # noqa: E402
from dse import read_text  # noqa: E402


def write(path, text, mode=None):
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))
    if mode:
        os.chmod(path, mode)
    return path


class TimingEstimate(unittest.TestCase):
    """The estimate's arithmetic and its factors come from fpga/timing_estimate.tsv."""

    def test_factor_from_the_table_and_the_estimate(self):
        f = timing.routing_factor("xc7")
        self.assertGreater(f, 1.0)
        r = timing.timing_estimate("xc7", 10.0)
        self.assertEqual(r["xc7_path_ns"], 10.0)
        self.assertAlmostEqual(r["xc7_fmax_est_mhz"], round(1000.0 / (10.0 * f), 1))
        self.assertEqual(timing.timing_estimate("ice40", None), {})
        self.assertIn("cells_sim.v", timing.timing_table("sta_lib", "xc7"))
        with self.assertRaises(RuntimeError):
            timing.routing_factor("ecp5")


class SweepFile(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def sweep(self, text):
        return dse.load_sweep(write(os.path.join(self.dir.name, "s.toml"), text))

    def test_grid_is_every_combination_over_the_base(self):
        s = self.sweep("""
            base = "hx8k"
            [grid]
            MaxReads = [2, 4, 8]
            QueueRam = [true, false]
            [workloads]
            w = "--ops 10"
            """)
        self.assertEqual(len(s["points"]), 6)
        params, varied = s["points"][0]
        self.assertEqual(params["AddrW"], "24")  # from hx8k.cfg
        self.assertEqual(varied, {"MaxReads": "2", "QueueRam": "1'b1"})
        self.assertEqual(s["workloads"], {"w": ["--ops", "10"]})

    def test_points_add_to_the_grid_and_duplicates_go(self):
        s = self.sweep("""
            [grid]
            MaxReads = [2, 8]
            [[point]]
            MaxReads = 8
            [[point]]
            MaxReads = 4
            TagW = 6
            [workloads]
            w = "--ops 10"
            """)
        self.assertEqual([v for _, v in s["points"]],
                         [{"MaxReads": "2"}, {"MaxReads": "8"}, {"MaxReads": "4", "TagW": "6"}])
        self.assertEqual(len({dse.point_id(p) for p, _ in s["points"]}), 3)

    def test_a_point_may_have_a_name(self):
        s = self.sweep("""
            base = "hx8k"
            [[point]]
            name = "two reads"
            MaxReads = 2
            [[point]]
            MaxReads = 4
            [workloads]
            w = "--ops 10"
            """)
        ids = [dse.point_id(p) for p, _ in s["points"]]
        self.assertEqual(s["names"], {ids[0]: "two reads"})
        self.assertEqual([v for _, v in s["points"]], [{"MaxReads": "2"}, {"MaxReads": "4"}])

    def test_errors_name_the_problem(self):
        cases = [
            ('[grid]\nMaxRead = [2]\n[workloads]\nw = "x"\n', "'MaxRead' is not a tsu_top parameter"),
            ('[grid]\nMaxReads = []\n[workloads]\nw = "x"\n', "non-empty list"),
            ('[grid]\nMaxReads = ["lots"]\n[workloads]\nw = "x"\n', "'lots' is not a parameter value"),
            ('[grid]\nMaxReads = [-1]\n[workloads]\nw = "x"\n', "unsigned"),
            ('base = "nope"\n[workloads]\nw = "x"\n', "unknown base configuration 'nope'"),
            ('[grid]\nMaxReads = [2]\n', "no [workloads]"),
            ('[workloads]\nw = "--config tex"\n', "--config is set by tsu dse"),
            ('[workloads]\nw = "render --out x"\n', "--out is set by tsu dse"),
            ('[workloads]\nw = "x"\n[pareto]\narea = "gates"\n', "pareto.area"),
            ('frob = 1\n[workloads]\nw = "x"\n', "unknown key 'frob'"),
            ('[workloads]\nw = "x"\n[pareto]\nthroughput = "per_watt"\n', "pareto.throughput"),
            ('[workloads]\nw = "x"\n[pareto]\nspeed = 1\n', "unknown key pareto.speed"),
            ('[workloads]\nw = "x"\n[synth]\nice40 = "fast"\n', "[synth] has one key"),
            ('[[point]]\nname = "a|b"\nMaxReads = 2\n[workloads]\nw = "x"\n', "name must be"),
            ('[grid\n', "s.toml"),
        ]
        for text, want in cases:
            with self.subTest(want=want):
                with self.assertRaises(dse.SweepError) as e:
                    self.sweep(text)
                self.assertIn(want, str(e.exception))

    def test_parameters_come_from_the_top(self):
        p = dse.top_parameters()
        for name in ("AddrW", "MaxReads", "DescCacheEntries", "EnableTex", "TexLanes"):
            self.assertIn(name, p)
        self.assertEqual(p["MaxReads"], "8")

    def test_the_default_sweep_loads(self):
        s = dse.load_sweep(dse.DEFAULT_SWEEP)
        self.assertEqual(s["base"], "hx8k")
        self.assertEqual(len(s["points"]), 6)
        self.assertEqual(set(s["workloads"]), {"surface_mix", "sured_chain", "stores"})


    def test_the_example_sweeps_load(self):
        for name, n in (("knobs.toml", 10), ("tex.toml", 7), ("tex_cache.toml", 4),
                        ("cube_grad.toml", 3), ("tex_knobs.toml", 7),
                        ("tex_quad.toml", 4)):
            with self.subTest(name=name):
                s = dse.load_sweep(os.path.join(HERE, "examples", name))
                self.assertEqual(len(s["points"]), n)


class Pareto(unittest.TestCase):
    def test_front(self):
        rows = [{"id": "a", "ice40_lut4": 100, "txn_per_cycle": 0.2},
                {"id": "b", "ice40_lut4": 200, "txn_per_cycle": 0.5},
                {"id": "c", "ice40_lut4": 250, "txn_per_cycle": 0.4},   # b is smaller and faster
                {"id": "d", "ice40_lut4": 300, "txn_per_cycle": 0.9},
                {"id": "e", "ice40_lut4": 100, "txn_per_cycle": 0.1},   # a: same area, faster
                {"id": "f", "ice40_lut4": None, "txn_per_cycle": 2.0}]  # no area: not plotted
        self.assertEqual([r["id"] for r in dse.pareto_front(rows, "ice40_lut4")], ["a", "b", "d"])

    def test_front_per_second(self):
        # A point that places has its post-route Fmax; the others their estimate, marked as such.
        rows = [{"id": "a", "ice40_lut4": 100, "txn_per_cycle": 0.2, "fmax_mhz": 50.0, "ice40_fmax_est_mhz": 40.0},
                {"id": "b", "ice40_lut4": 200, "txn_per_cycle": 0.5, "ice40_fmax_est_mhz": 10.0},
                {"id": "c", "ice40_lut4": 300, "txn_per_cycle": 0.9, "ice40_fmax_est_mhz": 20.0},
                {"id": "d", "ice40_lut4": 400, "txn_per_cycle": 0.9}]  # no Fmax at all
        for r in rows:
            dse.per_second(r, "ice40_lut4")
        self.assertEqual(rows[0]["txn_per_second"], 10000000)
        self.assertEqual(rows[0]["fmax_source"], "post-route")
        self.assertEqual(rows[1]["txn_per_second"], 5000000)
        self.assertEqual(rows[1]["fmax_source"], "estimate")
        self.assertNotIn("txn_per_second", rows[3])
        # b is larger and slower per second than a, though faster per cycle.
        self.assertEqual([r["id"] for r in dse.pareto_front(rows, "ice40_lut4", "txn_per_second")], ["a", "c"])

    def test_hierarchy_flow_changes_the_ice40_key(self):
        point = {"params": {"MaxReads": "2"}, "workloads": {}}
        flat = dse.step_keys(dict(point, ice40_flow="flatten"), "/nonexistent")["ice40"]
        hier = dse.step_keys(dict(point, ice40_flow="hierarchy"), "/nonexistent")["ice40"]
        self.assertNotEqual(flat, hier)

    def test_geomean(self):
        self.assertAlmostEqual(dse.geomean([0.5, 2.0]), 1.0)
        self.assertIsNone(dse.geomean([]))


STUB_TSU = """\
    #!/usr/bin/env python3
    # A stand-in for `tsu regress`: seed 2 and 4 mismatch alike, seed 3 dies without a report.
    import json, sys
    a = sys.argv
    seed = int(a[a.index("--seed") + 1])
    js, ju = a[a.index("--json") + 1], a[a.index("--junit") + 1]
    if seed == 3:
        sys.exit(134)
    ok = seed not in (2, 4)
    msg = "" if ok else "transaction #17 (suld), cycle 90: response element 0 differs"
    json.dump({"pass": ok, "first_message": msg, "repro": "tsu regress --seed %d" % seed,
               "cycles": 100, "checked": 40, "bins": {"suld.b32": 1, "seed%d" % seed: 2},
               "bins_planned": 3, "planned_missing": ["x", "y"] if seed == 1 else ["y"]}, open(js, "w"))
    open(ju, "w").write('<testsuite name="tsu regress seed %d" tests="5" failures="%d" errors="0">'
                        '<testcase name="suld"/></testsuite>' % (seed, 0 if ok else 1))
    sys.exit(0 if ok else 1)
    """


class SeedFarm(unittest.TestCase):
    def test_merge_and_group(self):
        with tempfile.TemporaryDirectory() as d:
            tsu = write(os.path.join(d, "tsu"), STUB_TSU, stat.S_IRWXU)
            out = os.path.join(d, "art")
            rc = seeds.main(["seeds.py", "--tsu", tsu, "--seeds", "1-4", "--jobs", "2", "--artifacts", out,
                             "--junit", os.path.join(d, "r", "all.xml"), "--ops", "10"])
            self.assertEqual(rc, 1)
            root = ET.parse(os.path.join(d, "r", "all.xml")).getroot()
            self.assertEqual(root.get("tests"), "16")   # 3 reports of 5, and one error case
            self.assertEqual(root.get("failures"), "2")
            self.assertEqual(root.get("errors"), "1")
            cov = json.load(open(os.path.join(out, "coverage.json")))
            self.assertEqual(cov["bins"]["suld.b32"], 3)
            self.assertEqual(cov["planned_missing"], ["y"])  # x was hit by seeds 2 and 4
            summary = read_text(os.path.join(out, "summary.md"))
            self.assertIn("4 seeds, 1 passed, 3 failed", summary)
            self.assertIn("### transaction #17 (suld), cycle 90: response element 0 differs (2 seeds)", summary)
            self.assertIn("`tsu regress --seed 4`", summary)
            self.assertIn("no result (the run crashed", summary)

    def test_seed_lists(self):
        self.assertEqual(seeds.parse_seeds("1-3,7,2"), [1, 2, 3, 7])
        for bad in ("", "3-1", "a", "1-", "18446744073709551616", "1-200000"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                seeds.parse_seeds(bad)


# Slurm's sbatch, as far as farm.py uses it: --array=0-N, --output, --wait, --parsable; runs
# every element (here, in turn) with SLURM_ARRAY_TASK_ID set, then prints the job id.
STUB_SBATCH = """\
    #!/bin/sh
    printf '%s\\n' "$@" > "$(dirname "$0")/sbatch.args"
    for a in "$@"; do case "$a" in --array=*) range="${a#--array=}" ;; esac; script="$a"; done
    n="${range#*-}"
    i=0
    while [ "$i" -le "$n" ]; do SLURM_ARRAY_TASK_ID=$i sh "$script" > /dev/null 2>&1; i=$((i + 1)); done
    echo 4242
    """


class SlurmArray(unittest.TestCase):
    def test_array_runs_every_task_and_reports_status(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "sbatch"), STUB_SBATCH, stat.S_IRWXU)
            tasks = [{"name": "t%d" % i, "log": os.path.join(d, "log%d" % i),
                      "argv": ["sh", "-c", "echo ran %d; exit %d" % (i, 3 if i == 1 else 0)]} for i in range(3)]
            old = os.environ["PATH"]
            os.environ["PATH"] = d + os.pathsep + old
            try:
                status = farm.run_slurm(tasks, os.path.join(d, "work"), "test", ["--partition=debug"])
            finally:
                os.environ["PATH"] = old
            self.assertEqual(status, [0, 3, 0])
            self.assertIn("ran 2", read_text(os.path.join(d, "log2")))
            args = read_text(os.path.join(d, "sbatch.args")).split("\n")
            for want in ("--array=0-2", "--wait", "--parsable", "--partition=debug"):
                self.assertIn(want, args)

    def test_missing_sbatch_is_a_clear_error(self):
        with tempfile.TemporaryDirectory() as d:
            old = os.environ["PATH"]
            os.environ["PATH"] = d
            try:
                with self.assertRaises(SystemExit) as e:
                    farm.run_slurm([{"name": "t", "log": os.path.join(d, "l"), "argv": ["true"]}],
                                   os.path.join(d, "w"), "test")
            finally:
                os.environ["PATH"] = old
            self.assertIn("Slurm submit host", str(e.exception))


class LocalFarm(unittest.TestCase):
    def test_statuses_in_task_order_and_missing_program(self):
        with tempfile.TemporaryDirectory() as d:
            tasks = [{"name": "a", "log": os.path.join(d, "a"), "argv": ["sh", "-c", "sleep 0.2; exit 5"]},
                     {"name": "b", "log": os.path.join(d, "b"), "argv": ["true"]},
                     {"name": "c", "log": os.path.join(d, "c"), "argv": [os.path.join(d, "no-such-tool")]}]
            self.assertEqual(farm.run_local(tasks, 3, "test"), [5, 0, 127])
            self.assertIn("cannot run", read_text(os.path.join(d, "c")))


if __name__ == "__main__":
    unittest.main()
