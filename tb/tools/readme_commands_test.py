#!/usr/bin/env python3
"""The README's commands and every subcommand's --help still run.

  readme_commands_test.py TSU SOURCE_DIR

Every line of a fenced block in README.md that starts with `build/tsu ` runs with `build/tsu`
replaced by TSU, in a scratch directory that links the repository's inputs (examples/, tb/,
fpga/...) and sends `/tmp/...` outputs into itself. A command passes if it exits 0, or if it is
still working after LIMIT seconds (it then got past its arguments and inputs; the process group is
stopped): a renamed option, a moved input file or a subcommand that no longer exists fails within
a second. `tsu --help` and each subcommand's `--help` must exit 0 and print a usage line.
"""
import glob
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile

LIMIT = 20  # seconds


def run(argv, cwd, limit):
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=limit)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, "", ""


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tsu, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    text = open(os.path.join(src, "README.md")).read()
    commands = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("build/tsu "):
                commands.append(line)
    if len(commands) < 6:
        print("README.md has only %d build/tsu commands; expected one per subcommand" % len(commands))
        sys.exit(1)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tsu_readme_") as work:
        for name in os.listdir(src):
            if name not in ("build", ".git") and not name.startswith("."):
                os.symlink(os.path.join(src, name), os.path.join(work, name))
        for sub in ([], ["ptx"], ["run"], ["render"], ["regress"], ["dse"]):
            rc, out, err = run([tsu] + sub + ["--help"], work, LIMIT)
            ok = rc == 0 and re.search(r"[Uu]sage", out + err) is not None
            failures += not ok
            print("%s  tsu %s--help (exit %s)" % ("ok  " if ok else "FAIL", " ".join(sub) + " " if sub else "", rc))
        for line in commands:
            argv = [tsu]
            for a in shlex.split(line)[1:]:  # as a shell would: globs expanded, /tmp redirected
                a = a.replace("/tmp/", work + "/out/")
                argv += sorted(glob.glob(a, root_dir=work)) if "*" in a else [a]
            rc, out, err = run(argv, work, LIMIT)
            ok = rc in (0, None)
            failures += not ok
            state = "still running after %d s" % LIMIT if rc is None else "exit %d" % rc
            print("%s  %s (%s)" % ("ok  " if ok else "FAIL", line, state))
            if not ok:
                print("\n".join("      " + l for l in err.strip().splitlines()[-6:]))
    print("%d commands and 6 --help checked, %d failures" % (len(commands), failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
