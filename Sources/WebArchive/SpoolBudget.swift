import Synchronization

/// How many bytes of bodies the web archive may hold in memory at once, shared by every
/// transfer's `BodySpool`: a body that does not fit goes to a file.
public final class SpoolBudget: Sendable {
    private let left: Mutex<Int>

    public init(bytes: Int) {
        left = Mutex(bytes)
    }

    /// Takes `count` bytes of the budget, if that many are left.
    public func take(_ count: Int) -> Bool {
        left.withLock { left in
            guard left >= count else { return false }
            left -= count
            return true
        }
    }

    public func giveBack(_ count: Int) {
        guard count > 0 else { return }
        left.withLock { $0 += count }
    }
}
