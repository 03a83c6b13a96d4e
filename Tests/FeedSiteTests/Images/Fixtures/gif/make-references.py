# Writes <name>.rgba beside every GIF: Pillow's first frame, converted to RGBA.
import glob
from PIL import Image
for path in sorted(glob.glob("*.gif")):
    im = Image.open(path)
    im.seek(0)
    rgba = im.convert("RGBA")
    open(path[:-4] + ".rgba", "wb").write(rgba.tobytes())
    print(path, im.size, im.info.get("version"), im.mode)
