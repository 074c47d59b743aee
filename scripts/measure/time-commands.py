#!/usr/bin/env python3
"""Times commands side by side, for BENCHMARKS.md: each run ROUNDS times, interleaved (one of each per round, so that
drift on a shared machine hits them alike), stdout discarded; per run the wall time and the CPU time (user + system
of the process and its threads, from wait4's rusage: microseconds, where /usr/bin/time gives 10 ms). Prints the
load average at the start and end, then per command the medians, with the range in brackets.

    python3 scripts/measure/time-commands.py ROUNDS NAME='COMMAND ARGS' ...

e.g. `digestlab sum`'s start against Node's own (docs/decisions/sum-start.md):

    : > /tmp/empty && python3 scripts/measure/time-commands.py 10 node='node -e 0' \\
        b3='node packages/cli/bin/digestlab.js sum -a blake3 /tmp/empty'
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [arg.split('=', 1) for arg in sys.argv[2:]]
    runs = {name: ([], []) for name, _ in commands}
    start = os.getloadavg()
    for _ in range(rounds):
        for name, command in commands:
            t = time.perf_counter()
            child = subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - t
            if status != 0:
                sys.exit(f'{name}: {command} failed (wait status {status})')
            runs[name][0].append(wall * 1000)
            runs[name][1].append((usage.ru_utime + usage.ru_stime) * 1000)
    end = os.getloadavg()
    print(f'load average {start[0]:.2f} {start[1]:.2f} {start[2]:.2f} at the start, '
          f'{end[0]:.2f} {end[1]:.2f} {end[2]:.2f} at the end; {rounds} rounds, interleaved')
    for name, command in commands:
        wall, cpu = runs[name]
        print(f'{name:12} wall ms {statistics.median(wall):7.1f} [{min(wall):7.1f}-{max(wall):7.1f}]  '
              f'CPU ms {statistics.median(cpu):7.1f} [{min(cpu):7.1f}-{max(cpu):7.1f}]  {command}')


main()
