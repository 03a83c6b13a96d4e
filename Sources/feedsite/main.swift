import FeedSiteCLI
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let code = await SignalCancellation.run {
    await FeedSiteCLI.run(arguments: arguments, environment: .current, console: StandardConsole())
}
exit(code.rawValue)
