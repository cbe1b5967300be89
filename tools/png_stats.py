#!/usr/bin/env python3
"""Pixel statistics of a PNG, for the report's browser tests (no imaging library needed).

    png_stats.py FILE [--colour RRGGBB ...]

Prints JSON: width, height, pixels that are not white, distinct colours, and for each --colour how
many pixels are within a small distance of it. Decodes 8-bit greyscale, RGB and RGBA PNGs
(non-interlaced), the forms Chromium and pdftoppm write.
"""
import argparse
import json
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    channels = {0: 1, 2: 3, 6: 4, 4: 2}.get(colour_type)
    if depth != 8 or channels is None or interlace:
        sys.exit(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    pixels = []
    for line in rows:
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            pixels.append((px[0], px[0], px[0]) if channels <= 2 else (px[0], px[1], px[2]))
    return width, height, pixels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--colour", action="append", default=[])
    args = parser.parse_args()
    width, height, pixels = decode(args.png)
    targets = {c: tuple(int(c[i:i + 2], 16) for i in (0, 2, 4)) for c in args.colour}
    near = {c: 0 for c in targets}
    for px in pixels:
        for name, target in targets.items():
            if sum(abs(a - b) for a, b in zip(px, target)) <= 60:
                near[name] += 1
    print(json.dumps({"width": width, "height": height,
                      "nonWhite": sum(1 for px in pixels if min(px) < 245),
                      "colours": len(set(pixels)), "near": near}))


if __name__ == "__main__":
    main()
