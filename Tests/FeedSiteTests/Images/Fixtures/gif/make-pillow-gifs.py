# Makes the Pillow GIF fixtures; run in this folder with /usr/bin/python3 (Pillow 9.4.0).
import random
from PIL import Image

def palette_image(width, height, colours, seed):
    rng = random.Random(seed)
    im = Image.new("P", (width, height))
    im.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    im.putdata([rng.randrange(colours) for _ in range(width * height)])
    return im

# GIF87a (no extension needed), 256 colours of noise: the LZW table fills and is cleared.
palette_image(64, 64, 256, 1).save("pil-noise-87a.gif")

# A palette image with index 3 transparent, odd size.
im = Image.new("P", (23, 11))
im.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
im.putdata([(x * y + x) % 4 for y in range(11) for x in range(23)])
im.save("pil-transparent.gif", transparency=3)

# A local colour table after a global one; the global is then zeroed (see SOURCES.md).
im = Image.new("P", (13, 9))
im.putpalette([200, 30, 40, 20, 180, 60, 10, 20, 250, 240, 240, 0])
im.putdata([(x + 2 * y) % 4 for y in range(9) for x in range(13)])
im.save("pil-local-table.gif", include_color_table=True)
data = bytearray(open("pil-local-table.gif", "rb").read())
assert data[10] & 0x80, "no global table"
size = 3 << ((data[10] & 7) + 1)
data[13:13 + size] = bytes(size)
open("pil-local-table.gif", "wb").write(bytes(data))

# Three frames; only the first counts.
frames = [Image.new("RGB", (12, 7), colour) for colour in ("#c03020", "#20c030", "#3020c0")]
for n, frame in enumerate(frames):
    frame.paste((255, 255, 255), (n, n, n + 4, n + 3))
frames[0].save("pil-animated.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
