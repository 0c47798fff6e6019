#!/usr/bin/env python3
"""Counts the processes in an strace -f log (execve and the clone family) by what they became.

Each process is named by the last program it executed; one that executed nothing is "fork of"
its parent's program (a subshell, a command substitution, sshd's privilege separation). /bin/sh
is told apart by how it was started: reading its standard input (a session shell, or the shell
that reads a write script), "-c" with pagetune's PID line (the wrapper of pagetune's own scripts),
or "-c" with anything else.
Usage: processes.py TRACE N   (N: the inventory hosts, for the per-host column)
"""
import collections
import re
import sys


def processes(lines):
    pending, parent, program, argv = {}, {}, {}, {}
    for line in lines:
        m = re.match(r"^(\d+)\s+(.*)$", line)
        if not m:
            continue
        pid, rest = int(m.group(1)), m.group(2)
        if rest.endswith("<unfinished ...>"):
            pending[pid] = rest[: -len("<unfinished ...>")]
            continue
        resumed = re.match(r"^<\.\.\. \w+ resumed>(.*)$", rest)
        if resumed:
            rest = pending.pop(pid, "") + resumed.group(1)
        call = re.match(r"^(\w+)\((.*)\)\s+=\s+(-?\d+)", rest)
        if not call:
            continue
        name, args, ret = call.group(1), call.group(2), int(call.group(3))
        if name in ("clone", "clone3", "fork", "vfork") and ret > 0:
            parent[ret] = pid
        elif name == "execve" and ret == 0:
            a = re.match(r'"([^"]*)", \[(.*?)\], ', args)
            if a:
                program[pid], argv[pid] = a.group(1), a.group(2)
    return parent, program, argv


def kind(pid, parent, program, argv):
    if pid in program:
        p = program[pid]
        if p == "/bin/sh":
            a = argv[pid]
            if '"-c"' not in a:
                return "/bin/sh (reads stdin)"
            return "/bin/sh -c (pagetune's PID line)" if "pagetune-pid" in a else "/bin/sh -c (other)"
        return p
    return "fork of " + program.get(parent.get(pid), "?")


def main():
    trace, n = sys.argv[1], int(sys.argv[2])
    with open(trace) as f:
        parent, program, argv = processes(f.read().splitlines())
    counts = collections.Counter(kind(p, parent, program, argv) for p in set(parent) | set(program))
    total = sum(counts.values())
    print(f"{total} processes, {total / n:.1f} per host (N = {n})")
    for k, v in counts.most_common():
        print(f"{v:7d} {v / n:7.2f}  {k}")


if __name__ == "__main__":
    main()
