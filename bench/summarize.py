#!/usr/bin/env python3
"""Medians and ratios of a bench/run.sh results file, as a Markdown table."""
import csv
import statistics
import sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
groups = defaultdict(list)
for r in rows:
    groups[(r["tool"], int(r["n"]), r["mode"])].append(r)


def med(key, tool, n, mode):
    vals = [float(r[key]) for r in groups.get((tool, n, mode), [])]
    return statistics.median(vals) if vals else None


def opt(key, tool, n, mode, fmt):
    # columns that older results files do not have
    if key not in rows[0]:
        return "-"
    return format(med(key, tool, n, mode), fmt)


def per_host(key, tool, n, mode):
    # the machine's processes started over a run, per inventory host (older files: no column)
    if key not in rows[0] or not all(r.get(key) for r in groups[(tool, n, mode)]):
        return "-"
    return format(med(key, tool, n, mode) / n, ".1f")


print("| N | mode | tool | runs | median wall s | median CPU s | median peak RSS MB | sshd CPU s |"
      " connections | exec sessions | SFTP sessions | failed runs | machine idle % | steal % |"
      " processes started per host | machine CPU s |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for (tool, n, mode), rs in sorted(groups.items(), key=lambda k: (k[0][1], k[0][2], k[0][0])):
    bad = sum(1 for r in rs if r["exit"] not in ("0",))
    print(f"| {n} | {mode} | {tool} | {len(rs)} | {med('wall_s', tool, n, mode):.2f} | "
          f"{med('cpu_s', tool, n, mode):.2f} | {med('peak_rss_kb', tool, n, mode) / 1024:.0f} | "
          f"{opt('sshd_cpu_s', tool, n, mode, '.2f')} | {opt('connections', tool, n, mode, '.0f')} | "
          f"{opt('exec_sessions', tool, n, mode, '.0f')} | {opt('sftp_sessions', tool, n, mode, '.0f')} | {bad} | "
          f"{opt('idle_pct', tool, n, mode, '.0f')} | {opt('steal_pct', tool, n, mode, '.0f')} | "
          f"{per_host('processes', tool, n, mode)} | {opt('machine_cpu_s', tool, n, mode, '.2f')} |")

print()
print("| N | mode | ansible / pagetune (wall) | pagetune / floor (wall) | ansible / pagetune (CPU) | baseline / pagetune (wall) |")
print("|---|---|---|---|---|---|")
for n in sorted({k[1] for k in groups}):
    floor = med("wall_s", "floor", n, "ssh")
    for mode in ("apply", "rerun", "check"):
        p = med("wall_s", "pagetune", n, mode)
        a = med("wall_s", "ansible", n, mode)
        pc = med("cpu_s", "pagetune", n, mode)
        ac = med("cpu_s", "ansible", n, mode)
        if p is None:
            continue
        fa = f"{a / p:.1f}x" if a else "-"
        ff = f"{p / floor:.1f}x" if floor else "-"
        fc = f"{ac / pc:.1f}x" if ac and pc else "-"
        b = med("wall_s", "baseline", n, mode)
        fb = f"{b / p:.2f}x" if b else "-"
        print(f"| {n} | {mode} | {fa} | {ff} | {fc} | {fb} |")

# wall time per host against the smallest size each tool ran at: 1.00 is linear, above it is worse
sizes = sorted({k[1] for k in groups})
if len(sizes) > 1:
    print()
    print("| tool | mode | N | median wall s | per host against N = %d |" % sizes[0])
    print("|---|---|---|---|---|")
    for (tool, mode) in sorted({(k[0], k[2]) for k in groups}):
        base = med("wall_s", tool, sizes[0], mode)
        for n in sizes[1:]:
            w = med("wall_s", tool, n, mode)
            if base and w:
                print(f"| {tool} | {mode} | {n} | {w:.2f} | {(w / n) / (base / sizes[0]):.2f}x |")
