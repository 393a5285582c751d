#!/usr/bin/env python3
"""uharfbuzz comparison for `typefit bench`: shapes each line of LINES once per run with a
reused buffer (guess_segment_properties, default features, font units), one thread, and prints
the best lines/s of REPEATS runs, timed in process CPU time (as the 1-thread columns of the bench).
Usage: bench_uharfbuzz.py FONT FACE_INDEX LINES [REPEATS]"""
import sys
import time

import uharfbuzz as hb


def main():
    path, index, lines_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    with open(path, "rb") as f:
        blob = hb.Blob(f.read())
    font = hb.Font(hb.Face(blob, index))
    with open(lines_path, encoding="utf-8") as f:
        lines = f.read().split("\n")[:-1]
    best = float("inf")
    for _ in range(repeats):
        buf = hb.Buffer()
        total = 0
        start = time.process_time()
        for line in lines:
            buf.clear_contents()
            buf.add_str(line)
            buf.guess_segment_properties()
            hb.shape(font, buf)
            total += sum(p.x_advance for p in buf.glyph_positions)
        best = min(best, time.process_time() - start)
    print(len(lines) / best)


if __name__ == "__main__":
    main()
