"""Measures of an effects picture for the billboard tests (plain python3, tests/support/png.py):
the fraction of clipped pixels (all three channels >= 250) and the number of separate bright
blobs (8-connected groups of pixels whose brightest channel is >= BRIGHT, of at most MAX_AREA
pixels, so a blown-out mass counts as none), below the HUD's rows (top TOP rows skipped).

    python3 bb_picture.py shot.png            # prints: clipped=0.0123 blobs=345
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from png import load  # noqa: E402

BRIGHT, MAX_AREA, TOP = 150, 80, 48


def measure(path):
    w, h, ch, rows = load(path)
    clipped, bright = 0, bytearray(w * h)
    for y in range(h):
        r = rows[y]
        for x in range(w):
            p = x * ch
            c0, c1, c2 = r[p], r[p + 1], r[p + 2]
            if c0 >= 250 and c1 >= 250 and c2 >= 250:
                clipped += 1
            if y >= TOP and max(c0, c1, c2) >= BRIGHT:
                bright[y * w + x] = 1
    blobs, seen = 0, bytearray(w * h)
    for i in range(w * h):
        if not bright[i] or seen[i]:
            continue
        stack, area = [i], 0
        seen[i] = 1
        while stack:
            j = stack.pop()
            area += 1
            y, x = divmod(j, w)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    yy, xx = y + dy, x + dx
                    if 0 <= yy < h and 0 <= xx < w:
                        k = yy * w + xx
                        if bright[k] and not seen[k]:
                            seen[k] = 1
                            stack.append(k)
        if area <= MAX_AREA:
            blobs += 1
    return clipped / float(w * h), blobs


if __name__ == "__main__":
    c, b = measure(sys.argv[1])
    print(f"clipped={c:.4f} blobs={b}")
