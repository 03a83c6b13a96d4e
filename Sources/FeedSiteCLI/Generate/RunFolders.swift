import FileSystem
import Foundation

/// The three places a run works in, as real paths: the output it replaces, the cache it
/// keeps, and the templates it reads. They never overlap: a cache inside the output would
/// go with every replaced site, an output inside the cache would mix the site with the
/// cache's files, and templates inside the output would be deleted by the first run.
struct RunFolders: Equatable {
    let output: String
    let cache: String
    /// `nil` when the templates do not come from a folder.
    let templates: String?

    /// Two of the folders are one, or one holds the other: a usage error naming both.
    struct Overlap: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private struct Place {
        let name: String
        let flag: String
        let path: String
    }

    /// The folders at the real paths `output`, `cache` and `templates` lead to.
    static func resolving(output: URL, cache: URL, templates: URL?) -> RunFolders {
        RunFolders(output: RealPath.of(output.path), cache: RealPath.of(cache.path), templates: templates.map { RealPath.of($0.path) })
    }

    /// The folders `options` name, against the working folder, the user's cache folder
    /// when `--cache` names none.
    static func named(by options: GenerateOptions, environment: RunEnvironment) -> RunFolders {
        resolving(
            output: environment.resolve(options.output), cache: environment.cacheFolder(options.cache), templates: options.templates.map(environment.resolve))
    }

    /// Refuses `path` (a real path, which `flag` names as `given`) inside the output, which
    /// every run replaces, or the cache, which holds only the cache's own files; `advice`
    /// ends the words.
    func refuseInside(_ path: String, flag: String, given: String, advice: String) throws(FlagFile.Refusal) {
        for (place, name) in [(output, "output folder"), (cache, "cache folder")] where RealPath.isWithin(path, place) {
            let why = place == output ? "which every run replaces" : "which holds only the cache's own files"
            throw FlagFile.Refusal(description: "\(flag) \(given) is inside the \(name) \(place), \(why); \(advice)")
        }
    }

    /// Throws for the first pair of folders that overlap.
    func checkSeparate() throws(Overlap) {
        let output = Place(name: "output folder", flag: "--output", path: output)
        var places = [output, Place(name: "cache folder", flag: "--cache", path: cache)]
        if let templates { places.append(Place(name: "templates folder", flag: "--templates", path: templates)) }
        for (index, first) in places.enumerated() {
            for second in places[(index + 1)...] {
                try Self.check(first, second, output: output.path)
            }
        }
    }

    private static func check(_ first: Place, _ second: Place, output: String) throws(Overlap) {
        if first.path == second.path {
            throw Overlap(
                description: "\(first.flag) and \(second.flag) are the same folder, \(first.path); "
                    + "the output, the cache and the templates each need a folder of their own")
        }
        for (inner, outer) in [(first, second), (second, first)] where RealPath.isWithin(inner.path, outer.path) {
            let replaced = outer.path == output ? ", which every run replaces" : ""
            throw Overlap(
                description: "the \(inner.name) \(inner.path) is inside the \(outer.name) \(outer.path)\(replaced); "
                    + "give \(inner.flag) a folder outside \(outer.flag)")
        }
    }
}
