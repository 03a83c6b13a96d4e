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
        return ExitCode(await run(command, environment: environment, console: console))
    }

    /// Runs `command`; how it ended.
    private static func run(_ command: Command, environment: RunEnvironment, console: Console) async -> CommandStatus {
        switch command {
        case .help:
            console.output(Usage.text)
            return .done
        case .version:
            console.output("feedsite \(Usage.version)")
            return .done
        case let .generate(options):
            return await GenerateCommand(
                options: options, environment: environment, report: RunReport(reporter: Reporter(console: console, verbosity: options.verbosity))
            ).run()
        case let .demo(options):
            return await DemoCommand(options: options, environment: environment, console: console).run()
        case let .templates(folder):
            return TemplatesCommand(folder: environment.resolve(folder), console: console).run()
        case let .history(request):
            return await HistoryCommand(request: request, environment: environment, console: console).run()
        case let .verify(output):
            return VerifyCommand(site: environment.resolve(output), console: console).run()
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
