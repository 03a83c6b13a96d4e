import Foundation

extension HistoryKeepPolicy.Rule.Kind {
    /// The UTC hour, day, week, month or year that `time` falls in, from its first instant to
    /// the first instant of the next; for `every`, the instant itself.
    func bucket(of time: Date) -> DateInterval {
        let component: Calendar.Component
        switch self {
        case .every: return DateInterval(start: time, duration: 0)
        case .hourly: component = .hour
        case .daily: component = .day
        case .weekly: component = .weekOfYear
        case .monthly: component = .month
        case .yearly: component = .year
        }
        // A calendar always finds these; were it not to, the snapshot is a bucket of its own,
        // and so kept rather than lost.
        return Self.calendar.dateInterval(of: component, for: time) ?? DateInterval(start: time, duration: 0)
    }

    /// The snapshots' UTC Gregorian calendar with weeks from Monday to Sunday.
    private static let calendar: Calendar = {
        var calendar = SnapshotName.calendar
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }()
}
