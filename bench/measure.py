#!/usr/bin/env python3
"""Runs the timed measurements of bench/run and writes them as JSON plus a readable table.

Usage: measure.py --bin BIN --parse-only PARSE_ONLY --corpus DIR --work DIR --out JSON
                  [--repeat N] [--startup-runs N] [--jobs N]
                  [--allocator NAME] [--tree-sitter LIB] [--parse-only-system-malloc PARSE_ONLY]
                  [--parse-only-debian PARSE_ONLY]

PARSE_ONLY must use the same malloc (--allocator names it) and the same libtree-sitter
(--tree-sitter: the static archive or "shared") as BIN: the ratio conversion/parse-only
compares like with like. --parse-only-system-malloc adds the baseline with glibc's malloc, and
--parse-only-debian the baseline with Debian's binary libtree-sitter (when the tool's parser is the
profile-guided build), both shown for the record.

Every timed command runs as a child process; wall time comes from a monotonic clock, CPU time from
wait4() for that child, peak RSS from GNU time (/usr/bin/time, Debian package `time`) when present. Conversions run --repeat times; the table shows the best
(fastest) run, the JSON keeps every run. The machine is shared, so CPU seconds are reported next to
wall seconds: lines per CPU second does not depend on what else is running.
"""
import argparse
import datetime
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import time

TARGETS = {
    "j1_vs_parse_only": 0.60,      # conversion -j1 >= 60% of parse-only throughput
    "lines_per_s_all_cores": 250_000,
    "startup_ms": 20.0,
    "peak_rss_mb": 300.0,
}


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
_RSS_FILE = f"/tmp/t2p-bench-rss.{os.getpid()}"


def run(cmd, quiet=True, rss=True):
    """Runs `cmd`; returns wall/user/sys seconds and peak RSS (MB).

    Peak RSS comes from GNU time when it is installed: wait4() on a child forked from this Python
    process would count the interpreter's own pages (Linux keeps the high-water mark across exec).
    With rss=False the command runs directly (no GNU time in between) and peak_rss_mb is None.
    """
    out = subprocess.DEVNULL if quiet else None
    use_time = GNU_TIME and rss
    full = [GNU_TIME, "-f", "%M", "-o", _RSS_FILE] + list(map(str, cmd)) if use_time else list(map(str, cmd))
    t0 = time.perf_counter()
    p = subprocess.Popen(full, stdout=out, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"measure: {' '.join(map(str, cmd))} failed ({p.returncode}):\n{err}")
    rss_kb = ru.ru_maxrss if rss else None
    if use_time:
        with open(_RSS_FILE) as f:
            rss_kb = int(f.read().split()[-1])
        os.unlink(_RSS_FILE)
    return {"wall": wall, "user": ru.ru_utime, "sys": ru.ru_stime, "cpu": ru.ru_utime + ru.ru_stime,
            "peak_rss_mb": rss_kb / 1024.0 if rss_kb is not None else None}


def corpus_stats(root):
    files = lines = nbytes = no_torch = 0
    for p in sorted(root.rglob("*.py")):
        data = p.read_bytes()
        files += 1
        nbytes += len(data)
        lines += data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
        no_torch += b"torch" not in data
    return {"files": files, "lines": lines, "bytes": nbytes, "files_without_torch": no_torch}


def convert_once(bin_, corpus, work, name, i, jobs):
    out = work / f"{name}-{i}"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [bin_, "convert", str(corpus), "-o", str(out), "-q"] + (["-j", str(jobs)] if jobs else [])
    # Outputs are kept until the end (the work directory is removed last): on ext4 without a
    # journal (this VM's), creating a file skips every inode freed in the last minutes
    # (`recently_deleted`), so deleting 1,126 outputs between runs made each following
    # run's file creation slower (0.16 s of system time in the first run, 0.35 s by the third).
    return run(cmd)


def convert_runs(bin_, corpus, work, name, jobs, repeat, stats, runs=None):
    runs = runs if runs is not None else [convert_once(bin_, corpus, work, name, i, jobs) for i in range(repeat)]
    best = min(runs, key=lambda r: r["wall"])
    return {
        "command": f"torch2paddle convert CORPUS -o OUT -q" + (f" -j {jobs}" if jobs else ""),
        "runs": runs,
        "wall_s": best["wall"],
        "wall_s_median": statistics.median(r["wall"] for r in runs),
        "cpu_s": min(r["cpu"] for r in runs),
        "sys_s_of_best": best["sys"],
        "lines_per_s": stats["lines"] / best["wall"],
        "mb_per_s": stats["bytes"] / 1e6 / best["wall"],
        "lines_per_cpu_s": stats["lines"] / min(r["cpu"] for r in runs),
        # what an otherwise idle machine would give if the jobs scaled perfectly: CPU time / jobs
        "idle_estimate_lines_per_s": stats["lines"] / (min(r["cpu"] for r in runs) / max(1, min(jobs or 1, os.cpu_count() or 1))),
        "peak_rss_mb": max(r["peak_rss_mb"] for r in runs),
    }


def same_tree(a, b):
    fa = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    fb = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return fa == fb and all((a / f).read_bytes() == (b / f).read_bytes() for f in fa)


def machine():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    os_name = ""
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                os_name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return {"os": os_name, "kernel": platform.release(), "cpu": model, "cores": os.cpu_count()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--parse-only", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--startup-runs", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--allocator", default="system malloc")
    ap.add_argument("--tree-sitter", default="shared",
                    help="the libtree-sitter both BIN and PARSE_ONLY link (build/tree-sitter.txt)")
    ap.add_argument("--parse-only-system-malloc")
    ap.add_argument("--parse-only-debian")
    a = ap.parse_args()
    corpus, work = pathlib.Path(a.corpus), pathlib.Path(a.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    res = {"date": datetime.date.today().isoformat(), "machine": machine(), "work_dir": str(work),
           "load_average_before": list(os.getloadavg())}
    stats = corpus_stats(corpus)
    res["corpus"] = stats
    say = lambda m: print(f"bench: {m}", file=sys.stderr, flush=True)

    # The baseline and `convert -j1` alternate, run by run: the machine (a VM whose host may be
    # busy) then slows both alike, and the ratio of their bests compares like with like. Run in
    # two blocks, a change of the host's load between them moved the ratio by 10 points or more.
    say(f"parse-only baseline and convert -j1, alternating x{a.repeat}")
    po_runs, j1_runs = [], []
    for i in range(a.repeat):
        p = subprocess.run([a.parse_only, str(corpus), "--repeat", "1"], check=True,
                           capture_output=True, text=True)
        po_runs.append(json.loads(p.stdout))
        j1_runs.append(convert_once(a.bin, corpus, work, "j1", i, 1))
    po = min(po_runs, key=lambda r: r["seconds_best"])
    po["seconds_median"] = statistics.median(r["seconds_best"] for r in po_runs)
    po["cpu_seconds_best"] = min(r["cpu_seconds_best"] for r in po_runs)
    po["repeat"] = a.repeat
    po["lines_per_s"] = po["lines"] / po["seconds_best"]
    po["mb_per_s"] = po["bytes"] / 1e6 / po["seconds_best"]
    po["lines_per_cpu_s"] = po["lines"] / po["cpu_seconds_best"]
    po["allocator"] = a.allocator
    po["tree_sitter"] = a.tree_sitter
    res["parse_only"] = po
    for key, binary, what in (("parse_only_system_malloc", a.parse_only_system_malloc, "the system malloc"),
                              ("parse_only_debian", a.parse_only_debian, "Debian's libtree-sitter")):
        if not binary:
            continue
        say(f"parse-only baseline with {what}")
        p = subprocess.run([binary, str(corpus), "--repeat", str(a.repeat)], check=True,
                           capture_output=True, text=True)
        pos = json.loads(p.stdout)
        pos["lines_per_s"] = pos["lines"] / pos["seconds_best"]
        pos["lines_per_cpu_s"] = pos["lines"] / pos["cpu_seconds_best"]
        res[key] = pos

    res["convert_j1"] = convert_runs(a.bin, corpus, work, "j1", 1, a.repeat, stats, runs=j1_runs)
    say(f"convert -j {a.jobs} x{a.repeat}")
    res["convert_all_cores"] = convert_runs(a.bin, corpus, work, f"j{a.jobs}", a.jobs, a.repeat, stats)
    res["convert_all_cores"]["jobs"] = a.jobs

    say("re-run over unchanged input")
    first = run([a.bin, "convert", str(corpus), "-o", str(work / "rerun-a"), "-q"])
    again = run([a.bin, "convert", str(corpus), "-o", str(work / "rerun-b"), "-q"])
    res["rerun"] = {"first_wall_s": first["wall"], "again_wall_s": again["wall"],
                    "again_cpu_s": again["cpu"], "ratio": again["wall"] / first["wall"],
                    "outputs_identical": same_tree(work / "rerun-a", work / "rerun-b")}

    say("report run (untimed figures: converted/failed files, API uses)")
    rep = work / "report.json"
    with_report = run([a.bin, "convert", str(corpus), "-o", str(work / "report-out"), "-q", "--report", f"json={rep}"])
    summary = json.loads(rep.read_text())["summary"]
    res["report_summary"] = summary
    res["convert_with_json_report"] = {"wall_s": with_report["wall"], "cpu_s": with_report["cpu"],
                                       "peak_rss_mb": with_report["peak_rss_mb"],
                                       "report_mb": rep.stat().st_size / 1e6}

    say(f"start-up x{a.startup_runs}")
    version = [run([a.bin, "--version"], rss=False) for _ in range(a.startup_runs)]
    empty = work / "empty.py"
    empty.write_text("import torch\n")
    empty_cmd = [a.bin, "convert", str(empty), "-o", str(work / "empty-out.py"), "-q", "--force"]
    opened = [run(empty_cmd, rss=False) for _ in range(a.startup_runs)]
    empty_rss = run(empty_cmd)["peak_rss_mb"]
    res["startup"] = {"runs": a.startup_runs,
                      "version_ms": statistics.median(r["wall"] for r in version) * 1000,
                      "version_cpu_ms": statistics.median(r["cpu"] for r in version) * 1000,
                      "empty_import_torch_ms": statistics.median(r["wall"] for r in opened) * 1000,
                      "empty_import_torch_cpu_ms": statistics.median(r["cpu"] for r in opened) * 1000,
                      "empty_import_torch_min_ms": min(r["wall"] for r in opened) * 1000,
                      "empty_import_torch_peak_rss_mb": empty_rss}
    res["load_average_after"] = list(os.getloadavg())

    j1, jn = res["convert_j1"], res["convert_all_cores"]
    peak = max(j1["peak_rss_mb"], jn["peak_rss_mb"], again["peak_rss_mb"], with_report["peak_rss_mb"])
    res["ratio_j1_vs_parse_only"] = j1["lines_per_s"] / po["lines_per_s"]
    res["ratio_j1_vs_parse_only_cpu"] = j1["lines_per_cpu_s"] / po["lines_per_cpu_s"]
    res["ratio_j1_vs_parse_only_medians"] = po["seconds_median"] / j1["wall_s_median"]
    res["peak_rss_mb"] = peak
    res["targets"] = {
        "j1_vs_parse_only": {"target": ">= 0.60", "value": round(res["ratio_j1_vs_parse_only"], 3),
                             "met": res["ratio_j1_vs_parse_only"] >= TARGETS["j1_vs_parse_only"]},
        "lines_per_s_all_cores": {"target": ">= 250000", "value": round(jn["lines_per_s"]),
                                  "met": jn["lines_per_s"] >= TARGETS["lines_per_s_all_cores"]},
        "startup_ms": {"target": "< 20", "value": round(res["startup"]["empty_import_torch_ms"], 1),
                       "met": res["startup"]["empty_import_torch_ms"] < TARGETS["startup_ms"]},
        "peak_rss_mb": {"target": "< 300", "value": round(peak, 1), "met": peak < TARGETS["peak_rss_mb"]},
    }
    pathlib.Path(a.out).write_text(json.dumps(res, indent=2) + "\n")
    shutil.rmtree(work, ignore_errors=True)

    # ---- table -------------------------------------------------------------------------------
    m = res["machine"]
    print(f"machine: {m['os']}, {m['cores']} cores, {m['cpu']}; load average "
          f"{res['load_average_before'][0]:.1f} before, {res['load_average_after'][0]:.1f} after")
    print(f"corpus: {stats['files']} files ({stats['files_without_torch']} without torch), "
          f"{stats['lines']} lines, {stats['bytes'] / 1e6:.1f} MB; tool: {summary['files_converted']} converted, "
          f"{summary['files_unchanged']} unchanged, {summary['files_failed']} failed; "
          f"{summary['api_uses']} API uses, convert rate {summary['convert_rate']:.1%}")
    print()
    print(f"{'run':<38}{'wall s':>8}{'CPU s':>8}{'lines/s':>10}{'MB/s':>7}{'lines/CPU s':>13}"
          f"{'idle est.':>11}{'peak RSS':>10}")
    rows = [("parse-only baseline (1 thread)", po["seconds_best"], po["cpu_seconds_best"], po["lines_per_s"],
             po["mb_per_s"], po["lines_per_cpu_s"], po["lines_per_cpu_s"], None),
            ("convert -j1", j1["wall_s"], j1["cpu_s"], j1["lines_per_s"], j1["mb_per_s"], j1["lines_per_cpu_s"],
             j1["idle_estimate_lines_per_s"], j1["peak_rss_mb"]),
            (f"convert -j {a.jobs}", jn["wall_s"], jn["cpu_s"], jn["lines_per_s"], jn["mb_per_s"],
             jn["lines_per_cpu_s"], jn["idle_estimate_lines_per_s"], jn["peak_rss_mb"]),
            ("re-run, unchanged input (default -j)", again["wall"], again["cpu"], stats["lines"] / again["wall"],
             stats["bytes"] / 1e6 / again["wall"], stats["lines"] / again["cpu"],
             stats["lines"] * min(a.jobs, os.cpu_count() or 1) / again["cpu"], again["peak_rss_mb"])]
    for name, w, c, lps, mbs, lpc, est, rss in rows:
        rss_s = f"{rss:.0f} MB" if rss is not None else "-"
        print(f"{name:<38}{w:>8.2f}{c:>8.2f}{lps:>10,.0f}{mbs:>7.2f}{lpc:>13,.0f}{est:>11,.0f}{rss_s:>10}")
    print("(lines/s and MB/s: best wall time of the runs; idle est.: lines / (CPU s / jobs), what an idle"
          " machine gives with perfect scaling)")
    print()
    print(f"conversion -j1 / parse-only: {res['ratio_j1_vs_parse_only']:.1%} (wall), "
          f"{res['ratio_j1_vs_parse_only_cpu']:.1%} (CPU); both with the same malloc ({a.allocator}) "
          f"and libtree-sitter ({a.tree_sitter})")
    print(f"the same with the medians of the alternating runs: {res['ratio_j1_vs_parse_only_medians']:.1%} "
          f"(parse-only {po['seconds_median']:.2f} s, -j1 {j1['wall_s_median']:.2f} s)")
    print(f"system time of the best -j1 run: {j1['sys_s_of_best']:.2f} s (creating the output files in {a.work};"
          " on this VM's ext4 it grows for minutes after mass deletions, hence a tmpfs by default)")
    if "parse_only_system_malloc" in res:
        pos = res["parse_only_system_malloc"]
        print(f"parse-only baseline with the system malloc (for the record): {pos['seconds_best']:.2f} s, "
              f"{pos['lines_per_s']:,.0f} lines/s, {pos['lines_per_cpu_s']:,.0f} lines/CPU s")
    if "parse_only_debian" in res:
        pod = res["parse_only_debian"]
        print(f"parse-only baseline with Debian's binary libtree-sitter and the grammar compiled without a profile"
              f" (for the record): {pod['seconds_best']:.2f} s, {pod['lines_per_s']:,.0f} lines/s, "
              f"{pod['lines_per_cpu_s']:,.0f} lines/CPU s")
    st = res["startup"]
    print(f"start-up (median of {a.startup_runs}): --version {st['version_ms']:.1f} ms "
          f"({st['version_cpu_ms']:.1f} ms CPU), convert of an empty `import torch` file "
          f"{st['empty_import_torch_ms']:.1f} ms ({st['empty_import_torch_cpu_ms']:.1f} ms CPU, "
          f"fastest {st['empty_import_torch_min_ms']:.1f} ms)")
    wr = res["convert_with_json_report"]
    print(f"with --report json (default -j): {wr['wall_s']:.2f} s, {wr['cpu_s']:.2f} s CPU, peak RSS "
          f"{wr['peak_rss_mb']:.0f} MB, report {wr['report_mb']:.1f} MB")
    print(f"re-run over unchanged input: {again['wall']:.2f} s vs {first['wall']:.2f} s first "
          f"({res['rerun']['ratio']:.2f}x), outputs identical: {res['rerun']['outputs_identical']}")
    print()
    print(f"{'target':<40}{'value':>12}  met")
    names = {"j1_vs_parse_only": "conversion -j1 / parse-only >= 60%",
             "lines_per_s_all_cores": f"lines/s with {a.jobs} cores >= 250,000",
             "startup_ms": "start-up < 20 ms", "peak_rss_mb": "peak memory < 300 MB"}
    for k, t in res["targets"].items():
        print(f"{names[k]:<40}{t['value']:>12}  {'yes' if t['met'] else 'NO'}")
    print(f"\nresults: {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
