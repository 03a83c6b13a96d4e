import Foundation
import Hashing

/// When each image blob was last referred to by a saved feed, in whole hours: the record
/// that decides which blobs the cache may forget (months of cron stay small).
///
/// Times are rounded up to the next whole hour (a time on the hour stays as it is), so a
/// blob is never taken as older than it is, and a feed that refers to the same blobs run
/// after run changes the record once an hour rather than every run: at 100,000 items the
/// record is 3.6 MB, written at most hourly plus whenever new images appear.
public struct ImageReferences: Equatable, Sendable {
    /// Hours since 1970-01-01T00:00:00Z.
    public typealias Hour = Int32

    public private(set) var lastReferred: [SHA256.Digest: Hour]

    public init(lastReferred: [SHA256.Digest: Hour] = [:]) {
        self.lastReferred = lastReferred
    }

    /// The first whole hour at or after `date`.
    public static func hour(atOrAfter date: Date) -> Hour {
        Hour(clamping: Int((date.timeIntervalSince1970 / 3600).rounded(.up)))
    }

    public static func date(of hour: Hour) -> Date {
        Date(timeIntervalSince1970: TimeInterval(hour) * 3600)
    }

    /// Marks the blobs as referred to at `date`; a later time already recorded stays.
    public mutating func refer(to blobs: some Sequence<SHA256.Digest>, at date: Date) {
        let hour = Self.hour(atOrAfter: date)
        for blob in blobs where lastReferred[blob].map({ $0 < hour }) ?? true {
            lastReferred[blob] = hour
        }
    }

    /// The recorded time, rounded up to the hour; `nil` when the blob is not recorded.
    public func lastReferred(_ blob: SHA256.Digest) -> Date? {
        lastReferred[blob].map(Self.date(of:))
    }

    /// Keeps only the entries of `blobs`.
    func restricted(to blobs: Set<SHA256.Digest>) -> ImageReferences {
        ImageReferences(lastReferred: lastReferred.filter { blobs.contains($0.key) })
    }
}
