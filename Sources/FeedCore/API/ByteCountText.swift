/// Byte counts as people read them: "40 bytes", "1,024 bytes", "64 MiB".
public enum ByteCountText {
    public static func describe(_ count: Int) -> String {
        let mebibyte = 1024 * 1024
        if count >= mebibyte, count % mebibyte == 0 { return "\(grouped(count / mebibyte)) MiB" }
        return count == 1 ? "1 byte" : "\(grouped(count)) bytes"
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
