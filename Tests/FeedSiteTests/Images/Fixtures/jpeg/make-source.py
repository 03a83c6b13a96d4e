import math, random
from PIL import Image
w, h = 67, 43
random.seed(29)
img = Image.new("RGB", (w, h))
px = img.load()
for y in range(h):
    for x in range(w):
        r = int(128 + 100 * math.sin(x / 9.0) * math.cos(y / 7.0))
        g = int(255 * x / (w - 1))
        b = int(255 * y / (h - 1))
        if (x - 40) ** 2 + (y - 20) ** 2 < 120: r, g, b = 250, 240, 30
        if 8 <= x < 20 and 25 <= y < 38: r, g, b = 20, 30, 200
        n = random.randint(-12, 12)
        px[x, y] = tuple(max(0, min(255, v + n)) for v in (r, g, b))
img.save("source.ppm")
