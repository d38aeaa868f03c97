#!/usr/bin/env python3
"""The machine-checked testplan (docs/testplan.toml).

  scripts/testplan.py md                     print the Markdown view (docs/testplan.md)
  scripts/testplan.py check BUILD_DIR        fail unless every test, bin, cover point and file
                                             the plan names exists, and docs/testplan.md is the
                                             generated view

check reads the tests from `ctest -N` in BUILD_DIR, the planned functional bins from
`BUILD_DIR/tsu regress --list-bins`, and the cover points from the `c_name: cover property`
lines of each module under rtl/. Names may be globs ('*'); a glob must match at least one.
Exit 0 when all is well, 1 with one line per problem otherwise, 2 on a usage error.
"""
import fnmatch
import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLAN = ROOT / "docs" / "testplan.toml"
VIEW = ROOT / "docs" / "testplan.md"
FIELDS = {"name", "section", "feature", "tests", "bins", "cover", "files", "notes"}


def load():
    with open(PLAN, "rb") as f:
        plan = tomllib.load(f)
    return plan.get("section", []), plan.get("testpoint", [])


def code_list(items):
    return ", ".join(f"`{i}`" for i in items)


def markdown(sections, points):
    out = ["# Testplan", "",
           "Generated from [testplan.toml](testplan.toml) by `scripts/testplan.py md`; do not edit.",
           "CTest `docs.testplan` fails when a test, functional bin, cover point or file named here",
           "does not exist, or when this view is stale. Globs (`*`) match at least one name.", ""]
    for sec in sections:
        out += [f"## {sec['title']}", ""]
        if sec.get("intro", "").strip():
            out += [sec["intro"].strip(), ""]
        out += ["| testpoint | feature | tests | bins / cover points | notes |", "|---|---|---|---|---|"]
        for p in points:
            if p["section"] != sec["id"]:
                continue
            tests = code_list(p.get("tests", []) + p.get("files", []))
            cov = "; ".join(x for x in (code_list(p.get("bins", [])), code_list(p.get("cover", []))) if x)
            notes = p.get("notes", "").replace("|", "\\|")
            out.append(f"| `{p['name']}` | {p['feature']} | {tests} | {cov or '—'} | {notes} |")
        out.append("")
    return "\n".join(out)


def cover_points():
    """module -> set of cover point labels, from every .sv file under rtl/."""
    points = {}
    for sv in sorted((ROOT / "rtl").rglob("*.sv")):
        module = None
        for line in sv.read_text().splitlines():
            m = re.match(r"\s*module\s+(\w+)", line)
            if m:
                module = m.group(1)
            m = re.match(r"\s*(c_\w+)\s*:\s*cover\s+property", line)
            if m and module:
                points.setdefault(module, set()).add(m.group(1))
    return points


def check(build):
    sections, points = load()
    problems = []
    ids = [s["id"] for s in sections]
    ctest = subprocess.run(["ctest", "-N"], cwd=build, capture_output=True, text=True, check=True)
    tests = {re.sub(r"\s*\(Disabled\)$", "", m.group(1))
             for m in re.finditer(r"^\s*Test\s+#\d+:\s+(.+?)\s*$", ctest.stdout, re.M)}
    if not tests:
        problems.append(f"no tests found by ctest -N in {build}")
    bins = set(subprocess.run([str(pathlib.Path(build) / "tsu"), "regress", "--list-bins"],
                              capture_output=True, text=True, check=True).stdout.split())
    if not bins:
        problems.append("tsu regress --list-bins printed no bins")
    cover = cover_points()
    names = set()
    for p in points:
        where = f"testpoint '{p.get('name', '?')}'"
        for field in ("name", "section", "feature"):
            if field not in p:
                problems.append(f"{where}: no {field}")
        for field in set(p) - FIELDS:
            problems.append(f"{where}: unknown field '{field}'")
        if p.get("name") in names:
            problems.append(f"{where}: the name is used twice")
        names.add(p.get("name"))
        if p.get("section") not in ids:
            problems.append(f"{where}: section '{p.get('section')}' is not declared")
        if not (p.get("tests") or p.get("files")):
            problems.append(f"{where}: names no test")
        for t in p.get("tests", []):
            if not fnmatch.filter(tests, t):
                problems.append(f"{where}: no test '{t}'")
        for b in p.get("bins", []):
            if not fnmatch.filter(bins, b):
                problems.append(f"{where}: no functional bin '{b}'")
        for c in p.get("cover", []):
            module, _, label = c.partition(".")
            if module not in cover:
                problems.append(f"{where}: no module '{module}' with cover points (for '{c}')")
            elif not fnmatch.filter(cover[module], label):
                problems.append(f"{where}: no cover point '{label}' in {module}")
        for f in p.get("files", []):
            if not (ROOT / f).exists():
                problems.append(f"{where}: no file '{f}'")
    if not VIEW.exists() or VIEW.read_text() != markdown(sections, points) + "\n":
        problems.append("docs/testplan.md is not the generated view: run "
                        "scripts/testplan.py md > docs/testplan.md")
    for line in problems:
        print(f"testplan: {line}")
    n_cov = sum(len(p.get("cover", [])) for p in points)
    n_bins = sum(len(p.get("bins", [])) for p in points)
    n_tests = sum(len(p.get("tests", [])) for p in points)
    print(f"testplan: {len(points)} testpoints, {n_tests} test names, {n_bins} bin names, "
          f"{n_cov} cover-point names checked against {len(tests)} tests, {len(bins)} planned "
          f"bins, {sum(len(v) for v in cover.values())} cover points: "
          f"{'OK' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


def main(argv):
    if len(argv) == 2 and argv[1] == "md":
        sections, points = load()
        print(markdown(sections, points))
        return 0
    if len(argv) == 3 and argv[1] == "check":
        return check(argv[2])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
