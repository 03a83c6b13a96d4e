import Foundation

/// A snapshot's folder name under `history/`: the run's clock in UTC to the second,
/// `20261126T120000Z`, and `-2`, `-3` … for a further snapshot within the same second. Names
/// sort as their times do, are safe in URLs and file names on every system, and never look
/// like a locale's folder.
public struct SnapshotName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name as the folder spells it.
    public let text: String
    /// The second the snapshot was taken, in UTC.
    public let time: Date

    /// The name of a snapshot taken at `time`, the `serial`-th of that second (from 1).
    public init(time: Date, serial: Int = 1) {
        let second = Date(timeIntervalSince1970: (time.timeIntervalSince1970).rounded(.down))
        let parts = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: second)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        self.text = serial > 1 ? "\(stamp)-\(serial)" : stamp
        self.time = second
    }

    /// The name `text` spells, or `nil` when it is not a snapshot's name (a dot-file, a
    /// locale's folder, anything else).
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 16, utf8[8] == UInt8(ascii: "T"), utf8[15] == UInt8(ascii: "Z") else { return nil }
        let digits = utf8[0..<8] + utf8[9..<15]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        var serial = 1
        if utf8.count > 16 {
            guard utf8[16] == UInt8(ascii: "-"), let number = Int(String(decoding: utf8[17...], as: UTF8.self)), number >= 2,
                String(number) == String(decoding: utf8[17...], as: UTF8.self)
            else { return nil }
            serial = number
        }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: utf8[range], as: UTF8.self)) ?? -1 }
        let parts = DateComponents(
            calendar: Self.calendar, timeZone: Self.calendar.timeZone, year: number(0..<4), month: number(4..<6), day: number(6..<8),
            hour: number(9..<11), minute: number(11..<13), second: number(13..<15))
        guard parts.isValidDate, let time = parts.date else { return nil }
        self.init(time: time, serial: serial)
        guard self.text == text else { return nil }
    }

    /// The serial within its second: 1 for the first snapshot of that second.
    public var serial: Int {
        guard let dash = text.firstIndex(of: "-") else { return 1 }
        return Int(text[text.index(after: dash)...]) ?? 1
    }

    /// The name for a snapshot taken at `time` after `latest`: the next serial when both
    /// fall in the same second, `nil` when `time` is before `latest` (a clock set back, an
    /// old `--now`): the history only grows forward.
    public static func next(at time: Date, after latest: SnapshotName?) -> SnapshotName? {
        let candidate = SnapshotName(time: time)
        guard let latest else { return candidate }
        if candidate.time > latest.time { return candidate }
        if candidate.time == latest.time { return SnapshotName(time: time, serial: latest.serial + 1) }
        return nil
    }

    public static func < (lhs: SnapshotName, rhs: SnapshotName) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.serial < rhs.serial
    }

    public var description: String { text }

    /// The Gregorian calendar in UTC, which every snapshot's name and day are counted in.
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
