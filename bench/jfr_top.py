#!/usr/bin/env python3
"""Where a pagetune run spends its CPU: JFR execution samples by top frame and by library.

Usage: jfr print --events jdk.ExecutionSample run.jfr | bench/jfr_top.py [title]
"""
import re
import sys
from collections import Counter

title = sys.argv[1] if len(sys.argv) > 1 else "run"
JDK = ("java.", "javax.", "jdk.", "sun.", "com.sun.")


def library(method):
    parts = method.split(".")
    if method.startswith("io.pagetune."):
        return ".".join(parts[:3])  # pagetune by package
    return ".".join(parts[:2]) if not method.startswith(("org.", "com.", "net.")) else ".".join(parts[:3])


frames = Counter()
libraries = Counter()
total = 0
stack = None
for line in sys.stdin:
    if "stackTrace = [" in line:
        stack = []
        continue
    if stack is not None:
        if line.strip().startswith("]") or line.strip() == "...":
            if stack:
                total += 1
                frames[stack[0]] += 1
                # the sample belongs to the first frame outside the JDK: the code that asked for it
                owner = next((f for f in stack if not f.startswith(JDK)), None)
                libraries[library(owner) if owner else "JDK only (start-up, class loading)"] += 1
            stack = None if line.strip().startswith("]") else stack
            continue
        m = re.match(r"\s*([\w.$<>/]+)\(", line)
        if m:
            stack.append(m.group(1))

print(f"## {title}: {total} CPU samples (JFR execution samples of running Java threads)")
print()
print("| share | code that used the CPU (first frame outside the JDK) |")
print("|---:|---|")
for lib, n in libraries.most_common(14):
    print(f"| {100 * n / max(total, 1):.1f}% | {lib} |")
print()
print("| share | method (top frame) |")
print("|---:|---|")
for method, n in frames.most_common(12):
    print(f"| {100 * n / max(total, 1):.1f}% | {method} |")
print()
