#!/usr/bin/env python3
"""Looks at a PNG the way the picture tests need: its size and where given colours appear.

    png_inspect.py FILE.png [--rows Y0:Y1] [#RRGGBB ...]

Prints one JSON object: {"width", "height", "ink" (share of pixels that are not near-white),
"colours": {"#RRGGBB": {"pixels": n, "bands": [[y0, y1], ...], "columns": [[x0, x1], ...]}}}
where bands (rows) and columns are the runs of rows or columns holding that colour (within a
small tolerance, so anti-aliased edges do not count). --rows looks only at rows Y0 to Y1-1. Decodes 8-bit greyscale, RGB, RGBA and
palette PNGs, non-interlaced (what Chromium and gnuplot write) with only the standard library.
"""
import json
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, palette = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or interlace:
        sys.exit(f"{path}: only 8-bit non-interlaced PNGs are handled")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        filt, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if filt == 1:
                line[x] = (line[x] + a) & 255
            elif filt == 2:
                line[x] = (line[x] + b) & 255
            elif filt == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixels = []
    for line in rows:
        out = []
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            if ctype == 3:
                rgb = palette[px[0]]
            elif ctype in (0, 4):
                rgb = (px[0],) * 3
            else:
                rgb = tuple(px[:3])
            out.append(rgb)
        pixels.append(out)
    return width, height, pixels


def runs(indices):
    out = []
    for v in sorted(indices):
        if out and v <= out[-1][1] + 2:
            out[-1][1] = v
        else:
            out.append([v, v])
    return out


def main():
    args = sys.argv[2:]
    width, height, pixels = decode(sys.argv[1])
    y0, y1 = 0, height
    if args[:1] == ["--rows"]:
        y0, y1 = (int(v) for v in args[1].split(":"))
        args = args[2:]
    wanted = {c: tuple(int(c[k:k + 2], 16) for k in (1, 3, 5)) for c in args}
    ink = 0
    found = {c: {"pixels": 0, "ys": set(), "xs": set()} for c in wanted}
    for y, line in enumerate(pixels):
        if not y0 <= y < y1:
            continue
        for x, rgb in enumerate(line):
            if min(rgb) < 235:
                ink += 1
            for name, ref in wanted.items():
                if max(abs(rgb[k] - ref[k]) for k in range(3)) <= 10:
                    f = found[name]
                    f["pixels"] += 1
                    f["ys"].add(y)
                    f["xs"].add(x)
    print(json.dumps({
        "width": width, "height": height, "ink": round(ink / (width * height), 4),
        "colours": {n: {"pixels": f["pixels"], "bands": runs(f["ys"]), "columns": runs(f["xs"])}
                    for n, f in found.items()},
    }))


main()
