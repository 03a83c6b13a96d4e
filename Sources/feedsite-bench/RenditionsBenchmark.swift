#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Foundation
import Images
import Synchronization

/// `feedsite-bench renditions DIR`: the renditions of every picture in DIR, made as a run
/// makes them (`Renditions.make`, the default recipe), `jobs` pictures at once, with no
/// network and no cache: the files are read before the clock starts. Prints a row per
/// picture and the totals (wall, CPU, peak memory); with `out`, writes each rendition there
/// as NAME-WIDTH.jpg (or .png), for comparing bytes and pixels with other tools. Then what
/// dropping the same pictures' metadata costs (`MetadataBenchmark`).
enum RenditionsBenchmark {
    struct Row {
        let name: String
        let width: Int
        let height: Int
        let bytes: Int
        var seconds = 0.0
        var renditions: [Rendition] = []
        var failure: String?
    }

    static func run(folder: String, out: String?, jobs: Int, widths: [Int], quality: Int) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        let files = try names.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0))) }
        let recipe = RenditionRecipe(widths: widths, quality: quality, maxPixels: 50_000_000)
        let rows = Mutex(names.indices.map { index in Row(name: names[index], width: 0, height: 0, bytes: files[index].count) })
        let next = Atomic(0)

        let cpuBefore = cpuSeconds()
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while case let index = next.wrappingAdd(1, ordering: .relaxed).oldValue, index < files.count {
                let began = ContinuousClock.now
                let made = Result { () throws(ImageDecodingError) in try Renditions.make(from: files[index], recipe: recipe) }
                let seconds = (ContinuousClock.now - began).seconds
                rows.withLock { rows in
                    rows[index].seconds = seconds
                    switch made {
                    case .success(let made): rows[index].renditions = made.renditions
                    case .failure(let error): rows[index].failure = "\(error)"
                    }
                }
            }
        }
        let wall = (ContinuousClock.now - start).seconds
        let cpu = cpuSeconds() - cpuBefore

        let done = rows.withLock { $0 }
        print("# Renditions of \(files.count) pictures\n")
        print("Machine: \(machineDescription()). \(jobs) at once; recipe \(recipe.key), quality \(quality).\n")
        print("| picture | bytes | seconds | renditions | bytes of renditions |")
        print("|---|---|---|---|---|")
        for row in done {
            let made = row.failure ?? row.renditions.map { "\($0.width)×\($0.height)" }.joined(separator: ", ")
            print("| \(row.name) | \(row.bytes) | \(format(row.seconds, 3)) | \(made) | \(row.renditions.reduce(0) { $0 + $1.bytes.count }) |")
        }
        let originals = done.reduce(0) { $0 + $1.bytes }
        let made = done.reduce(0) { $0 + $1.renditions.reduce(0) { $0 + $1.bytes.count } }
        print("")
        print(
            "Total: wall \(format(wall, 3)) s, CPU \(format(cpu, 3)) s, peak memory \(megabytes(peakMemory())) MB; originals \(originals) bytes, renditions \(made) bytes."
        )

        MetadataBenchmark.run(files: files, renditionsCPU: cpu)

        if let out {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for row in done {
                let stem = (row.name as NSString).deletingPathExtension
                for rendition in row.renditions {
                    let name = "\(stem)-\(rendition.width).\(rendition.format == .jpeg ? "jpg" : "png")"
                    try Data(rendition.bytes).write(to: URL(fileURLWithPath: out).appendingPathComponent(name))
                }
            }
        }
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
