"""Checks that every picture a page shows proves its caption (docs/README: "Pictures").

    python3 docs_expect.py ROOT

Right after each picture `![..](img/NAME.png)` in README.md and docs/*.md (in a table, in the same
cell; else on the same line or the next) stands `<!-- expect: CLAIM; CLAIM -->`:
  - `KEY OP VALUE`: KEY a dotted path into docs/img/NAME.json (the `stats` of the very frame, written
    by the docs script beside its picture), OP one of == != < <= > >=, VALUE a number, true/false
    or a double-quoted string;
  - `figure`: a teaching figure that another program of ours draws (a `figure` line of
    tools/docs_pictures.sh that does not run imprint): no JSON;
  - `frozen`: a before-picture from an older build, in tools/docs_pictures.sh's FROZEN list;
  - `pixels OTHER X Y W H >= P%` (the pixel form, for pairs, before/afters and difference maps):
    at least P % of the rectangle X Y W H of this picture (W or H 0: to its edge) differs from
    docs/img/OTHER (a picture of the same size, named without its extension) by more than 16/255
    in some channel; OTHER `black` reads a difference map (pixels brighter than 16). It needs the
    imgtool of the build (IMGTOOL), and may stand beside `figure` and `frozen`.
Pictures are PNG (maps, dumps, figures) or JPEG (scene shots).
Prints one line per failure and exits 1 if there is any; a picture with no claim is a failure.
"""
import json
import os
import re
import subprocess
import sys

IMG = re.compile(r'!\[[^\]]*\]\(((?:\.\./)?(?:docs/)?img/([A-Za-z0-9_-]+)\.(png|jpg))\)')
PIXELS = re.compile(r'^pixels\s+([A-Za-z0-9_-]+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*>=\s*([0-9.]+)\s*%$')
LEVEL = 16
EXPECT = re.compile(r'\s*<!--\s*expect:\s*(.*?)\s*-->')
CLAIM = re.compile(r'^([A-Za-z0-9_.\-]+)\s*(==|!=|<=|>=|<|>)\s*(.+)$')


def lookup(data, key):
    v = data
    for part in key.split('.'):
        if isinstance(v, list):
            if not part.isdigit() or int(part) >= len(v):
                raise KeyError(key)
            v = v[int(part)]
        elif isinstance(v, dict) and part in v:
            v = v[part]
        else:
            raise KeyError(key)
    return v


def parse_value(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1]
    if text in ('true', 'false'):
        return text == 'true'
    return float(text)


def holds(actual, op, want):
    if isinstance(want, str) != isinstance(actual, str):
        return False
    if isinstance(actual, bool) or isinstance(want, bool):
        actual, want = bool(actual), bool(want)
        if op not in ('==', '!='):
            return False
    return {'==': actual == want, '!=': actual != want, '<': actual < want, '<=': actual <= want,
            '>': actual > want, '>=': actual >= want}[op]


def made_lists(root):
    text = open(os.path.join(root, 'tools/docs_pictures.sh')).read()
    frozen = set()
    m = re.search(r'# FROZEN:(.*?)# END FROZEN', text, re.S)
    if m:
        frozen = set(re.findall(r'([A-Za-z0-9_-]+)\.(?:png|jpg)', m.group(1)))
    figures = set()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('figure ') and '$imprint' not in line:
            m = re.search(r'docs/img/([A-Za-z0-9_-]+)\.(?:png|jpg)', line)
            if m:
                figures.add(m.group(1))
    return frozen, figures


def picture(root, stem):
    for ext in ('png', 'jpg'):
        path = os.path.join(root, 'docs', 'img', f'{stem}.{ext}')
        if os.path.exists(path):
            return path
    return None


def pixel_claim(root, file, claim):
    """None when `pixels OTHER X Y W H >= P%` holds of docs/img/file, else why not."""
    c = PIXELS.match(claim)
    if not c:
        return f'cannot read the claim "{claim}" (pixels OTHER X Y W H >= P%)'
    other, x, y, w, h, pct = c.groups()
    imgtool = os.environ.get('IMGTOOL')
    if not imgtool or not os.access(imgtool, os.X_OK):
        return f'"{claim}": no imgtool to measure it (set IMGTOOL to the build\'s bin/imgtool)'
    b = 'black' if other == 'black' else picture(root, other)
    if not b:
        return f'"{claim}": no picture docs/img/{other}.png or .jpg'
    r = subprocess.run([imgtool, 'over', os.path.join(root, 'docs', 'img', file), b, str(LEVEL), x, y, w, h],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return f'"{claim}": {r.stderr.strip()}'
    frac = float(r.stdout.strip())
    if frac * 100.0 < float(pct):
        return f'"{claim}" is false: {frac * 100.0:.2f} % of the rectangle changes by more than {LEVEL}/255'
    return None


def claims_after(lines, i, end, table):
    """The expect comment right after a picture that ends at column `end` of line i."""
    rest = lines[i][end:]
    if table:
        rest = rest.split('|', 1)[0]
    m = EXPECT.match(rest)
    if m:
        return m.group(1)
    if not table and not rest.strip() and i + 1 < len(lines):
        m = EXPECT.match(lines[i + 1])
        if m:
            return m.group(1)
    return None


def main():
    root = sys.argv[1]
    frozen, figures = made_lists(root)
    pages = [os.path.join(root, 'README.md')] + sorted(
        os.path.join(root, 'docs', f) for f in os.listdir(os.path.join(root, 'docs')) if f.endswith('.md'))
    failures, checked = [], 0
    for page in pages:
        rel = os.path.relpath(page, root)
        lines = open(page).read().split('\n')
        for i, line in enumerate(lines):
            table = line.lstrip().startswith('|')
            for m in IMG.finditer(line):
                name = m.group(2)
                where = f'{rel}:{i + 1}: {name}.{m.group(3)}'
                text = claims_after(lines, i, m.end(), table)
                if text is None:
                    failures.append(f'{where}: no <!-- expect: ... --> right after the picture')
                    continue
                checked += 1
                # the pixel claims first: they may stand beside figure and frozen
                parts = [c.strip() for c in text.split(';') if c.strip()]
                rest = []
                for claim in parts:
                    if not claim.startswith('pixels '):
                        rest.append(claim)
                        continue
                    failure = pixel_claim(root, name + '.' + m.group(3), claim)
                    if failure:
                        failures.append(f'{where}: {failure}')
                text = '; '.join(rest)
                if not text:
                    continue
                if text == 'figure':
                    if name not in figures:
                        failures.append(f'{where}: "figure", but no figure line of tools/docs_pictures.sh draws it')
                    continue
                if text == 'frozen':
                    if name not in frozen:
                        failures.append(f'{where}: "frozen", but it is not in the FROZEN list of tools/docs_pictures.sh')
                    continue
                path = os.path.join(root, 'docs', 'img', name + '.json')
                try:
                    data = json.load(open(path))
                except (OSError, ValueError) as e:
                    failures.append(f'{where}: no stats of its frame ({os.path.relpath(path, root)}: {e})')
                    continue
                for claim in [c.strip() for c in text.split(';') if c.strip()]:
                    c = CLAIM.match(claim)
                    if not c:
                        failures.append(f'{where}: cannot read the claim "{claim}" (KEY OP VALUE)')
                        continue
                    key, op, raw = c.groups()
                    try:
                        want = parse_value(raw)
                        actual = lookup(data, key)
                    except ValueError:
                        failures.append(f'{where}: "{claim}": the value is not a number, true/false or "string"')
                        continue
                    except KeyError:
                        failures.append(f'{where}: "{claim}": no key {key} in {name}.json')
                        continue
                    if not holds(actual, op, want):
                        failures.append(f'{where}: "{claim}" is false: {key} is {json.dumps(actual)}')
    for f in failures:
        print('FAILED: ' + f)
    print(f'docs_expect: {checked} pictures with claims, {len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
