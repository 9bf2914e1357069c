#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Each proof of a `zkforge bench prove` GPU trace (scripts/gpu_trace.sh): the host's gap before it,
its witness upload, its span on the GPU (upload to last activity), the share of that span the GPU was
busy, the runtime's (de)allocations during it, and its kernels' summed times by name; with
--timeline MS, each kernel of MS ms or more in the order it started, from the upload's start, named
with its group (G1, G2) and L1 for level-1 accumulation.

A proof is found by evaluate's first kernel (row_sums, two to a proof); its upload is the run of
host-to-device copies just before it.

usage: proofs.py TRACE [--kernels N] [--timeline MS]      proofs.py --self-test
"""
import collections
import re
import sys


def parse(lines):
    gpu, calls = [], []
    for line in lines:
        p = line.rstrip('\n').split(' ', 5)
        if p[0] == 'K':
            gpu.append((int(p[1]), int(p[2]), 'K', p[5]))
        elif p[0] == 'M':
            gpu.append((int(p[1]), int(p[2]), 'H2D' if p[5] == '1' else 'D2H' if p[5] == '2' else 'copy', int(p[4])))
        elif p[0] == 'S':
            gpu.append((int(p[1]), int(p[2]), 'S', int(p[4])))
        elif p[0] == 'R':
            calls.append((int(p[1]), int(p[2]), p[4]))
    gpu.sort()
    return gpu, calls


def kernel_name(mangled):
    m = re.search(r'cuda_rt\d+(\w+?)I', mangled) or re.search(r'(DeviceRadixSort\w+?Kernel)', mangled)
    return m.group(1) if m else mangled[:40]


def kernel_label(mangled):
    group = ' G2' if 'G2Curve' in mangled else ' G1' if 'G1Curve' in mangled else ''
    level_1 = ' L1' if kernel_name(mangled) == 'accumulate' and 'ELb1E' in mangled else ''
    return kernel_name(mangled) + group + level_1


def proofs(gpu, calls):
    marks = [i for i, e in enumerate(gpu) if e[2] == 'K' and 'row_sums' in e[3]][::2]
    uploads = []
    for i in marks:
        run = []
        for e in reversed(gpu[:i]):
            if e[2] == 'H2D':
                run.append(e)
            elif run:
                break
        uploads.append((min(e[0] for e in run), max(e[1] for e in run), sum(e[3] for e in run)) if run else None)
    out = []
    for k, up in enumerate(uploads):
        if up is None:
            continue
        start = up[0]
        stop = uploads[k + 1][0] if k + 1 < len(uploads) and uploads[k + 1] else float('inf')
        inside = [e for e in gpu if start <= e[0] < stop]
        before = [e[1] for e in gpu if e[0] < start]
        host_from = max(before) if before else start  # the host's gap before the proof belongs to it
        end = max(e[1] for e in inside)
        busy, reach = 0, start
        for e in inside:
            if e[1] > reach:
                busy += e[1] - max(e[0], reach)
                reach = e[1]
        kernels = collections.Counter()
        for e in inside:
            if e[2] == 'K':
                kernels[kernel_name(e[3])] += (e[1] - e[0]) / 1e6
        out.append({
            'gap_ms': (start - host_from) / 1e6 if before else None,
            'upload_ms': (up[1] - up[0]) / 1e6, 'upload_mb': up[2] / 1e6,
            'span_ms': (end - start) / 1e6, 'busy_ms': busy / 1e6,
            'frees': sum(1 for c in calls if host_from <= c[0] < end and 'Free' in c[2]),
            'mallocs': sum(1 for c in calls if host_from <= c[0] < end and 'cudaMalloc' in c[2]),
            'kernels': kernels,
            'timeline': [((e[0] - start) / 1e6, (e[1] - start) / 1e6, kernel_label(e[3])) for e in inside if e[2] == 'K']})
    return out


def report(rows, top, timeline_ms=None):
    for k, r in enumerate(rows):
        gap = '-' if r['gap_ms'] is None else '%.2f' % r['gap_ms']
        print('proof %d: host gap before %s ms; upload %.2f ms (%.1f MB); span %.2f ms, GPU busy %.2f (%.1f%%); '
              'cudaFree %d, cudaMalloc %d (from the gap on)' % (k, gap, r['upload_ms'], r['upload_mb'], r['span_ms'], r['busy_ms'],
                                              100 * r['busy_ms'] / r['span_ms'], r['frees'], r['mallocs']))
        for name, ms in r['kernels'].most_common(top):
            print('    %8.2f ms  %s' % (ms, name))
        if timeline_ms is not None:
            print('    timeline, kernels of %g ms or more (start, end, ms from the upload\'s start):' % timeline_ms)
            for begin, end, label in r['timeline']:
                if end - begin >= timeline_ms:
                    print('    %8.2f %8.2f %7.2f  %s' % (begin, end, end - begin, label))


def self_test():
    ms = 1000000
    lines = []
    for base in (0, 1000 * ms):  # two proofs: a 10 ms upload in two copies, kernels, a result copy
        lines += ['M %d %d 7 400 1' % (base + 5 * ms, base + 10 * ms), 'M %d %d 7 400 1' % (base + 10 * ms, base + 15 * ms),
                  'K %d %d 8 4 _ZN7zkforge3gpu7cuda_rt8row_sumsIx' % (base + 16 * ms, base + 20 * ms),
                  'K %d %d 8 4 _ZN7zkforge3gpu7cuda_rt8row_sumsIx' % (base + 20 * ms, base + 22 * ms),
                  'K %d %d 9 4 _ZN7zkforge3gpu7cuda_rt10accumulateINS_9bls12_3817G1CurveELb1EEEvx' % (base + 21 * ms, base + 105 * ms),
                  'M %d %d 9 96 2' % (base + 105 * ms, base + 106 * ms),
                  'R %d %d 1 cudaFree_v3020' % (base + 30 * ms, base + 31 * ms)]
    lines.append('R %d %d 1 cudaMalloc_v3020' % (500 * ms, 501 * ms))  # in the host's gap before proof 1
    rows = proofs(*parse(lines))
    assert len(rows) == 2, rows
    first, second = rows
    assert first['gap_ms'] is None and second['gap_ms'] == 1000 + 5 - 106, second
    for r in rows:
        assert (r['upload_ms'], r['upload_mb'], r['span_ms'], r['busy_ms']) == (10, 800 / 1e6, 101, 100), r
        assert r['frees'] == 1, r
        assert r['kernels']['row_sums'] == 6 and r['kernels']['accumulate'] == 84, r['kernels']
    assert (first['mallocs'], second['mallocs']) == (0, 1), rows
    assert first['timeline'] == [(11, 15, 'row_sums'), (15, 17, 'row_sums'), (16, 100, 'accumulate G1 L1')], first
    assert kernel_label('_ZN7zkforge3gpu7cuda_rt15reduce_segmentsINS_9bls12_3817G2CurveEEEvx') == 'reduce_segments G2'
    assert kernel_label('_ZN7zkforge3gpu7cuda_rt10accumulateINS_9bls12_3817G1CurveELb0EEEvx') == 'accumulate G1'
    report(rows[:1], 1, 3)
    print('proofs.py self-test: passed')


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        self_test()
    elif len(sys.argv) >= 2:
        options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
        if set(options) - {'--kernels', '--timeline'} or len(sys.argv) % 2 != 0:
            sys.exit(__doc__)
        with open(sys.argv[1], errors='replace') as f:
            report(proofs(*parse(f)), int(options.get('--kernels', 8)),
                   float(options['--timeline']) if '--timeline' in options else None)
    else:
        sys.exit(__doc__)
