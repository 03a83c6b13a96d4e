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

extension PlainFile {
    /// `renameat2(RENAME_EXCHANGE)`: swaps two paths atomically, so a reader finds either
    /// whole at each. Glibc's Swift module does not export it, so it is looked up at run time;
    /// `false` where it is not available or fails (`errno` says why).
    public static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let renameat2 = SystemFunction.named("renameat2", as: RenameAt2.self) else { return false }
            let atCurrentFolder: Int32 = -100
            let exchangeFlag: UInt32 = 1 << 1
            return renameat2(atCurrentFolder, first, atCurrentFolder, second, exchangeFlag) == 0
        #else
            return false
        #endif
    }
}
