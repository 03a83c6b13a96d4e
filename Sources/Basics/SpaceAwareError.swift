/// An error that can tell whether it was a full disk.
public protocol SpaceAwareError: Error {
    /// The full disk behind this error, or `nil` when it failed for another reason.
    var outOfSpace: OutOfSpace? { get }
}
