#!/usr/bin/env python3
"""Checks `tsu ptx`'s validity verdict on every form of the committed ptxas table.

  ptxas_forms_check.py TSU TABLE DEPARTURES

Needs no ptxas: the table (tb/oracle/ptxas_forms.tsv, written by scripts/ptxas_forms.py refresh)
holds ptxas's verdicts. A disagreement passes only if a rule of DEPARTURES (documented in
docs/oracle.md) explains it; forms where ptxas crashed have no verdict and are counted apart.
Prints an agreement table per instruction and fails on any unexplained disagreement.
"""
import collections
import json
import re
import subprocess
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tsu, table, departures = sys.argv[1:]
    rows = []
    header = []
    for line in open(table):
        if line.startswith("#"):
            header.append(line.rstrip())
            continue
        cell, mode, verdict, form, msg = line.rstrip("\n").split("\t")
        rows.append((cell, mode, verdict, form, msg))
    rules = []
    for line in open(departures):
        if line.startswith("#") or not line.strip():
            continue
        rid, verdict, form_re, msg_re, why = line.rstrip("\n").split("\t")
        rules.append((rid, verdict, re.compile(form_re), re.compile(msg_re), why))

    p = subprocess.run([tsu, "ptx", "-"], input="".join(r[3] + "\n" for r in rows),
                       capture_output=True, text=True)
    out = p.stdout.splitlines()
    if len(out) != len(rows):
        sys.exit(f"tsu ptx printed {len(out)} lines for {len(rows)} forms (status {p.returncode})")

    stats = collections.defaultdict(collections.Counter)
    used = collections.Counter()
    failures = []
    for (cell, mode, verdict, form, msg), line in zip(rows, out):
        j = json.loads(line)
        tsu_valid = bool(j["valid"])
        op = cell.split(".")[0]
        s = stats[op]
        s["forms"] += 1
        if verdict == "crash":
            s["ptxas crashed"] += 1
            continue
        if (verdict == "valid") == tsu_valid:
            s["agree"] += 1
            continue
        rule = next((r for r in rules if r[1] == verdict and r[2].search(form) and
                     r[3].search(msg)), None)
        if rule:
            s["departure " + rule[0]] += 1
            used[rule[0]] += 1
        else:
            s["DISAGREE"] += 1
            failures.append(f"DISAGREE ({mode}) ptxas {verdict}"
                            f"{': ' + msg if msg else ''}; tsu "
                            f"{'valid' if tsu_valid else 'invalid: ' + j.get('error', '')}\n"
                            f"    {form}")

    for h in header[:5]:
        print(h)
    cols = ["forms", "agree", "ptxas crashed"] + sorted(
        {k for s in stats.values() for k in s if k.startswith("departure")}) + ["DISAGREE"]
    print("| instruction | " + " | ".join(cols) + " | agreement |")
    print("|---" * (len(cols) + 2) + "|")
    total = collections.Counter()
    for op in sorted(stats):
        total.update(stats[op])
    for op, s in sorted(stats.items()) + [("all", total)]:
        judged = s["forms"] - s["ptxas crashed"]
        pct = 100.0 * s["agree"] / judged if judged else 100.0
        print(f"| {op} | " + " | ".join(str(s[c]) for c in cols) + f" | {pct:.2f}% |")
    for rid, _, _, _, why in rules:
        print(f"  departure {rid}: {used[rid]} forms ({why})")
        if not used[rid]:
            print(f"  note: departure rule {rid} matched nothing; is it still needed?")
    for f in failures[:50]:
        print(f)
    if len(failures) > 50:
        print(f"... and {len(failures) - 50} more")
    print(f"{total['forms']} forms: {total['agree']} agree, "
          f"{sum(used.values())} documented departures, {total['ptxas crashed']} without a "
          f"ptxas verdict (crash), {len(failures)} unexplained disagreements")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
