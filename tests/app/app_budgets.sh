#!/usr/bin/env bash
# The budget per pass in --bench (app/budgets.h, docs/perf.md "Budgets per pass"): every scene's
# report names its column (here, llvmpipe at 320x180: "CPU renderer 960x540"); a pass with a budget
# carries budget_ms, the table's own value, and over_budget exactly when the larger of its GPU and
# CPU medians exceeds it; passes_over counts them and the log has one line for each.
set -u
fail() { echo "FAIL: $*"; exit 1; }
for s in range mud face dissolve; do
    "$IMPRINT" --headless --scene "$s" --size 320x180 --frames 12 --bench "$s.json" >"$s.log" 2>&1 ||
        { cat "$s.log"; fail "$s: --bench run failed"; }
    python3 - "$s.json" "$s.log" "$TESTDIR/../docs/perf.md" "$s" <<'PY' || exit 1
import json, re, sys
d = json.load(open(sys.argv[1])); log = open(sys.argv[2]).read(); perf = open(sys.argv[3]).read(); scene = sys.argv[4]
table = perf.split("<!-- budgets:begin -->")[1].split("<!-- budgets:end -->")[0]
col = 4  # | pass | GPU 1080 | GPU 540 | CPU 1080 | CPU 540 |: the last
want = {}
for line in table.splitlines():
    cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
    if len(cells) == 5 and re.match(r"^[a-z_.]+$", cells[0]) and cells[0] != "pass":
        want[cells[0]] = None if cells[col] in ("-", "—") else float(cells[col])
b = d["budget"]
if b["column"] != "CPU renderer 960x540": sys.exit(f"FAIL: {scene}: column {b['column']}")
over, with_budget = 0, 0
for name, p in d["passes"].items():
    if want.get(name) is None:
        if "budget_ms" in p: sys.exit(f"FAIL: {scene}: {name} has a budget the table does not give")
        continue
    with_budget += 1
    if abs(p["budget_ms"] - want[name]) > 1e-4: sys.exit(f"FAIL: {scene}: {name} budget {p['budget_ms']} != {want[name]}")
    cost = max(p["gpu_ms"]["median"] or 0, p["cpu_ms"]["median"] or 0)
    if p["over_budget"] != (cost > p["budget_ms"] + 1e-6) and abs(cost - p["budget_ms"]) > 1e-3:
        sys.exit(f"FAIL: {scene}: {name} cost {cost:.3f} budget {p['budget_ms']} over_budget {p['over_budget']}")
    if p["over_budget"]:
        over += 1
        if f"bench: {name} " not in log: sys.exit(f"FAIL: {scene}: no log line for {name} over its budget")
if with_budget < 4: sys.exit(f"FAIL: {scene}: only {with_budget} passes with a budget")
if b["passes_over"] != over: sys.exit(f"FAIL: {scene}: passes_over {b['passes_over']} != {over}")
print(f"{scene}: {with_budget} passes with a budget, {over} over ({b['column']})")
PY
done
echo "app_budgets: ok"
