import Foundation

/// Byte counts as people read them: exact ("40 bytes", "1,024 bytes", "64 MiB") for limits
/// and what was received, or to a tenth of a decimal unit ("4.2 MB") for sizes at a glance.
public enum ByteCountText {
    /// The exact count, in whole mebibytes when it is a multiple of one.
    public static func describe(_ count: Int) -> String {
        let mebibyte = 1024 * 1024
        if count >= mebibyte, count % mebibyte == 0 { return "\(grouped(count / mebibyte)) MiB" }
        return count == 1 ? "1 byte" : "\(grouped(count)) bytes"
    }

    /// "512 bytes", "4.2 MB": decimal units (kB, MB, GB, TB) to one decimal, and under a
    /// kilobyte the exact count.
    public static func approximately(_ count: Int) -> String {
        guard count >= 1000 else { return describe(count) }
        return inDecimalUnits(count, decimalSeparator: ".")
    }

    /// "512 B", "4.2 MB": as `approximately`, but in unit symbols alone, no words, so it
    /// reads the same in every language; `decimalSeparator` is the language's own ("4,2 MB").
    public static func symbols(_ count: Int, decimalSeparator: String = ".") -> String {
        guard count >= 1000 else { return "\(count) B" }
        return inDecimalUnits(count, decimalSeparator: decimalSeparator)
    }

    private static func inDecimalUnits(_ count: Int, decimalSeparator: String) -> String {
        var value = Double(count) / 1000
        var unit = "TB"
        for candidate in ["kB", "MB", "GB"] {
            // 999.96 kB would print as "1000.0 kB": it is "1.0 MB".
            if (value * 10).rounded() < 10_000 {
                unit = candidate
                break
            }
            value /= 1000
        }
        let number = String(format: "%.1f", value)
        return (decimalSeparator == "." ? number : number.replacingOccurrences(of: ".", with: decimalSeparator)) + " " + unit
    }

    /// `12345678` as `12,345,678`.
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
