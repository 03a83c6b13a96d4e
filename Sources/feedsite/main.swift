import FeedSiteCLI
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let code = await SignalCancellation.run(
    onSecondSignal: { _exit(ExitCode.interrupted.rawValue) },
    { await FeedSiteCLI.run(arguments: arguments, environment: .current, console: StandardConsole()) }
)
exit(code.rawValue)
