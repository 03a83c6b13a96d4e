import Synchronization

/// How many bytes of bodies the web archive may hold in memory at once, shared by every
/// transfer's `BodySpool`: a body that does not fit goes to a file.
public final class SpoolBudget: Sendable {
    private let left: Atomic<Int>

    public init(bytes: Int) {
        left = Atomic(bytes)
    }

    /// Takes `count` bytes of the budget, if that many are left.
    public func take(_ count: Int) -> Bool {
        var current = left.load(ordering: .relaxed)
        while current >= count {
            let (exchanged, found) = left.compareExchange(expected: current, desired: current - count, ordering: .relaxed)
            if exchanged { return true }
            current = found
        }
        return false
    }

    public func giveBack(_ count: Int) {
        guard count > 0 else { return }
        left.add(count, ordering: .relaxed)
    }
}
