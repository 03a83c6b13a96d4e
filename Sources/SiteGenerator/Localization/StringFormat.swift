/// The part of `String(format:)` that string tables need: `%@`, `%1$@`, `%d`, `%%`.
enum StringFormat {
    static func substitute(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var scalars = Substring(format)
        while let percent = scalars.firstIndex(of: "%") {
            result += scalars[..<percent]
            var rest = scalars[scalars.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                scalars = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix(while: \.isNumber)
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                rest = rest.dropFirst(digits.count + 1)
            }
            guard let conversion = rest.first, conversion == "@" || conversion == "d" else {
                result += "%"
                scalars = rest
                continue
            }
            let index = position.map { $0 - 1 } ?? next
            next += 1
            result += arguments.indices.contains(index) ? arguments[index] : ""
            scalars = rest.dropFirst()
        }
        return result + scalars
    }
}
