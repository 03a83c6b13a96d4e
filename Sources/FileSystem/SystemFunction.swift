#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C function looked up by name at run time, for the few the C library has but its Swift
/// module does not export (`syncfs` and `renameat2` need `_GNU_SOURCE`; `malloc_trim` is
/// glibc's own); `nil` where the library has no such function.
public enum SystemFunction {
    /// `type` must be the `@convention(c)` type of the function's C declaration.
    public static func named<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
