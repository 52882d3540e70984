#!/usr/bin/python3
"""Mutation check for the rules engine's Law tests.

Applies single-rule mutants (scripts/mutants.txt) one at a time to the engine
source, rebuilds only the rules Law test binaries (not signature_test,
property_test or perft_test), runs them and records whether any test failed
("caught") or all passed ("missed"). The source is restored after each mutant,
also on Ctrl-C or SIGTERM; a mutant left behind by a killed run is restored at
the next start (backups live in BUILD_DIR/mutation_backup/).

  scripts/mutation_check.py [--build-dir build] [--mutants scripts/mutants.txt]
                            [--only SUBSTR] [--tests core_law,eyrie,...]

Exit status: 0 when every applicable mutant was caught, 1 otherwise, 2 on a
usage or setup error. Not part of ctest (it rebuilds once per mutant).
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Test binaries under tests/referee/rules that are change detectors or
# invariant checks rather than Law tests, and the clause-number check.
NOT_LAW_TESTS = {"signature", "property", "perft", "law_refs"}


def parse_mutants(path):
    """Blocks of `[name]` then `file =`, `from =`, `to =` lines.

    Snippets are literal; `\\n` stands for a newline and `\\\\` for a
    backslash. Lines starting with '#' are comments.
    """
    mutants, cur = [], None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("[") and line.rstrip().endswith("]"):
                cur = {"name": line.strip()[1:-1], "line": lineno}
                mutants.append(cur)
                continue
            key, sep, value = line.partition("=")
            key = key.strip()
            if not sep or cur is None or key not in ("file", "from", "to"):
                sys.exit(f"{path}:{lineno}: expected [name] or file/from/to = ...")
            value = value[1:] if value.startswith(" ") else value
            if key != "file":
                value = (value.replace("\\\\", "\0").replace("\\n", "\n")
                         .replace("\0", "\\"))
            cur[key] = value
    for m in mutants:
        for key in ("file", "from", "to"):
            if key not in m:
                sys.exit(f"{path}:{m['line']}: mutant {m['name']!r} lacks {key}")
    return mutants


def law_tests(explicit):
    if explicit:
        return [t if t.endswith("_test") else t + "_test"
                for t in explicit.split(",")]
    d = os.path.join(ROOT, "tests", "referee", "rules")
    names = sorted(f[:-len("_test.cc")] for f in os.listdir(d)
                   if f.endswith("_test.cc"))
    return [n + "_test" for n in names if n not in NOT_LAW_TESTS]


class Restorer:
    """Keeps a backup of the one mutated file and puts it back."""

    def __init__(self, backup_dir):
        self.backup_dir = backup_dir
        self.active = None  # (path, original bytes)

    def restore_leftovers(self):
        if not os.path.isdir(self.backup_dir):
            return
        for dirpath, _, files in os.walk(self.backup_dir):
            for f in files:
                bak = os.path.join(dirpath, f)
                rel = os.path.relpath(bak, self.backup_dir)
                print(f"restoring {rel} left mutated by an earlier run")
                shutil.copyfile(bak, os.path.join(ROOT, rel))
                os.remove(bak)

    def mutate(self, rel, original, mutated):
        bak = os.path.join(self.backup_dir, rel)
        os.makedirs(os.path.dirname(bak), exist_ok=True)
        with open(bak, "wb") as f:
            f.write(original)
        self.active = (rel, original)
        with open(os.path.join(ROOT, rel), "wb") as f:
            f.write(mutated)

    def restore(self):
        if self.active is None:
            return
        rel, original = self.active
        with open(os.path.join(ROOT, rel), "wb") as f:
            f.write(original)
        os.remove(os.path.join(self.backup_dir, rel))
        self.active = None


def build(build_dir, targets, log):
    r = subprocess.run(["cmake", "--build", build_dir, "--target", *targets],
                       cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    return r.returncode == 0


def run_tests(build_dir, tests, timeout):
    """Returns the test binaries that failed (or timed out)."""
    failed = []
    for t in tests:
        exe = os.path.join(build_dir, "tests", "referee", "rules", t)
        try:
            r = subprocess.run([exe, "--gtest_brief=1"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
            if r.returncode != 0:
                names = [l.split("]", 1)[1].strip().split(" ")[0]
                         for l in r.stdout.decode(errors="replace").splitlines()
                         if l.startswith("[  FAILED  ]") and "." in l]
                failed.append(f"{t}({', '.join(sorted(set(names))) or 'crash'})")
        except subprocess.TimeoutExpired:
            failed.append(f"{t}(timeout)")
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--mutants", default=os.path.join(ROOT, "scripts",
                                                      "mutants.txt"))
    ap.add_argument("--only", default="", help="run mutants whose name "
                    "contains this text")
    ap.add_argument("--tests", default="", help="comma-separated test "
                    "binaries (default: the rules Law tests)")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per test binary")
    args = ap.parse_args()
    build_dir = os.path.abspath(os.path.join(ROOT, args.build_dir)
                                if not os.path.isabs(args.build_dir)
                                else args.build_dir)
    if not os.path.isfile(os.path.join(build_dir, "build.ninja")) and \
            not os.path.isfile(os.path.join(build_dir, "Makefile")):
        print(f"{build_dir} is not a configured build directory "
              "(run scripts/build.sh or cmake -B first)", file=sys.stderr)
        return 2
    mutants = [m for m in parse_mutants(args.mutants) if args.only in m["name"]]
    tests = law_tests(args.tests)
    restorer = Restorer(os.path.join(build_dir, "mutation_backup"))
    restorer.restore_leftovers()

    interrupted = []

    def on_signal(signum, frame):
        interrupted.append(signum)
        restorer.restore()
        print(f"\ninterrupted (signal {signum}); source restored",
              file=sys.stderr)
        sys.exit(130)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    log_path = os.path.join(build_dir, "mutation_check.log")
    print(f"{len(mutants)} mutants; tests: {' '.join(tests)}; "
          f"build log: {log_path}")
    results = []  # (name, status, detail)
    with open(log_path, "w") as log:
        print("baseline build ...", flush=True)
        if not build(build_dir, tests, log):
            print("the unmutated source does not build; see the log",
                  file=sys.stderr)
            return 2
        base_failed = run_tests(build_dir, tests, args.timeout)
        if base_failed:
            print("the Law tests fail without a mutant: "
                  + "; ".join(base_failed), file=sys.stderr)
            return 2
        try:
            for i, m in enumerate(mutants, 1):
                t0 = time.time()
                path = os.path.join(ROOT, m["file"])
                try:
                    with open(path, "rb") as f:
                        original = f.read()
                except OSError:
                    results.append((m["name"], "stale", "no such file"))
                    print(f"[{i}/{len(mutants)}] STALE  {m['name']}: "
                          f"no file {m['file']}", flush=True)
                    continue
                src = m["from"].encode()
                n = original.count(src)
                if n != 1:
                    why = "snippet not found" if n == 0 else \
                        f"snippet occurs {n} times"
                    results.append((m["name"], "stale", why))
                    print(f"[{i}/{len(mutants)}] STALE  {m['name']}: {why}",
                          flush=True)
                    continue
                restorer.mutate(m["file"], original,
                                original.replace(src, m["to"].encode()))
                try:
                    log.write(f"\n=== {m['name']} ===\n")
                    log.flush()
                    if not build(build_dir, tests, log):
                        status, detail = "invalid", "does not compile"
                    else:
                        failed = run_tests(build_dir, tests, args.timeout)
                        status = "caught" if failed else "missed"
                        detail = "; ".join(failed)
                finally:
                    restorer.restore()
                results.append((m["name"], status, detail))
                print(f"[{i}/{len(mutants)}] {status.upper():7}{m['name']}"
                      f"{(' <- ' + detail) if detail else ''} "
                      f"({time.time() - t0:.0f}s)", flush=True)
        finally:
            restorer.restore()
            # Leave the build matching the restored source (not when
            # interrupted: the user wants out).
            if not interrupted:
                build(build_dir, tests, log)
    counted = [r for r in results if r[1] in ("caught", "missed")]
    caught = sum(r[1] == "caught" for r in counted)
    print(f"\ncaught {caught} of {len(counted)}")
    for status in ("missed", "stale", "invalid"):
        rows = [r for r in results if r[1] == status]
        if rows:
            print(f"{status} ({len(rows)}):")
            for name, _, detail in rows:
                print(f"  - {name}" + (f" ({detail})" if status != "missed"
                                       and detail else ""))
    return 0 if caught == len(counted) else 1


if __name__ == "__main__":
    sys.exit(main())
