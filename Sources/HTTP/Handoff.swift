import Synchronization

/// Carries a value that is not `Sendable` to the one thread that will own it: the creator
/// gives it up (`sending`), and the first `take()` gets it; later ones get `nil`. The compiler
/// checks that the creator keeps no reference it could still use.
final class Handoff<Value>: Sendable {
    private let slot: Mutex<Value?>

    init(_ value: sending Value) {
        slot = Mutex(value)
    }

    func take() -> sending Value? {
        slot.withLock { $0.take() }
    }
}
