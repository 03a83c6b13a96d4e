#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order of a folder's entries that lists every path under the folder in the order of
/// its bytes (as `LC_ALL=C sort` sorts whole paths): a folder sorts as its name and a "/",
/// so `a.html` comes before `a/b.html`, which comes before `a0`.
public enum PathOrder {
    /// Whether the entry named `first` comes before the one named `second`.
    public static func precedes(_ first: UnsafeRawBufferPointer, isFolder firstIsFolder: Bool, _ second: UnsafeRawBufferPointer, isFolder secondIsFolder: Bool)
        -> Bool
    {
        let common = min(first.count, second.count)
        if common > 0, let a = first.baseAddress, let b = second.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return order < 0 }
        }
        func next(_ name: UnsafeRawBufferPointer, isFolder: Bool) -> Int {
            name.count > common ? Int(name[common]) : isFolder ? Int(UInt8(ascii: "/")) : -1
        }
        return next(first, isFolder: firstIsFolder) < next(second, isFolder: secondIsFolder)
    }
}
