"""Measures of the face on a screenshot, for tests/wrinkle/app_face_portrait.sh (python3, the PNGs
read by tests/support/png.py; where the eyes and the ear are comes from the frame's stats JSON,
the scene's eyes_px, ear_px and wing_px):

    face_measure.py whites SHOT.png STATS.json   the whites' luminance of each eye and their ratio
                                                 (darker / lighter): the mean relative luminance (the
                                                 sRGB pixels made linear, x 255) of the brighter half
                                                 of the ball's near-grey pixels (chroma under 35 % of
                                                 the brightest channel: not iris, skin or lashes); the
                                                 brighter half, as the upper lid shades the rest.
                                                 Linear, not luma: 20 % less light on one ball moves
                                                 its luma only ~6 %
    face_measure.py iris SHOT.png STATS.json     how sharp each iris's rim (the limbus) is: along 64 rays
                                                 from the ball's centre (where the iris is, the eyes
                                                 looking at the camera), the steepest rise of luma
                                                 over one pixel across the rim over the whole step
                                                 (iris's darkest to the white's brightest): 1 for an
                                                 edge within a pixel, ~1/k for one blurred over k;
                                                 the median of the rays that cross to the white (a
                                                 step over 40/255, not into a lid); one per eye
    face_measure.py isolated WITH.png WITHOUT.png  brow pixels (those the brows change by more than
                                                 8/255) and how many of them are isolated dark ones:
                                                 a pixel at least 40/255 darker in luma than the mean
                                                 of its 8 neighbours (a speck, a saw-tooth's step or a
                                                 hard strand tip; a soft edge's pixels stay within it);
                                                 prints isolated, brow pixels, fraction; with `own`
                                                 only those no isolated dark pixel of WITHOUT lies
                                                 within 2 px of (the lashes' own: the lid's edge over
                                                 the ball is such a line without them, and the lash
                                                 line moves it a pixel or two)
    face_measure.py alias SHOT.png BASE.png SHOT2X.png   how far the pixels SHOT and BASE differ on
                                                 (> 8/255: the lashes, BASE drawn without them) are
                                                 from the same frame drawn at twice the size and
                                                 averaged 2 x 2 (four samples a pixel): the mean
                                                 |luma difference| there; a hard-edged strand's
                                                 staircase is far from its supersampled self
    face_measure.py ear_rg BACK.png FRONT.png STATS.json [BOX]   mean R / mean G of the ear's pixels
                                                 lit from behind, then from the front: the pixels of
                                                 the ear's box (BOX: another box of the stats, e.g.
                                                 wing_px, the nostril's wing) that are skin in FRONT
                                                 (R >= 40, R > 1.15 G)
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.environ.get("TESTDIR", os.path.join(os.path.dirname(__file__), "..")), "support"))
from png import load  # noqa: E402


def image(path):
    w, h, ch, rows = load(path)
    return w, h, lambda x, y: tuple(rows[y][x * ch + k] for k in range(3))


def luma(c):
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def linear(v):
    v /= 255.0
    return 255.0 * (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)


def whites(shot, stats):
    w, h, px = image(shot)
    eyes = json.load(open(stats))["eyes_px"]
    out = []
    for cx, cy, r in eyes:
        vals = []
        rr = 0.85 * r
        for y in range(max(0, int(cy - rr)), min(h, int(cy + rr) + 1)):
            for x in range(max(0, int(cx - rr)), min(w, int(cx + rr) + 1)):
                if (x - cx) ** 2 + (y - cy) ** 2 > rr * rr:
                    continue
                c = px(x, y)
                hi = max(c)
                if hi >= 40 and hi - min(c) <= 0.35 * hi:
                    vals.append(luma([linear(k) for k in c]))
        vals.sort()
        top = vals[len(vals) // 2:]
        if len(top) < 3:
            sys.exit(f"face_measure: eye at ({cx:.0f}, {cy:.0f}): {len(vals)} white pixels, too few to measure")
        out.append(sum(top) / len(top))
    print(f"{out[0]:.1f} {out[1]:.1f} {min(out) / max(out):.3f}")


IRIS_OF_BALL = 0.0058 / 0.0155  # scene_face.c's iris radius over HEAD_EYE_RADIUS


def iris(shot, stats):
    w, h, px = image(shot)

    def lum(x, y):  # bilinear
        x0, y0 = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - x0, y - y0
        top = luma(px(x0, y0)) * (1 - fx) + luma(px(x0 + 1, y0)) * fx
        bottom = luma(px(x0, y0 + 1)) * (1 - fx) + luma(px(x0 + 1, y0 + 1)) * fx
        return top * (1 - fy) + bottom * fy

    out = []
    for cx, cy, r in json.load(open(stats))["eyes_px"]:
        ri, sharp = IRIS_OF_BALL * r, []
        ts = [ri * 0.6 + 0.25 * i for i in range(int(ri * 0.9 / 0.25))]
        for k in range(64):
            dx, dy = math.cos(2 * math.pi * k / 64), math.sin(2 * math.pi * k / 64)
            if not (1 <= cx - ts[-1] and cx + ts[-1] < w - 2 and 1 <= cy - ts[-1] and cy + ts[-1] < h - 2):
                sys.exit(f"face_measure: eye at ({cx:.0f}, {cy:.0f}) too near the picture's edge")
            prof = [lum(cx + dx * t, cy + dy * t) for t in ts]
            inner = min(p for t, p in zip(ts, prof) if t <= ri)
            outer = max(p for t, p in zip(ts, prof) if t >= 1.05 * ri)
            if outer - inner < 40:
                continue
            sharp.append(max(prof[i + 4] - prof[i] for i in range(len(prof) - 4)) / (outer - inner))
        if len(sharp) < 8:
            sys.exit(f"face_measure: eye at ({cx:.0f}, {cy:.0f}): {len(sharp)} rays reach the white, too few")
        sharp.sort()
        out.append(sharp[len(sharp) // 2])
    print(" ".join(f"{v:.3f}" for v in out))


def lone_dark(a, b, w, h):
    """The pixels where a and b differ by more than 8/255 (count) and those of them that are
    isolated dark pixels of a (set)."""
    lum = [[luma(a(x, y)) for x in range(w)] for y in range(h)]
    n, lone = 0, set()
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            ca, cb = a(x, y), b(x, y)
            if max(abs(ca[k] - cb[k]) for k in range(3)) <= 8:
                continue
            n += 1
            ring = sum(lum[y + j][x + i] for j in (-1, 0, 1) for i in (-1, 0, 1) if i or j) / 8
            if ring - lum[y][x] >= 40:
                lone.add((x, y))
    return n, lone


def isolated(with_path, without_path, own=""):
    w, h, a = image(with_path)
    w2, h2, b = image(without_path)
    if (w, h) != (w2, h2):
        sys.exit("face_measure: the two pictures differ in size")
    n, lone = lone_dark(a, b, w, h)
    if own == "own":  # not those within 2 px of an isolated dark pixel of the picture without
        _, before = lone_dark(b, a, w, h)
        lone = {(x, y) for x, y in lone if not any((x + i, y + j) in before for i in range(-2, 3) for j in range(-2, 3))}
    print(f"{len(lone)} {n} {len(lone) / max(n, 1):.4f}")


def alias(shot, base, shot2x):
    w, h, a = image(shot)
    w2, h2, b = image(base)
    W, H, c = image(shot2x)
    if (w, h) != (w2, h2) or (W, H) != (2 * w, 2 * h):
        sys.exit("face_measure: alias wants SHOT and BASE of one size and SHOT2X twice as large")
    n, err = 0, 0.0
    for y in range(h):
        for x in range(w):
            ca, cb = a(x, y), b(x, y)
            if max(abs(ca[k] - cb[k]) for k in range(3)) <= 8:
                continue
            n += 1
            err += abs(luma(ca) - sum(luma(c(2 * x + i, 2 * y + j)) for i in (0, 1) for j in (0, 1)) / 4)
    print(f"{err / max(n, 1):.2f} {n}")


def ear_rg(back, front, stats, box="ear_px"):
    w, h, pb = image(back)
    w2, h2, pf = image(front)
    x0, y0, x1, y1 = json.load(open(stats))[box]
    sums = [[0, 0], [0, 0]]
    for y in range(max(0, int(y0)), min(h, int(y1) + 1)):
        for x in range(max(0, int(x0)), min(w, int(x1) + 1)):
            f = pf(x, y)
            if f[0] < 40 or f[0] <= 1.15 * f[1]:
                continue
            for k, c in enumerate((pb(x, y), f)):
                sums[k][0] += c[0]
                sums[k][1] += c[1]
    print(" ".join(f"{r / max(g, 1):.3f}" for r, g in sums))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "whites" and len(sys.argv) == 4:
        whites(sys.argv[2], sys.argv[3])
    elif cmd == "iris" and len(sys.argv) == 4:
        iris(sys.argv[2], sys.argv[3])
    elif cmd == "isolated" and len(sys.argv) in (4, 5):
        isolated(*sys.argv[2:])
    elif cmd == "alias" and len(sys.argv) == 5:
        alias(*sys.argv[2:])
    elif cmd == "ear_rg" and len(sys.argv) in (5, 6):
        ear_rg(*sys.argv[2:])
    else:
        sys.exit("usage: face_measure.py whites SHOT.png STATS.json | iris SHOT.png STATS.json | isolated WITH.png WITHOUT.png [own] | alias SHOT.png BASE.png SHOT2X.png | ear_rg BACK.png FRONT.png STATS.json [BOX]")
