#!/usr/bin/python3
"""Makes the PNG decoder's fixtures with ImageMagick and Pillow, and the reference pixels
Pillow decodes from each (`.convert("RGBA").tobytes()`, saved as NAME.rgba). Writes SOURCES.md.
Run it from this folder: /usr/bin/python3 make-fixtures.py"""
import io, os, shlex, struct, subprocess, zlib
from PIL import Image, PngImagePlugin

W, H = 37, 29
rows = []  # (file, command)


def source_pam(path, width, height):
    """A 16-bit RGBA picture: gradients with busy low bytes, and alpha from 0 to opaque."""
    out = bytearray()
    for y in range(height):
        for x in range(width):
            h = (x * 7919 + y * 104729) * 2654435761 % 65536
            r = x * 65535 // max(1, width - 1) ^ (h & 0xFF)
            g = y * 65535 // max(1, height - 1) ^ (h >> 8)
            b = h
            a = 65535 if (x + y) % 5 else (x * 4099 + y * 313) % 65536
            out += struct.pack(">4H", r, g, b, a)
    header = f"P7\nWIDTH {width}\nHEIGHT {height}\nDEPTH 4\nMAXVAL 65535\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    with open(path, "wb") as f:
        f.write(header.encode() + out)


def magick(out, args, format=""):
    command = ["convert", *args, "-strip", format + out]
    subprocess.run(command, check=True)
    rows.append((out, " ".join(shlex.quote(a) for a in command)))


def ihdr(path):
    data = open(path, "rb").read()
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", data[16:29])
    return depth, colour, interlace


def chunks(data):
    position, found = 8, []
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        found.append((data[position + 4 : position + 8], data[position + 8 : position + 8 + length]))
        position += 12 + length
    return found


def split_idat(source, out, size):
    """The same PNG with its zlib stream cut into IDAT chunks of `size` bytes."""
    data = open(source, "rb").read()
    result = bytearray(data[:8])
    stream = b"".join(body for kind, body in chunks(data) if kind == b"IDAT")
    written = False
    for kind, body in chunks(data):
        if kind == b"IDAT":
            if written:
                continue
            written = True
            for start in range(0, len(stream), size):
                piece = stream[start : start + size]
                result += struct.pack(">I", len(piece)) + b"IDAT" + piece + struct.pack(">I", zlib.crc32(b"IDAT" + piece))
        else:
            result += struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    open(out, "wb").write(result)
    rows.append((out, f"split_idat({source!r}, {size}) in make-fixtures.py: the same chunks, IDAT cut every {size} bytes"))


source_pam("/tmp/png-source.pam", W, H)
source_pam("/tmp/png-source-small.pam", 3, 2)
src = "/tmp/png-source.pam"

# ImageMagick: every colour type and bit depth, plain and Adam7.
for interlace in ("plain", "adam7"):
    flag = ["-interlace", "PNG"] if interlace == "adam7" else ["-interlace", "none"]
    for colour, depths in ((0, (1, 2, 4, 8, 16)), (2, (8, 16)), (3, (1, 2, 4, 8)), (4, (8, 16)), (6, (8, 16))):
        for depth in depths:
            out = f"im-c{colour}-d{depth}-{interlace}.png"
            pre = []
            if colour in (0, 2, 3):
                pre += ["-background", "#808080", "-alpha", "remove"]
            if colour in (0, 4):
                pre += ["-colorspace", "Gray"]
            if colour == 0 and depth < 8:
                pre += ["-depth", str(depth)]
            if colour == 3:
                pre += ["-colors", str(min(256, 2**depth))]
            magick(out, [src, *pre, *flag, "-define", f"png:color-type={colour}", "-define", f"png:bit-depth={depth}"])
            assert ihdr(out) == (depth, colour, int(interlace == "adam7")), (out, ihdr(out))

# ImageMagick: transparent key colours and palette alpha.
magick("im-c0-d16-key.png", [src, "-alpha", "off", "-colorspace", "Gray", "-fill", "#FFFF", "-draw", "rectangle 3,3 12,9",
                             "-transparent", "#FFFF", "-define", "png:color-type=0", "-define", "png:bit-depth=16"])
magick("im-c2-d16-key.png", [src, "-alpha", "off", "-fill", "#102030", "-draw", "rectangle 3,3 12,9", "-transparent", "#102030",
                             "-define", "png:color-type=2", "-define", "png:bit-depth=16"])
magick("im-c3-d8-alpha-adam7.png", [src, "-channel", "A", "-threshold", "50%", "+channel", "-colors", "16", "-interlace", "PNG"], "PNG8:")
# The tiny one: Adam7 passes without pixels.
magick("im-c6-d8-3x2-adam7.png", ["/tmp/png-source-small.pam", "-interlace", "PNG", "-define", "png:color-type=6", "-define", "png:bit-depth=8"])
for name, want in (("im-c0-d16-key.png", (16, 0, 0)), ("im-c2-d16-key.png", (16, 2, 0)), ("im-c3-d8-alpha-adam7.png", (8, 3, 1)),
("im-c6-d8-3x2-adam7.png", (8, 6, 1))):
    assert ihdr(name) == want, (name, ihdr(name))
    if "key" in name or "alpha" in name:
        assert any(kind == b"tRNS" for kind, _ in chunks(open(name, "rb").read())), name

# Pillow: its own writer, modes 1, L, LA, RGB, RGBA, P at 1, 2, 4 and 8 bits, I;16, with tRNS.
magick("/tmp/png-source-8.png", [src, "-depth", "8"])
rows.pop()
rgba = Image.open("/tmp/png-source-8.png").convert("RGBA")


def pillow(out, image, code, shown={}, **options):
    image.save(out, optimize=False, **options)
    written = "".join(f", {k}={shown.get(k, repr(v))}" for k, v in options.items())
    rows.append((out, f"Pillow {Image.__version__}: {code}.save({out!r}, optimize=False{written})"))


pillow("pil-1.png", rgba.convert("1"), 'rgba.convert("1")')
pillow("pil-L-key.png", rgba.convert("L"), 'rgba.convert("L")', transparency=rgba.convert("L").getpixel((5, 5)))
pillow("pil-LA.png", rgba.convert("LA"), 'rgba.convert("LA")')
pillow("pil-RGB-key.png", rgba.convert("RGB"), 'rgba.convert("RGB")', transparency=rgba.convert("RGB").getpixel((5, 5)))
pillow("pil-RGBA.png", rgba, "rgba")
for bits in (1, 2, 4, 8):
    quantized = rgba.convert("RGB").quantize(2**bits)
    alphas = bytes((index * 97) % 256 for index in range(2**bits))
    pillow(f"pil-P{bits}-alpha.png", quantized, f'rgba.convert("RGB").quantize({2**bits})', bits=bits, transparency=alphas)
gray16 = Image.frombytes("I;16", (W, H), bytes((x * 131 + y * 17) % 256 for y in range(H) for x in range(W * 2)))
pillow("pil-I16.png", gray16, 'Image.frombytes("I;16", (37, 29), bytes((x * 131 + y * 17) % 256 for y in range(29) for x in range(74)))')
icc = open("/usr/share/color/icc/ghostscript/a98.icc", "rb").read()
exif = Image.Exif()
exif[0x0112] = 6
exif[0x010F] = "feedsite"
pillow("pil-RGB-icc-exif.png", rgba.convert("RGB"), 'rgba.convert("RGB")', icc_profile=icc, exif=exif.tobytes(),
       shown={"icc_profile": "a98.icc's bytes", "exif": "exif.tobytes() (exif[0x0112] = 6, exif[0x010F] = 'feedsite')"})
open("pil-RGB-icc-exif.icc", "wb").write(icc)
# Pillow writes the block into eXIf without the "Exif\0\0" that starts it in a JPEG.
open("pil-RGB-icc-exif.exif", "wb").write(exif.tobytes()[6:])

# Several IDAT chunks.
split_idat("im-c2-d16-adam7.png", "im-c2-d16-adam7-split.png", 100)
split_idat("pil-P4-alpha.png", "pil-P4-alpha-split.png", 64)

# Pillow 9.4 clips 16-bit grey to 255 when it converts it (65535 becomes 255, 300 too), so
# those files' references are ImageMagick's, which scales.
by_magick = [name for name, _ in rows if "-c0-d16" in name or name == "pil-I16.png"]
for name, _ in rows:
    if name in by_magick:
        subprocess.run(["convert", name, "-depth", "8", "rgba:" + name[:-4] + ".rgba"], check=True)
    else:
        with open(name[:-4] + ".rgba", "wb") as f:
            f.write(Image.open(name).convert("RGBA").tobytes())

with open("SOURCES.md", "w") as f:
    f.write("# PNG fixtures\n\n")
    f.write("Made by `make-fixtures.py` (beside this file: `/usr/bin/python3 make-fixtures.py`) with\n")
    f.write(f"{subprocess.run(['convert', '-version'], capture_output=True, text=True).stdout.splitlines()[0]} and Pillow {Image.__version__},\n")
    f.write("from a 37 × 29 (and a 3 × 2) 16-bit RGBA picture the script draws (`/tmp/png-source.pam`).\n")
    f.write("Each `NAME.rgba` is what Pillow decodes from `NAME.png`: `Image.open(NAME).convert(\"RGBA\").tobytes()`.\n")
    f.write("Except for 16-bit grey, which Pillow 9.4 clips to 255 rather than scales: for " + ", ".join(f"`{n}`" for n in by_magick) + "\n")
    f.write("the reference is ImageMagick's, `convert NAME.png -depth 8 rgba:NAME.rgba`.\n")
    f.write("Pillow keeps the high byte of a 16-bit sample where we round, so 16-bit references may differ by 1.\n")
    f.write("`pil-RGB-icc-exif.icc` is Ghostscript's `a98.icc`, `.exif` the EXIF block Pillow was given (without its `Exif\\0\\0`, as Pillow writes it in eXIf).\n\n")
    f.write("| File | Command |\n|---|---|\n")
    for name, command in rows:
        f.write(f"| `{name}` | `{command}` |\n")
print(len(rows), "fixtures")
