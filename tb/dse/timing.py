"""The timing estimate of a synthesised point (fpga/timing_estimate.sh does the same from the
shell; both read fpga/timing_estimate.tsv): the cells' specify delays along the longest path of
the mapped netlist (yosys `sta`, no routing) times the target's routing factor."""
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def timing_table(kind, target):
    """A row of fpga/timing_estimate.tsv: `kind` (factor or sta_lib) for `target`."""
    with open(os.path.join(ROOT, "fpga", "timing_estimate.tsv")) as f:
        for line in f.read().splitlines():
            cols = line.split("\t")
            if len(cols) >= 3 and cols[0] == kind and cols[1] == target:
                return cols[2]
    raise RuntimeError("no %s %s in fpga/timing_estimate.tsv" % (target, kind))


def routing_factor(target):
    return float(timing_table("factor", target))


def timing_estimate(target, path_ns):
    """The estimate's fields for a result row: the path, and Fmax as path x the routing factor."""
    if not path_ns:
        return {}
    return {"%s_path_ns" % target: round(path_ns, 3),
            "%s_fmax_est_mhz" % target: round(1000.0 / (path_ns * routing_factor(target)), 1)}
