/// A failure writing one of the web archive's files, and which file it was.
struct WARCFileFailure: Error, CustomStringConvertible {
    let path: String
    let error: any Error

    var description: String { "\(error)" }
}
