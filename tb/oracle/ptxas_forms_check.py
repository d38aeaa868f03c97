#!/usr/bin/env python3
"""Checks tsu's validity verdict on every form of the committed ptxas table.

  ptxas_forms_check.py TSU TABLE

Needs no ptxas: the table (tb/oracle/ptxas_forms.tsv, written by scripts/ptxas_forms.py refresh)
holds ptxas's verdicts. Each form is judged twice:

- as ptxas saw it: in the same module (scripts/ptxas_forms.py module(): same .target, the same
  declarations), read by `tsu ptx --module -`. This verdict must equal ptxas's on every form
  ptxas judged (100%); forms on which ptxas crashed must be rejected with an error message.
- alone, by `tsu ptx -` (one instruction, no declarations). It may differ from the module verdict
  only by accepting what the declarations forbid (a .texref name given to suq, say): it cannot
  see them. Any other difference fails.

Prints an agreement table per instruction and fails on any disagreement.
"""
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import ptxas_forms  # noqa: E402  (the module ptxas assembled each form in)


def module_verdicts(tsu, mode, forms):
    """{index in forms: json} from one module holding every form of this mode, one per line."""
    head, text = ptxas_forms.module(mode, [f for _, f in forms])
    p = subprocess.run([tsu, "ptx", "--module", "-"], input="\n".join(text) + "\n",
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"tsu ptx --module failed (status {p.returncode}): {p.stderr[-2000:]}")
    first = len(head) + 1  # 1-based line of the first form
    by_line = {}
    for line in p.stdout.splitlines():
        j = json.loads(line)
        by_line[j["line"]] = j
    out = {}
    for k, (i, _) in enumerate(forms):
        j = by_line.get(first + k)
        if j is None:
            sys.exit(f"tsu ptx --module printed nothing for line {first + k}: {forms[k][1]}")
        out[i] = j
    if "module errors" not in p.stderr or " 0 module errors" not in p.stderr:
        sys.exit(f"the {mode} module had errors of its own:\n{p.stderr[-2000:]}")
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tsu, table = sys.argv[1:]
    rows, header = [], []
    for line in open(table):
        if line.startswith("#"):
            header.append(line.rstrip())
            continue
        cell, mode, verdict, form, msg = line.rstrip("\n").split("\t")
        rows.append((cell, mode, verdict, form, msg))

    module = {}
    for mode in ("unified", "independent"):
        module.update(module_verdicts(tsu, mode, [(i, r[3]) for i, r in enumerate(rows)
                                                  if r[1] == mode]))
    p = subprocess.run([tsu, "ptx", "-"], input="".join(r[3] + "\n" for r in rows),
                       capture_output=True, text=True)
    single = [json.loads(l) for l in p.stdout.splitlines()]
    if len(single) != len(rows):
        sys.exit(f"tsu ptx - printed {len(single)} lines for {len(rows)} forms")

    stats = collections.defaultdict(collections.Counter)
    failures = []
    for i, (cell, mode, verdict, form, msg) in enumerate(rows):
        m, s1 = module[i], single[i]
        op = cell.split(".")[0]
        st = stats[op]
        st["forms"] += 1
        if verdict == "crash":
            st["ptxas crashed"] += 1
            if m["valid"] or not m.get("error"):
                failures.append(f"ptxas crashes on this form; tsu must reject it with an error, "
                                f"but accepts it\n    {form}")
            continue
        if (verdict == "valid") == bool(m["valid"]):
            st["agree"] += 1
        else:
            st["DISAGREE"] += 1
            failures.append(f"DISAGREE ({mode}) ptxas {verdict}{': ' + msg if msg else ''}; tsu "
                            f"{'valid' if m['valid'] else 'invalid: ' + m.get('error', '')}\n"
                            f"    {form}")
        if bool(s1["valid"]) == bool(m["valid"]):
            st["single = module"] += 1
        elif s1["valid"] and not m["valid"]:
            st["single: needs declarations"] += 1
        else:
            st["SINGLE DIFFERS"] += 1
            failures.append(f"single-line verdict differs from the module's: single "
                            f"{s1.get('error', 'valid')}; module {m.get('error', 'valid')}\n"
                            f"    {form}")

    for h in header[:5]:
        print(h)
    cols = ["forms", "agree", "ptxas crashed", "DISAGREE", "single = module",
            "single: needs declarations", "SINGLE DIFFERS"]
    print("| instruction | " + " | ".join(cols) + " | agreement |")
    print("|---" * (len(cols) + 2) + "|")
    total = collections.Counter()
    for op in sorted(stats):
        total.update(stats[op])
    for op, s in sorted(stats.items()) + [("all", total)]:
        judged = s["forms"] - s["ptxas crashed"]
        pct = 100.0 * s["agree"] / judged if judged else 100.0
        print(f"| {op} | " + " | ".join(str(s[c]) for c in cols) + f" | {pct:.2f}% |")
    for f in failures[:int(os.environ.get("TSU_FORMS_SHOW", "50"))]:
        print(f)
    if len(failures) > 50:
        print(f"... and {len(failures) - 50} more")
    judged = total["forms"] - total["ptxas crashed"]
    print(f"{total['forms']} forms: {total['agree']} of {judged} judged agree with ptxas "
          f"({100.0 * total['agree'] / judged:.2f}%), {total['ptxas crashed']} without a ptxas "
          f"verdict (crash; all rejected), {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
