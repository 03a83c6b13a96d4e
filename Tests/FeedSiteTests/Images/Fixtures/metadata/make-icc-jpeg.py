# Run in Tests/FeedSiteTests/Images/Fixtures/metadata with /usr/bin/python3.
# Pillow's sRGB profile with one more private tag ("fsPd", 70,000 bytes of a pattern) so that
# the profile needs two APP2 chunks; then an 8 × 8 JPEG carrying it.
import hashlib, struct
from PIL import Image, ImageCms

base = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
count = struct.unpack(">I", base[128:132])[0]
tags = [struct.unpack(">4sII", base[132 + 12 * i:144 + 12 * i]) for i in range(count)]
shift = 12  # one more tag-table entry
data = bytes(base[132 + 12 * count:])
extra = bytes((i * 7) % 251 for i in range(70_000))
tags = [(sig, offset + shift, size) for sig, offset, size in tags]
extra_offset = 132 + 12 * (count + 1) + len(data)
extra_offset += (-extra_offset) % 4
tags.append((b"fsPd", extra_offset, len(extra)))
body = b"".join(struct.pack(">4sII", *tag) for tag in tags)
profile = bytearray(base[:128]) + struct.pack(">I", count + 1) + body + data
profile += bytes(extra_offset - len(profile)) + extra
struct.pack_into(">I", profile, 0, len(profile))
profile = bytes(profile)
Image.new("RGB", (8, 8), (120, 140, 160)).save("icc-two-chunks.jpg", quality=50, icc_profile=profile)
print(len(profile), hashlib.sha256(profile).hexdigest())
