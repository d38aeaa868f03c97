#!/usr/bin/env python3
"""Every file and directory a tsu command writes, tried where it cannot be written.

  output_paths_test.py TSU

Each writer (--artifacts, --junit, --json, --coverage-dat, render --out, dse --out, the seed
farm's --artifacts and --junit, the GPU oracle's case set, capture, ledger, kernels and list of
differing cases) is pointed at three places that cannot hold it: a path under /proc,
a path under a regular file, and a read-only directory (as root, the command then runs as
`nobody` through setpriv, since root writes through permission bits). Each must answer exit 2
with a one-line `error:` message on stderr, before any work: no abort, no traceback, no signal.
Prints the table of paths and answers.
"""
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tsu = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="tsu_outpaths_")
    os.chmod(work, 0o755)
    regular = os.path.join(work, "a_file")
    open(regular, "w").close()
    os.chmod(regular, 0o644)
    ro = os.path.join(work, "read_only")
    os.mkdir(ro)
    os.chmod(ro, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH |
             stat.S_IXOTH)
    cwd = os.path.join(work, "cwd")  # writable by everyone: only the path under test is not
    os.mkdir(cwd)
    os.chmod(cwd, 0o777)
    as_nobody = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            print("setpriv missing: the read-only case cannot run as root")
            sys.exit(77)
        nobody = pwd.getpwnam("nobody")
        as_nobody = ["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid,
                     "--clear-groups", "--"]
    places = [("under /proc", "/proc/tsu_no_such_dir/x", []),
              ("under a regular file", os.path.join(regular, "x"), []),
              ("in a read-only directory", os.path.join(ro, "x"), as_nobody)]
    fast = ["--ops", "1", "-q"]
    # A small GPU oracle case set and the model's capture of it, for the oracle's writers.
    cases_dir = os.path.join(work, "gpu_cases")
    subprocess.run([tsu, "oracle", "gpu", "cases", "--scale", "0.01", "--out", cases_dir],
                   check=True, capture_output=True)
    cases = os.path.join(cases_dir, "cases.txt")
    capture = os.path.join(cases_dir, "model.txt")
    subprocess.run([tsu, "oracle", "gpu", "model", cases, capture], check=True, capture_output=True)
    for f in (cases, capture):
        os.chmod(f, 0o644)
    writers = [
        ("regress --artifacts (--waves)", lambda p: ["regress", "--waves", "--artifacts", p] + fast),
        ("regress --artifacts", lambda p: ["regress", "--artifacts", p + "/y"] + fast),
        ("regress --junit", lambda p: ["regress", "--junit", p + "/r.xml"] + fast),
        ("regress --json", lambda p: ["regress", "--json", p + "/r.json"] + fast),
        ("regress --coverage-dat", lambda p: ["regress", "--coverage-dat", p + "/r.dat"] + fast),
        ("render --out", lambda p: ["render", "--scene", "plane", "--width", "16", "--height", "16",
                                    "--out", p]),
        ("regress --seeds --artifacts", lambda p: ["regress", "--seeds", "1", "--jobs", "1",
                                                   "--artifacts", p] + fast),
        ("regress --seeds --junit", lambda p: ["regress", "--seeds", "1", "--jobs", "1",
                                               "--artifacts", "farm",
                                               "--junit", p + "/m.xml"] + fast),
        ("dse --out", lambda p: ["dse", "--out", p, "--steps", "sim"]),
        ("oracle gpu cases --out", lambda p: ["oracle", "gpu", "cases", "--scale", "0.01", "--out", p]),
        ("oracle gpu model (capture)", lambda p: ["oracle", "gpu", "model", cases, p + "/c.txt"]),
        ("oracle gpu model --ledger", lambda p: ["oracle", "gpu", "model", cases, "c%d.txt" % len(p),
                                                 "--inject-every", "5", "--ledger", p + "/l.txt"]),
        ("oracle gpu kernels --out", lambda p: ["oracle", "gpu", "kernels", cases, "--out", p]),
        ("oracle gpu check --differing", lambda p: ["oracle", "gpu", "check", cases, capture,
                                                    "--differing", p + "/d.txt"]),
    ]
    failures = 0
    print("| writer | path | exit | message |")
    print("|---|---|---|---|")
    for name, argv in writers:
        for where, path, prefix in places:
            cmd = prefix + [tsu] + argv(path)
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=cwd)
            err = [l for l in p.stderr.splitlines() if l.startswith("error:")]
            ok = (p.returncode == 2 and len(err) == 1 and "Traceback" not in p.stderr and
                  "terminate called" not in p.stderr)
            failures += not ok
            msg = err[0] if err else (p.stderr.strip().splitlines() or ["(nothing)"])[-1]
            print("| %s | %s | %d | %s%s |" % (name, where, p.returncode, msg[:110],
                                                "" if ok else "  <-- FAIL"))
            if not ok:
                print("    $ " + " ".join(cmd) + "\n" + "\n".join("    " + l for l in
                                                             p.stderr.splitlines()[-8:]))
    os.chmod(ro, 0o755)
    shutil.rmtree(work, ignore_errors=True)
    print("%d failures" % failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
