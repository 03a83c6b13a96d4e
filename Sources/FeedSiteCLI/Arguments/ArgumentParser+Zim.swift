import Foundation
import Zim

/// The packing commands' arguments: `--zim-part-size`, `feedsite zim`, `feedsite wacz` and
/// `feedsite verify FILE.zim`.
extension ArgumentParser {
    /// `--zim-part-size SIZE`: bytes, or with a K, M or G suffix (powers of 1024); at least
    /// 1 MiB, so a site never makes thousands of parts, and at most the default.
    static func zimPartSize(_ values: [String: [String]]) throws(UsageError) -> Int? {
        guard let text = values["zim-part-size"]?.first else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        let limit = ZimWriter.defaultPartSize
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0,
            number <= limit / (unit ?? 1), (1 << 20)...limit ~= number * (unit ?? 1)
        else {
            throw UsageError(
                "--zim-part-size needs a size from 1M to 4G less a byte (\(limit)), in bytes or with a K, M or G suffix (powers of 1024), such as 700M, got '\(text)'"
            )
        }
        return number * (unit ?? 1)
    }

    /// `zim [--output DIR] [--zim-part-size SIZE] FILE`.
    static func zim(_ arguments: [String]) throws(UsageError) -> Command {
        let usage = "zim needs the file to write, such as: feedsite zim --output Output feed.zim"
        var options = arguments
        guard let file = options.popLast(), !file.hasPrefix("-"), !file.isEmpty else { throw UsageError(usage, command: "zim") }
        let values = try collect(options, specs: [option("output"), option("zim-part-size")], command: "zim")
        return .zim(
            output: try path(values, "output") ?? GenerateOptions.defaultOutput, file: file,
            partSize: try zimPartSize(values) ?? ZimWriter.defaultPartSize)
    }

    /// `wacz [--warc DIR] FILE`.
    static func wacz(_ arguments: [String]) throws(UsageError) -> Command {
        let usage = "wacz needs the file to write, such as: feedsite wacz --warc /srv/warc feed.wacz"
        var options = arguments
        guard let file = options.popLast(), !file.hasPrefix("-"), !file.isEmpty else { throw UsageError(usage, command: "wacz") }
        let values = try collect(options, specs: [option("warc")], command: "wacz")
        return .wacz(warc: try path(values, "warc"), file: file)
    }

    /// `verify FILE.zim`: the file, when it is the one argument; `nil` otherwise.
    static func verifiedZim(_ arguments: [String]) throws(UsageError) -> String? {
        guard arguments.count == 1, let file = arguments.first, !file.hasPrefix("-") else { return nil }
        guard !file.isEmpty else { throw UsageError("verify needs a ZIM file, such as: feedsite verify feed.zim", command: "verify") }
        return file
    }
}
