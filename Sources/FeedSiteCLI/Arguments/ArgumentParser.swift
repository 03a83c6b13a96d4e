import Basics
import FeedCore
import Foundation
import History
import SiteGenerator

/// Reads the command line into a `Command`, or a `UsageError` that says exactly what is wrong.
///
/// Options are `--name value` or `--name=value`; flags take no value; only `--locale` may
/// be repeated. `--help` anywhere asks for the usage.
public enum ArgumentParser {
    struct Spec {
        let name: String
        let takesValue: Bool
        let repeatable: Bool
    }

    static func option(_ name: String, repeatable: Bool = false) -> Spec {
        Spec(name: name, takesValue: true, repeatable: repeatable)
    }

    private static func flag(_ name: String) -> Spec {
        Spec(name: name, takesValue: false, repeatable: false)
    }

    private static let generateSpecs: [Spec] = [
        option("api"), option("output"), option("cache"), option("templates"), option("locale", repeatable: true), option("title"),
        option("now"), option("page-size"), option("max-items"), option("max-pages"), option("concurrency"), option("timeout"), option("rate"),
        option("retries"), option("max-image-bytes"), option("image-widths"), option("image-quality"), option("max-image-pixels"), option("ca-file"),
        option("archive"), option("warc"), option("wacz"), option("base-url"), option("metrics-file"), option("history-keep"), option("zim"),
        option("zim-part-size"), flag("offline"),
        flag("strict"), flag("force"), flag("export-data"), flag("history"), flag("keep-metadata"), flag("quiet"), flag("verbose"),
    ]

    private static let specs: [String: [Spec]] = [
        "generate": generateSpecs,
        "demo": generateSpecs.filter { $0.name != "api" },
        "validate-cache": [option("cache"), option("now"), flag("verbose")],
        "verify": [option("output")],
        "serve": [option("output"), option("host"), option("port")],
    ]

    private static let commands = ["generate", "demo", "validate-cache", "verify", "history", "templates", "serve", "zim", "wacz"]

    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" { return .help }
        guard let name = arguments.first else { throw UsageError("missing command") }
        if name == "--version" || name == "version" {
            guard arguments.count == 1 else { throw UsageError("--version takes no arguments") }
            return .version
        }
        do {
            return try command(name, Array(arguments.dropFirst()), environment: environment)
        } catch {
            throw commands.contains(name) ? error.about(name) : error
        }
    }

    private static func command(_ name: String, _ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        if name == "templates" { return try templates(arguments) }
        if name == "history" { return try history(arguments, environment: environment) }
        if name == "zim" { return try zim(arguments) }
        if name == "wacz" { return try wacz(arguments) }
        if name == "verify", let file = try verifiedZim(arguments) { return .verifyZim(file: file) }
        guard let commandSpecs = specs[name] else {
            if name.hasPrefix("-") { throw UsageError("unknown option '\(name)'; a command comes first") }
            throw UsageError("unknown command '\(name)'" + suggestion(for: name, among: commands, quoted: { $0 }))
        }
        let values = try collect(arguments, specs: commandSpecs, command: name)
        switch name {
        case "validate-cache":
            return .validateCache(cache: try path(values, "cache"), now: try now(values, environment: environment), verbose: values["verbose"] != nil)
        case "verify":
            return .verify(output: try path(values, "output") ?? GenerateOptions.defaultOutput)
        case "serve":
            let port = try integer(values, "port", in: 0...Int(UInt16.max)).map(UInt16.init) ?? ServeCommand.defaultPort
            let host = values["host"]?.first ?? ServeCommand.defaultHost
            guard IPv4Text.isAddress(host) else {
                throw UsageError("--host needs an IPv4 address of this machine to listen on, such as 0.0.0.0 (all of them) or 192.168.1.20, got '\(host)'")
            }
            return .serve(output: try path(values, "output") ?? GenerateOptions.defaultOutput, host: host, port: port)
        case "demo":
            return .demo(try generateOptions(values, environment: environment))
        default:
            return .generate(try generateOptions(values, environment: environment))
        }
    }

    static func collect(_ arguments: [String], specs: [Spec], command: String) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("unexpected argument '\(argument)' for '\(command)'")
            }
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)' for '\(command)'" + suggestion(for: name, among: specs.map(\.name), quoted: { "--" + $0 }))
            }
            var value = ""
            if spec.takesValue {
                if parts.count == 2 {
                    value = String(parts[1])
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '--\(name)' needs a value")
                }
            } else if parts.count == 2 {
                throw UsageError("option '--\(name)' takes no value")
            }
            if values[name] != nil, !spec.repeatable {
                throw UsageError("option '--\(name)' is given more than once")
            }
            values[name, default: []].append(value)
        }
        return values
    }

    /// "; did you mean 'NAME'?" when one of `known` is near `given`, else nothing.
    private static func suggestion(for given: String, among known: [String], quoted: (String) -> String) -> String {
        NearestName.nearest(to: given, among: known).map { "; did you mean '\(quoted($0))'?" } ?? ""
    }

    /// A URL given with `user:password@` is refused, and the message does not repeat it:
    /// feedsite sends no credentials (an API that needs them is not one it can read) and
    /// would print a base URL's into every page.
    private static func refuseCredentials(in text: String, of option: String) throws(UsageError) {
        guard let url = WebURL.parse(text), WebURL.withoutCredentials(url) != nil else { return }
        throw UsageError("--\(option) must not hold credentials (user:password@): feedsite sends none and publishes none")
    }

    private static func generateOptions(_ values: [String: [String]], environment: [String: String]) throws(UsageError) -> GenerateOptions {
        var options = GenerateOptions()
        options.cache = try path(values, "cache")
        if let api = values["api"]?.first {
            try refuseCredentials(in: api, of: "api")
            guard let url = WebURL.parse(api) else { throw UsageError("--api needs an http or https URL, got '\(api)'") }
            options.api = url
        }
        if let base = values["base-url"]?.first {
            try refuseCredentials(in: base, of: "base-url")
            guard let url = BaseURL(base) else {
                throw UsageError(
                    "--base-url needs the absolute http or https URL the site will be served from, such as https://example.org/feed/, got '\(base)'")
            }
            options.baseURL = url
        }
        options.output = try path(values, "output") ?? options.output
        options.templates = try path(values, "templates")
        options.archive = try path(values, "archive")
        options.warc = try path(values, "warc")
        options.wacz = try path(values, "wacz")
        if options.wacz != nil, options.warc == nil {
            throw UsageError("--wacz packs the run's web archive: it needs --warc DIR as well")
        }
        options.caFile = try path(values, "ca-file")
        options.metricsFile = try path(values, "metrics-file")
        options.zim = try path(values, "zim")
        options.zimPartSize = try zimPartSize(values) ?? options.zimPartSize
        if values["zim-part-size"] != nil, options.zim == nil {
            throw UsageError("--zim-part-size cuts the ZIM file into parts: it needs --zim FILE as well")
        }
        if let locales = values["locale"] {
            guard locales.allSatisfy({ !$0.isEmpty }) else { throw UsageError("--locale needs a locale such as en, el or pt-BR") }
            options.locales = locales
        }
        options.title = try title(values)
        options.now = try now(values, environment: environment)
        options.pageSize = try integer(values, "page-size", in: 1...10_000) ?? options.pageSize
        options.maxItems = try integer(values, "max-items", in: 1...10_000_000)
        options.maxPages = try integer(values, "max-pages", in: 1...10_000_000) ?? options.maxPages
        options.concurrency = try integer(values, "concurrency", in: 1...64) ?? options.concurrency
        options.retries = try integer(values, "retries", in: 0...10) ?? options.retries
        options.maxImageBytes = try integer(values, "max-image-bytes", in: 1...(1 << 40)) ?? options.maxImageBytes
        options.imageWidths = try imageWidths(values) ?? options.imageWidths
        options.imageQuality = try integer(values, "image-quality", in: 1...100) ?? options.imageQuality
        options.maxImagePixels = try integer(values, "max-image-pixels", in: 1...1_000_000_000) ?? options.maxImagePixels
        options.timeout = try positiveNumber(values, "timeout", upTo: 3600, of: "seconds") ?? options.timeout
        options.rate = try positiveNumber(values, "rate", upTo: 1000, of: "requests a second")
        options.keepMetadata = values["keep-metadata"] != nil
        options.offline = values["offline"] != nil
        if options.offline, options.warc != nil {
            throw UsageError("--warc keeps what the network answered, and --offline does not use the network: give one of them")
        }
        options.strict = values["strict"] != nil
        options.force = values["force"] != nil
        options.exportData = values["export-data"] != nil
        options.history = values["history"] != nil
        if let keep = values["history-keep"]?.first {
            guard options.history else { throw UsageError("--history-keep thins the history: it needs --history") }
            do {
                options.historyKeep = try HistoryKeepPolicy(parsing: keep)
            } catch {
                throw UsageError(error.description)
            }
        }
        switch (values["quiet"] != nil, values["verbose"] != nil) {
        case (true, true): throw UsageError("--quiet and --verbose cannot be used together")
        case (true, false): options.verbosity = .quiet
        case (false, true): options.verbosity = .verbose
        case (false, false): break
        }
        return options
    }

    /// `--title TEXT`: a name with something in it besides spaces, on one line.
    private static func title(_ values: [String: [String]]) throws(UsageError) -> String? {
        guard let title = values["title"]?.first else { return nil }
        let name = title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else { throw UsageError("--title needs the site's name, such as --title \"Lisbon in pictures\"") }
        return name
    }

    /// `templates DIR`: one folder, and no option.
    /// `history list [--output DIR]` or `history prune [--output DIR] [--history-keep POLICY]
    /// [--now ISO8601] [--templates DIR] [--base-url URL] [--title TEXT]`.
    private static func history(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        guard let action = arguments.first, ["list", "prune"].contains(action) else {
            let given = arguments.first.map { " (got '\($0)'\(suggestion(for: $0, among: ["list", "prune"], quoted: { $0 })))" } ?? ""
            throw UsageError(
                "history needs list or prune\(given): feedsite history list [--output DIR], feedsite history prune [--output DIR] [--history-keep POLICY]",
                command: "history")
        }
        do {
            return try history(action, Array(arguments.dropFirst()), environment: environment)
        } catch {
            throw error.about("history \(action)")
        }
    }

    private static func history(_ action: String, _ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        let specs =
            action == "list"
            ? [option("output")] : [option("output"), option("history-keep"), option("now"), option("templates"), option("base-url"), option("title")]
        let values = try collect(arguments, specs: specs, command: "history \(action)")
        var request = HistoryRequest(action: .list, output: try path(values, "output") ?? GenerateOptions.defaultOutput, now: nil)
        guard action == "prune" else { return .history(request) }
        var policy = HistoryKeepPolicy.standard
        if let keep = values["history-keep"]?.first {
            do {
                policy = try HistoryKeepPolicy(parsing: keep)
            } catch {
                throw UsageError(error.description)
            }
        }
        var baseURL: BaseURL?
        if let base = values["base-url"]?.first {
            try refuseCredentials(in: base, of: "base-url")
            guard let url = BaseURL(base) else { throw UsageError("--base-url needs the absolute http or https URL the site is served from, got '\(base)'") }
            baseURL = url
        }
        request.now = try now(values, environment: environment)
        request.action = .prune(policy: policy, templates: try path(values, "templates"), baseURL: baseURL, title: try title(values))
        return .history(request)
    }

    private static func templates(_ arguments: [String]) throws(UsageError) -> Command {
        guard let folder = arguments.first, arguments.count == 1, !folder.hasPrefix("-"), !folder.isEmpty else {
            let unexpected = arguments.first { $0.hasPrefix("-") }.map { "unknown option '\($0)' for 'templates'; " } ?? ""
            throw UsageError("\(unexpected)templates needs one folder to write the built-in templates into, such as: feedsite templates theme")
        }
        return .templates(folder: folder)
    }
}
