import Foundation

/// What the command line asks for.
public enum Command: Equatable, Sendable {
    case generate(GenerateOptions)
    case demo(GenerateOptions)
    case validateCache(cache: String?, now: Date?, verbose: Bool)
    case verify(output: String)
    /// Write the built-in templates out into `folder`, to start a theme.
    case templates(folder: String)
    /// Serve the site in `output` on 127.0.0.1 until stopped.
    case serve(output: String, port: UInt16)
    case help
    case version
}
