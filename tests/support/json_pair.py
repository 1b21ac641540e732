"""Compares the `stats` JSONs of a picture pair (tests/app/app_pairs.sh, tests/app/app_docs.sh).

    python3 json_pair.py A.json B.json [TOGGLE ...]

Prints every key path whose value differs between A and B, ignoring what is not the frame's state:
`fps`, `rss_kb` and timing keys (a key ending in `_ms`, `gpu_ms`, `cpu_ms`, and everything under
`timings`, `passes`, `cpu` or `gpu`; `_ms` anywhere in a key: `compose_gpu_ms_median`; the
ratio `compose_over_skin`). Exit 0 when the differing paths are exactly the TOGGLE
paths given (each must differ: a pair that does not toggle its switch proves nothing), 1 otherwise.
A TOGGLE ending in `.*` matches any path under it.
"""
import json
import sys

IGNORED_KEYS = {"fps", "rss_kb", "gpu_ms", "cpu_ms", "timings", "passes", "cpu", "gpu",
                "compose_over_skin"}  # a ratio of two timers


def ignored(key):
    return key in IGNORED_KEYS or "_ms" in key


def diff(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if ignored(k):
                continue
            p = f"{path}.{k}" if path else k
            if k not in a or k not in b:
                out.append(p)
            else:
                diff(a[k], b[k], p, out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}.{i}", out)
    elif a != b:
        out.append(path)


def matches(path, toggle):
    if toggle.endswith(".*"):
        return path.startswith(toggle[:-1])
    return path == toggle


def main():
    a = json.load(open(sys.argv[1]))
    b = json.load(open(sys.argv[2]))
    toggles = sys.argv[3:]
    out = []
    diff(a, b, "", out)
    extra = [p for p in out if not any(matches(p, t) for t in toggles)]
    missing = [t for t in toggles if not any(matches(p, t) for p in out)]
    for p in extra:
        print(f"differs: {p}")
    for t in missing:
        print(f"toggle does not differ: {t}")
    return 1 if extra or missing else 0


if __name__ == "__main__":
    sys.exit(main())
