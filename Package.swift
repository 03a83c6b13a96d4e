// swift-tools-version: 6.0
import PackageDescription

/// Hashing and the sample API's image drawing run optimized even in debug builds: `swift
/// test` and `swift run` build debug, where SHA-256 and PNG compression, unoptimized, would
/// make the tests and the demo crawl.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "feedsite",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "feedsite", targets: ["feedsite"]),
        .executable(name: "feedsite-bench", targets: ["feedsite-bench"]),
    ],
    targets: [
        .target(name: "CSHA256", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "Hashing", dependencies: ["CSHA256", "CZlib"], swiftSettings: optimizedInDebug),
        // What every layer reads and writes alike: JSON, ISO 8601 dates, byte counts in words,
        // a full disk (OutOfSpace). It knows no feed, file or site, so the file toolkit and
        // publishing stand on it without the feed.
        .target(name: "Basics", dependencies: ["Hashing"]),
        // Image headers, pure: bounded byte reads, JPEG's marker walk, EXIF's orientation, zigzag order.
        .target(name: "ImageHeaders"),
        // Pure feed logic: the domain (images' formats and sizes included), the API's
        // endpoints and mappers, the cache policy and use cases. No system calls.
        .target(name: "FeedCore", dependencies: ["Basics", "Hashing", "ImageHeaders"]),
        // Our own declarations of libcurl's API, linked against the libcurl.so.4 that the
        // toolchain's Foundation already needs: no header or -dev package to install.
        .target(
            name: "CCurl",
            linkerSettings: [
                .linkedLibrary(":libcurl.so.4", .when(platforms: [.linux])),
                .linkedLibrary("curl", .when(platforms: [.macOS])),
            ]
        ),
        // Our own declarations of SQLite's API, linked against the libsqlite3.so.0 that SwiftPM
        // itself links (macOS ships SQLite): no header or -dev package to install.
        .target(
            name: "CSQLite",
            linkerSettings: [
                .linkedLibrary(":libsqlite3.so.0", .when(platforms: [.linux])),
                .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
            ]
        ),
        // Our own declarations of zlib's API, linked against the libz.so.1 that libcurl itself
        // needs (macOS ships zlib): no header or -dev package to install.
        .target(
            name: "CZlib",
            linkerSettings: [
                .linkedLibrary(":libz.so.1", .when(platforms: [.linux])),
                .linkedLibrary("z", .when(platforms: [.macOS])),
            ]
        ),
        // Pictures: our own decoders and encoders and the resampler that make renditions.
        // Optimized even in debug builds, as hashing is: decoding a photograph unoptimized
        // would make the tests crawl.
        // zlib's deflate and inflate over CZlib: zlib streams for PNG, gzip members for WARC.
        .target(name: "Deflate", dependencies: ["CZlib", "Hashing"]),
        .target(name: "Images", dependencies: ["Deflate", "Hashing", "ImageHeaders"], swiftSettings: optimizedInDebug),
        // SQLite: a connection, statements, transactions, errors in plain words.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // HTTP: the libcurl engine, the retry policy.
        .target(name: "HTTP", dependencies: ["CCurl", "Basics", "FeedCore"]),
        // The file system: plain and atomic files, locks, disk flushes, system errors. Knows
        // no feed and no image.
        .target(name: "FileSystem", dependencies: ["Basics", "Hashing"]),
        // Storage: the cache codec, the stores.
        .target(name: "FeedStorage", dependencies: ["Basics", "FeedCore", "FileSystem", "Hashing", "SQLite"]),
        // The site: templates, strings, dates, page models. Pure.
        .target(name: "SiteGenerator", dependencies: ["Basics", "FeedCore", "Hashing"]),
        // Publishing: staging, the manifest, verify, tar.
        .target(name: "Publishing", dependencies: ["Basics", "FileSystem", "Hashing"]),
        // History: dated snapshots of the site, what changed between them, which to keep.
        .target(name: "History", dependencies: ["Basics", "FeedCore", "FileSystem", "Hashing", "Publishing", "SiteGenerator"]),
        // The ZIM file: the site and its history as one file for Kiwix; MD5 and a reader.
        .target(name: "Zim", dependencies: ["Basics", "FileSystem", "Hashing"]),
        // The web archive: WARC records, each a gzip member, and their CDXJ index.
        .target(name: "WebArchive", dependencies: ["Basics", "Deflate", "FileSystem", "Hashing"]),
        // The demo: a loopback HTTP server (also `feedsite serve`'s) and the sample API it serves.
        .target(name: "LoopbackHTTP"),
        .target(name: "SampleAPI", dependencies: ["Basics", "FeedCore", "Hashing", "LoopbackHTTP", "Images"], swiftSettings: optimizedInDebug),
        // The default templates, stylesheet and string tables, compiled in: the plugin runs the
        // embed-templates tool on Templates/ at every build that finds a file there changed, so
        // Templates/ stays their one copy and the binary needs no folder beside it.
        .executableTarget(name: "embed-templates"),
        .plugin(name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["embed-templates"], path: "Sources/EmbedTemplatesPlugin"),
        .target(name: "BuiltInTemplates", dependencies: ["SiteGenerator"], plugins: ["EmbedTemplatesPlugin"]),
        // The command line: arguments, the run, the console.
        .target(
            name: "FeedSiteCLI",
            dependencies: [
                "Basics", "FeedCore", "HTTP", "FileSystem", "FeedStorage", "SiteGenerator", "BuiltInTemplates", "Publishing", "LoopbackHTTP", "SampleAPI",
                "Images", "History", "WebArchive", "Hashing", "Zim",
            ]
        ),
        .executableTarget(name: "feedsite", dependencies: ["FeedSiteCLI"]),
        // The benchmark; BENCHMARKS.md beside its sources says what it measured.
        .executableTarget(
            name: "feedsite-bench",
            dependencies: ["Basics", "FeedCore", "FeedStorage", "CCurl", "HTTP", "Images", "LoopbackHTTP", "SampleAPI", "SiteGenerator", "Hashing"],
            exclude: ["BENCHMARKS.md"]),
        // Helpers both test targets use: fixtures, clocks, temporary folders.
        .target(name: "TestSupport", dependencies: ["FeedCore", "Hashing"], path: "Tests/TestSupport"),
        // Fast unit tests: no sockets, no processes.
        .testTarget(
            name: "FeedSiteTests",
            dependencies: [
                "TestSupport", "Basics", "FeedCore", "HTTP", "Hashing", "FileSystem", "FeedStorage", "SiteGenerator", "BuiltInTemplates", "Publishing",
                "LoopbackHTTP", "SampleAPI", "FeedSiteCLI", "SQLite", "Images", "ImageHeaders", "History", "WebArchive", "Deflate", "Zim",
            ],
            // The search rule's vectors are read from their path by the tests and by
            // .ci/check-search, not bundled; so are the pictures the codecs' tests decode.
            exclude: ["Site/__Snapshots__", "Site/Search/search-terms.json", "Images/Fixtures"]
        ),
        // Through real HTTP on 127.0.0.1, libcurl, the built executable, and other programs
        // (GNU tar, sha256sum, python3's zlib) reading what we write.
        .testTarget(
            name: "FeedSiteIntegrationTests",
            dependencies: [
                "TestSupport", "Basics", "FeedCore", "HTTP", "Hashing", "FileSystem", "FeedStorage", "SiteGenerator", "BuiltInTemplates", "Publishing",
                "LoopbackHTTP", "SampleAPI", "FeedSiteCLI", "SQLite", "feedsite", "Images", "WebArchive", "Deflate", "Zim",
            ],
            // The cache an earlier feedsite wrote, for the upgrade's tests; read from its
            // path, not bundled.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
