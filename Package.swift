// swift-tools-version: 6.0
import PackageDescription

/// Hashing runs optimized even in debug builds: `swift test` builds debug, and an
/// unoptimized SHA-256 is 10–50× slower, which would make the image cache tests crawl.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "feedsite",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "feedsite", targets: ["feedsite"])
    ],
    targets: [
        .target(name: "Hashing", swiftSettings: optimizedInDebug),
        .target(name: "FeedCore", dependencies: ["Hashing"]),
        .target(name: "SiteGenerator", dependencies: ["FeedCore", "Hashing"]),
        .target(name: "LoopbackHTTP"),
        .target(name: "SampleAPI", dependencies: ["FeedCore", "LoopbackHTTP", "Hashing"]),
        .target(name: "FeedSiteCLI", dependencies: ["FeedCore", "SiteGenerator", "SampleAPI", "LoopbackHTTP"]),
        .executableTarget(name: "feedsite", dependencies: ["FeedSiteCLI"]),
        .testTarget(
            name: "FeedSiteTests",
            dependencies: ["FeedCore", "Hashing", "SiteGenerator", "LoopbackHTTP", "SampleAPI", "FeedSiteCLI", "feedsite"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
