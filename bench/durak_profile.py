"""Where does the compiled Durak search spend its time? A ``perf`` profile of one search.

    perf record -F 999 -o /tmp/durak.perf python bench/durak_profile.py [--size 10] [--position 9]
        [--move "attack 9♥"] [--range -1,0] [--lead-bits N] [--split-probes]
    python bench/durak_profile.py --report /tmp/durak.perf [--top 4]

The first command searches one child of a seeded bench position with one question, on one thread,
with a fresh table (the same search as ``bench/durak_census.py``), under Linux ``perf``. numba's
compiled code has no symbols perf can read, so at the end the script writes perf's map file for
JIT code, ``/tmp/perf-<pid>.map``: the address of every compiled function of the kernel. Its size
is taken as the distance to the next function's address. It also saves the code bytes of those
functions next to it (``/tmp/perf-<pid>.code`` and ``.idx``) for the annotation below.

The second command reads the recording (``perf script``) and prints the share of samples of each
kernel function, then the ``--top`` hottest instructions of the hottest functions, disassembled
with ``objdump`` from the saved code bytes.

``--split-probes`` searches a patched copy of ``solver/durak_jit.py`` instead, in which each
place that looks up a lead position's stored bounds without searching it (the cutoff tests: after
a take, after a cover ending the bout, after a pass, and a lead's or a take set's next lead) calls
its own copy of the table lookup, so the profile shows what each place's lookups cost. The copy
visits the same tree; the script checks that its node count equals the shipped search's (that
check search runs the shipped code, which the map does not name: its samples are left out).

Needs ``perf`` (linux-tools) and ``objdump`` (binutils). Results and their reading:
BENCHMARKS.md, "Session 14".
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_durak import Question, patched_module  # noqa: E402

GET = '''    @_jit("int64(int64[:, ::1], int64, int64)")
    def _lget(lt: Any, a: int, d: int) -> int:
        """The stored bounds of ``(a, d)`` (0: none)."""
        return _lfind(lt, a, d)[2]
'''
SITES = ["take", "cover", "pass", "next_lead"]
"""The lookup places of ``--split-probes``: each gets a copy of ``_lget`` named ``_lget_<site>``."""

SPLIT = [
    (GET, GET + "".join(GET.replace("def _lget(", f"def _lget_{site}(") for site in SITES)),
    ("""        packed = _lget(ttl, ka, kd)
        if packed:
            hi2 = _bounds(packed)[1]""", """        packed = _lget_take(ttl, ka, kd)
        if packed:
            hi2 = _bounds(packed)[1]"""),
    ("""            packed = _lget(ttl, ka, kd)
            if packed:
                lo2 = _bounds(packed)[0]""", """            packed = _lget_cover(ttl, ka, kd)
            if packed:
                lo2 = _bounds(packed)[0]"""),
    ("""                packed = _lget(ttl, pa, pd)""", """                packed = _lget_pass(ttl, pa, pd)"""),
    ("""        packed = _lget(ttl, ka, kd)
        return _bounds(packed)[0] if packed else NOMOVE""", """        packed = _lget_next_lead(ttl, ka, kd)
        return _bounds(packed)[0] if packed else NOMOVE"""),
]
"""The text replacements of ``--split-probes`` (each must apply exactly once)."""


def kernel_functions(mod: Any) -> list[tuple[int, str]]:
    """``(address, name)`` of every compiled function of the kernel module ``mod``, sorted. Every
    function the search calls is linked into the caller's code, so each name is looked up in
    every compiled library; the search runs the copies inside ``_run``'s."""
    from numba.core.registry import CPUDispatcher

    disps = {n: v for n, v in vars(mod).items() if isinstance(v, CPUDispatcher)}
    names = {}
    for n, dsp in disps.items():
        for cres in dsp.overloads.values():
            names[cres.fndesc.llvm_func_name] = n
    rows = set()
    for dsp in disps.values():
        for cres in dsp.overloads.values():
            for llvm_name, n in names.items():
                try:
                    p = cres.library.get_pointer_to_function(llvm_name)
                except Exception:  # a name this library does not define
                    p = 0
                if p:
                    rows.add((p, n))
    return sorted(rows)


def mapped_end(p: int) -> int:
    """The end of this process's mapping that holds address ``p`` (``p`` itself if none does)."""
    for line in open("/proc/self/maps"):
        lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
        if lo <= p < hi:
            return hi
    return p


def write_map(mod: Any) -> Path:
    """perf's JIT map for this process, plus the code bytes of the functions it lists (a function
    ends where the next one starts, or where its mapping ends)."""
    rows = kernel_functions(mod)
    base = Path(f"/tmp/perf-{os.getpid()}")
    with open(f"{base}.map", "w") as mp, open(f"{base}.code", "wb") as code, open(f"{base}.idx", "w") as idx:
        for i, (p, n) in enumerate(rows):
            nxt = rows[i + 1][0] if i + 1 < len(rows) else p + (1 << 12)
            size = min(nxt - p, 1 << 17, mapped_end(p) - p)
            if size <= 0:
                continue
            mp.write(f"{p:x} {size:x} {n}\n")
            idx.write(f"{p:x} {size:x} {code.tell():x} {n}\n")
            code.write(ctypes.string_at(p, size))
    return base


def search(args: argparse.Namespace) -> None:
    q = Question(args, "durak_profile")
    from foolsolve.solver import durak_jit

    with tempfile.TemporaryDirectory() as tmp:
        mod = patched_module("solver/durak_jit.py", SPLIT, Path(tmp), "durak_jit_profile",
                             "durak_profile") if args.split_probes else durak_jit
        eg, v, secs = q.ask(mod)
        if args.split_probes:
            eg0, v0, _ = q.ask(durak_jit)
            if (v, eg.nodes) != (v0, eg0.nodes):
                raise SystemExit(f"durak_profile: the copy searched another tree ({v}, {eg.nodes:,} nodes "
                                 f"against {v0}, {eg0.nodes:,})")
        base = write_map(mod)
    print(f"{q.title}: value {v}, {eg.nodes:,} nodes, {secs:.1f} s ({eg.nodes / secs / 1e6:.2f} M nodes/s); "
          f"perf map {base}.map")


def report(path: str, top: int) -> None:
    for tool in ("perf", "objdump"):
        if shutil.which(tool) is None:
            raise SystemExit(f"durak_profile: {tool} not found")
    out = subprocess.run(["perf", "script", "-i", path, "-F", "pid,ip,sym,dso"], capture_output=True, text=True,
                         check=True).stdout
    by_fn: collections.Counter[str] = collections.Counter()
    by_ip: collections.Counter[tuple[str, int]] = collections.Counter()
    pids: collections.Counter[str] = collections.Counter()
    total = 0
    unnamed = 0
    for line in out.splitlines():
        m = re.match(r"\s*(\d+)\s+([0-9a-f]+)\s+(\S+)\s+\((.*)\)\s*$", line)
        if not m:
            continue
        total += 1
        pid, ip, sym, dso = m.groups()
        if not re.fullmatch(r"/tmp/perf-\d+\.map", dso):
            continue
        if sym == "[unknown]":  # JIT code the map does not name (--split-probes: the check search)
            unnamed += 1
            continue
        by_fn[sym] += 1
        by_ip[sym, int(ip, 16)] += 1
        pids[pid] += 1
    if not by_fn:
        raise SystemExit("durak_profile: no kernel samples (was the recording made with this script, "
                         "and is its /tmp/perf-<pid>.map still there?)")
    pid = pids.most_common(1)[0][0]
    kernel = sum(by_fn.values())
    print(f"{total:,} samples, {kernel:,} in the kernel's named functions ({kernel / total:.0%}), {unnamed:,} in "
          "unnamed compiled code; share of the kernel's samples:")
    for fn, n in by_fn.most_common():
        if n / kernel >= 0.002:
            print(f"  {n / kernel:6.1%}  {fn}")
    idx: dict[str, tuple[int, int, int]] = {}
    base = Path(f"/tmp/perf-{pid}")
    if not Path(f"{base}.idx").exists():
        return
    for line in open(f"{base}.idx"):
        words = line.split()
        idx.setdefault(words[3], (int(words[0], 16), int(words[1], 16), int(words[2], 16)))
    code = Path(f"{base}.code").read_bytes()
    for fn, _ in by_fn.most_common(3):
        if fn not in idx or top <= 0:
            continue
        start, size, off = idx[fn]
        with tempfile.NamedTemporaryFile(suffix=".bin") as f:
            f.write(code[off:off + size])
            f.flush()
            dis = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={start:#x}",
                                  f.name], capture_output=True, text=True, check=True).stdout.splitlines()
        where: dict[int, int] = {}
        for i, line in enumerate(dis):
            m = re.match(r"\s*([0-9a-f]+):", line)
            if m:
                where[int(m.group(1), 16)] = i
        print(f"\n{fn}: hottest instructions (a sample falls on the instruction after the one that waited)")
        hot = sorted(((n, ip) for (f2, ip), n in by_ip.items() if f2 == fn), reverse=True)[:top]
        for n, ip in hot:
            print(f"  +{ip - start:#x}: {n / kernel:.1%} of the kernel")
            at = where.get(ip)
            if at is not None:
                for line in dis[max(0, at - 3):at + 1]:
                    print("     " + line.strip()[:100])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    Question.add_arguments(ap)
    ap.add_argument("--split-probes", action="store_true", help="one lookup copy per cutoff-test place")
    ap.add_argument("--report", metavar="PERF_DATA", help="print the profile of a recording instead")
    ap.add_argument("--top", type=int, default=4, help="hottest instructions shown per function (report)")
    args = ap.parse_args()
    if args.report:
        report(args.report, args.top)
    else:
        search(args)


if __name__ == "__main__":
    main()
