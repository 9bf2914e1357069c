#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots `zkforge bench ... --json` lines as PNGs: time against size, one line per backend and op variant,
with peers' figures (lines that carry a "peer" name, e.g. sppark's from docs/perf.md) dashed beside them.

One PNG per operation family and curve (msm_g1, msm_g2, ntt_forward, ...; "_resident" and "_from_host"
are variants of one family), named FAMILY_CURVE.png in --out. Uses Debian's python3-matplotlib.
usage: scripts/plot_bench.py [--out DIR] [--only FAMILY_CURVE ...] FILE...   (FILE: JSON lines; - is stdin)
"""
import argparse
import collections
import json
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the file-only backend)

VARIANTS = ("_resident", "_from_host")


def family_and_variant(op):
    for suffix in VARIANTS:
        if op.endswith(suffix):
            return op[: -len(suffix)], suffix[1:].replace("_", " ")
    return op, ""


def read_lines(paths):
    for path in paths:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
        with stream:
            for number, line in enumerate(stream, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as e:
                    sys.exit(f"plot_bench: {path}:{number}: not a JSON line ({e})")


def series(records):
    """{(family, curve): {label: [(log_n, ms)], ...}}, with the labels of peers kept apart."""
    plots = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in records:
        family, variant = family_and_variant(r["op"])
        who = r.get("peer") or f"zkforge {r['backend']}"
        label = f"{who} {variant}".strip()
        plots[(family, r["curve"])][label].append((r["log_n"], r["median_ms"]))
    return plots


def plot(family, curve, lines, out):
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=100)
    for label, points in sorted(lines.items()):
        points.sort()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        peer = not label.startswith("zkforge")
        ax.plot(xs, ys, "--" if peer else "-", marker="s" if peer else "o", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("size (log2 n)")
    ax.set_ylabel("time (ms, median)")
    ax.set_title(f"{family} on {curve}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    path = out / f"{family}_{curve}.png"
    fig.savefig(path)
    plt.close(fig)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="files of bench JSON lines (- for stdin)")
    parser.add_argument("--out", default=".", help="folder for the PNGs")
    parser.add_argument("--only", nargs="*", help="plot only these FAMILY_CURVE names")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for (family, curve), lines in sorted(series(read_lines(args.files)).items()):
        if args.only and f"{family}_{curve}" not in args.only:
            continue
        print(plot(family, curve, lines, out))


if __name__ == "__main__":
    main()
