import FeedCore
import Foundation

/// The command line's entry point: parses the arguments, runs the command, and turns every
/// outcome into one exit code. Writes only to `console`; never exits the process.
public enum FeedSiteCLI {
    public static func run(arguments: [String], environment: RunEnvironment, console: Console) async -> ExitCode {
        let command: Command
        do {
            command = try ArgumentParser.parse(arguments, environment: environment.variables)
        } catch {
            console.diagnostic("feedsite: \(error)")
            console.diagnostic(error.hint)
            return ExitCode(.refused)
        }
        let ending = await run(command, environment: environment, console: console)
        return ExitCode(ending.say(to: Reporter(console: console, verbosity: .normal)))
    }

    /// Runs `command`; how it ended.
    private static func run(_ command: Command, environment: RunEnvironment, console: Console) async -> CommandEnding {
        switch command {
        case .help:
            return CommandEnding(status: .done, lines: [.result(Usage.text)])
        case .version:
            return CommandEnding(status: .done, lines: [.result("feedsite \(Usage.version)")])
        case let .generate(options):
            // A run says its ending as it ends, before it looks after the cache.
            let status = await GenerateCommand(
                options: options, environment: environment, report: RunReport(reporter: Reporter(console: console, verbosity: options.verbosity))
            ).run()
            return CommandEnding(status: status)
        case let .demo(options):
            return await DemoCommand(options: options, environment: environment, console: console).run()
        case let .templates(folder):
            return TemplatesCommand(folder: environment.resolve(folder), console: console).run()
        case let .history(request):
            return await HistoryCommand(request: request, environment: environment, console: console).run()
        case let .verify(output):
            return VerifyCommand(site: environment.resolve(output), console: console).run()
        case let .verifyZim(file):
            return VerifyZimCommand(file: environment.resolve(file).path, console: console).run()
        case let .zim(output, file, partSize):
            return await ZimCommand(output: output, file: file, partSize: partSize, environment: environment, console: console).run()
        case let .wacz(warc, file):
            return await WaczCommand(warc: warc, file: file, environment: environment, console: console).run()
        case let .serve(output, host, port):
            return await ServeCommand(site: environment.resolve(output), host: host, port: port, console: console).run()
        case let .validateCache(cache, now, verbose):
            let startedAt = environment.currentDate()
            return await ValidateCacheCommand(
                cacheFolder: environment.cacheFolder(cache), now: now ?? startedAt, startedAt: startedAt, verbose: verbose, console: console
            ).run()
        }
    }
}
