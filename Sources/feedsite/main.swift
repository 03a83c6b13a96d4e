import FeedSiteCLI
import Foundation

let code = await FeedSiteCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current, console: StandardConsole())
exit(code.rawValue)
