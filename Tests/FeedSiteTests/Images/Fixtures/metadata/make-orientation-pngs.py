# Run in Tests/FeedSiteTests/Images/Fixtures/metadata with /usr/bin/python3.
from PIL import Image, ImageOps

# A 5 × 3 RGB source, every pixel distinct.
source = Image.frombytes("RGB", (5, 3), bytes((17 * i + c * 5) % 256 for i in range(15) for c in range(3)))
open("orientation-source-5x3.rgb", "wb").write(source.tobytes())
for n in range(1, 9):
    exif = Image.Exif()
    exif[0x0112] = n
    source.save("orientation-%d.png" % n, exif=exif.tobytes())
    shown = ImageOps.exif_transpose(Image.open("orientation-%d.png" % n))
    print(n, shown.size)
    open("orientation-%d-shown.rgb" % n, "wb").write(shown.tobytes())
