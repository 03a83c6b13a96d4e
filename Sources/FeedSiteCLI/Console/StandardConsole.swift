#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Synchronization

/// The real terminal: results on standard output, everything else on standard error, and
/// on a terminal one status line redrawn in place. Every line goes through `TerminalText`,
/// so no control character in a quoted text reaches the terminal.
public final class StandardConsole: Console {
    private let statusShown = Mutex(false)
    public let isInteractive: Bool

    public init() {
        isInteractive = isatty(STDERR_FILENO) == 1
    }

    public func output(_ line: String) {
        statusShown.withLock { shown in
            clear(&shown)
            write(TerminalText.safe(line) + "\n", to: stdout)
        }
    }

    public func diagnostic(_ line: String) {
        statusShown.withLock { shown in
            clear(&shown)
            write(TerminalText.safe(line) + "\n", to: stderr)
        }
    }

    public func status(_ line: String?) {
        guard isInteractive else { return }
        statusShown.withLock { shown in
            clear(&shown)
            if let line {
                write(String(TerminalText.safe(line).prefix(terminalWidth() - 1)), to: stderr)
                shown = true
            }
        }
    }

    private func clear(_ shown: inout Bool) {
        guard shown else { return }
        write("\r\u{1B}[2K", to: stderr)
        shown = false
    }

    private func write(_ text: String, to stream: UnsafeMutablePointer<FILE>) {
        fputs(text, stream)
        fflush(stream)
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 80 }
        return Int(size.ws_col)
    }
}
