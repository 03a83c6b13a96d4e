/// An IPv4 address as people write one: four numbers from 0 to 255 separated by dots, with
/// no leading zeros (which some readers take as octal).
enum IPv4Text {
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (part == "0" || part.first != "0")
                    && Int(part).map { $0 <= 255 } == true
            }
    }
}
