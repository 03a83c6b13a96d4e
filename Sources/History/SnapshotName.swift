import Basics
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
        let utc = UTCTime(time)
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02dZ", utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.second)
        self.text = serial > 1 ? "\(stamp)-\(serial)" : stamp
        self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
    }

    /// The name `text` spells, or `nil` when it is not a snapshot's name (a dot-file, a
    /// locale's folder, anything else).
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 16, utf8[8] == UInt8(ascii: "T"), utf8[15] == UInt8(ascii: "Z") else { return nil }
        let digits = utf8[0..<8] + utf8[9..<15]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        if utf8.count > 16 {
            guard utf8[16] == UInt8(ascii: "-"), let number = Int(String(decoding: utf8[17...], as: UTF8.self)), number >= 2,
                String(number) == String(decoding: utf8[17...], as: UTF8.self)
            else { return nil }
        }
        // Worked out from the digits: a calendar's date components cost microseconds, and a
        // history's items name tens of thousands of snapshots.
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(utf8[$1] - UInt8(ascii: "0")) } }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        let (hour, minute, second) = (number(9..<11), number(11..<13), number(13..<15))
        guard (1...12).contains(month), day >= 1, day <= UTCTime.daysIn(month: month, of: year), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        let seconds = (UTCTime.daysSince1970(year: year, month: month, day: day) * 24 + hour) * 3600 + minute * 60 + second
        self.text = text
        self.time = Date(timeIntervalSince1970: TimeInterval(seconds))
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
