"""PNG decoding for the app tests' measures, in plain python3 (python3 comes with python3-glad):
8-bit grey, RGB or RGBA (stb_image_write) and 16-bit grey (`dump mud-height`), non-interlaced.

    from png import load        # sys.path gets $TESTDIR/support first
    w, h, ch, rows = load("shot.png")   # rows[y][x * ch + k], top row first
    w, h, ch, rows = load("height.png") # 16-bit grey: rows[y][x] are 0..65535
"""
import struct
import zlib


def load(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w, h, ctype = 8, b"", 0, 0, None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", data[pos + 8:pos + 18])
            if not (depth == 8 or (depth == 16 and ctype == 0)) or data[pos + 20] != 0:
                raise ValueError(f"{path}: only 8-bit or 16-bit grey, non-interlaced PNGs")
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    ch = {0: 1, 2: 3, 6: 4}[ctype]
    bpp = ch * depth // 8  # bytes per pixel: the filters' left neighbour
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    if depth == 16:
        rows = [[(r[2 * x] << 8) | r[2 * x + 1] for x in range(w)] for r in rows]
    return w, h, ch, rows
