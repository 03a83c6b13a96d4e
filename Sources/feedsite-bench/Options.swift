import Foundation

let usage = """
    usage: feedsite-bench [--items 1000,10000,100000] [--comments 5] [--image-bytes 10000]
                          [--concurrency 8] [--compare] [--nginx] [--memory-check] [--feedsite PATH]
           feedsite-bench serve [--items N] [--comments K] [--image-bytes S] [--port P] [--evolve grow|edit]
                                [--flaky] [--images html|endless|redirect|slow] [--comments-fault hang|503|reset]
           feedsite-bench export --items N --dir DIR --base URL [--base URL] [--redirect-images]
                                 [--comments K] [--image-bytes S] [--certificates]
                                 [--print-nginx-config HTTP_PORT HTTPS_PORT CERT KEY]
           feedsite-bench store [--items 100000,1000000] [--comments 5]
       feedsite-bench search [--items 1000,10000,100000] [--comments 5]
       feedsite-bench renditions DIR [--out DIR] [--jobs 2] [--widths 480,960,1600] [--quality 80]

    Runs `feedsite generate` cold, warm and offline for each number of items against the
    sample API on 127.0.0.1 and prints Markdown tables. --compare also runs curl and hugo
    (when installed) on the same data: curl fetching the same image URLs, and each run's
    floor (curl fetching the feed pages one after another, then the comments and images
    --parallel, plus feedsite's own offline render), and a bare libcurl loop (CurlEngine, no
    files). --nginx also serves each feed as static files from nginx, over plain HTTP and
    over HTTPS with HTTP/2 (a throwaway CA made with openssl), and runs feedsite and the
    floors against both. --memory-check adds a cold 10,000-item run with 200,000-byte images
    to compare peak memory, and a run whose every image is a body that never ends.

    `serve` only starts the sample API, for trying things by hand; its fault options make it
    misbehave as real APIs do (see Faults.swift). With --evolve the feed changes from one
    run to the next as a real one does (EvolvingFeed): each request for the feed's first
    page starts a new generation, one item edited and two commented, and with `grow` two
    items added at the top and one gone.

    `store` times the cache database alone at each size (in the scratch folder, under
    TMPDIR): saving the feed, every image's comments in one batch, reading the first-seen
    dates and the feed, looking up every image's comments, pruning them all.

    `search` times the search index alone at each size, in memory on one thread: every
    item's terms, record and digest, adding the terms, and the term files.

    `renditions` makes the renditions of every picture in DIR as a run does, --jobs pictures
    at once, from files read before the clock starts (no network, no cache), and prints the
    time, CPU and peak memory; --out writes them there as NAME-WIDTH.jpg, for comparing. Then
    it strips the same pictures' metadata one at a time, as a run does for the originals it
    publishes, and says what that cost beside the renditions.

    `export` writes the static files nginx serves into DIR/www: feed pages per scheme, image
    URLs on each --base (an origin, at most one http and one https; --redirect-images names
    /r/synthetic-N.png, which the config answers with a 302 to the image), comments, images.
    --certificates makes DIR/tls/ca.pem, server.pem and server.key; --print-nginx-config
    prints the nginx config for them (logs and pid in DIR/nginx). By hand:

      feedsite-bench export --items 1000 --dir /tmp/feed --base http://127.0.0.1:8080 \\
          --base https://127.0.0.1:8443 --certificates \\
          --print-nginx-config 8080 8443 /tmp/feed/tls/server.pem /tmp/feed/tls/server.key > /tmp/feed.nginx.conf
      nginx -c /tmp/feed.nginx.conf -e /tmp/feed/nginx/error.log      # runs until Ctrl-C
      feedsite generate --api https://127.0.0.1:8443/v1 --ca-file /tmp/feed/tls/ca.pem --output /tmp/feed/site
    """

struct Options {
    enum Command {
        case bench, serve, export, store, search, renditions
    }

    var command = Command.bench
    var sizes = [1_000, 10_000, 100_000]
    var comments = 5
    var imageBytes = 10_000
    var concurrency = 8
    var compare = false
    var nginx = false
    var memoryCheck = false
    /// `serve`: a feed that moves on to its next generation with each run, growing or only
    /// edited.
    var evolve = false
    var evolveGrows = true
    var port: UInt16 = 0
    var feedsite: String?
    var faults = Faults()
    var export = ExportOptions()
    var renditions = RenditionsOptions()
}

struct RenditionsOptions {
    var folder = ""
    var out: String?
    var jobs = 2
    var widths = [480, 960, 1600]
    var quality = 80
}

func parseOptions(_ arguments: [String]) throws -> Options {
    var options = Options()
    var rest = arguments[...]
    switch rest.first {
    case "serve":
        options.command = .serve
        options.sizes = [1_000]
        rest = rest.dropFirst()
    case "export":
        options.command = .export
        options.sizes = []
        rest = rest.dropFirst()
    case "store":
        options.command = .store
        options.sizes = [100_000, 1_000_000]
        rest = rest.dropFirst()
    case "search":
        options.command = .search
        options.sizes = [1_000, 10_000, 100_000]
        rest = rest.dropFirst()
    case "renditions":
        options.command = .renditions
        rest = rest.dropFirst()
        guard let folder = rest.popFirst(), !folder.hasPrefix("--") else { throw BenchmarkError("renditions needs a folder of pictures\n\n\(usage)") }
        options.renditions.folder = folder
    default: break
    }
    func number(_ text: String?, _ name: String) throws -> Int {
        guard let text, let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
            throw BenchmarkError("\(name) needs a positive whole number\n\n\(usage)")
        }
        return value
    }
    func port(_ text: String?, _ name: String) throws -> UInt16 {
        guard let value = UInt16(exactly: try number(text, name)) else { throw BenchmarkError("\(name) needs a port number from 1 to 65535") }
        return value
    }
    func text(_ value: String?, _ name: String) throws -> String {
        guard let value, !value.isEmpty, !value.hasPrefix("--") else { throw BenchmarkError("\(name) needs a value\n\n\(usage)") }
        return value
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--items": options.sizes = try (rest.popFirst() ?? "").split(separator: ",").map { try number(String($0), "--items") }
        case "--comments": options.comments = try number(rest.popFirst(), "--comments")
        case "--image-bytes": options.imageBytes = try number(rest.popFirst(), "--image-bytes")
        case "--concurrency": options.concurrency = try number(rest.popFirst(), "--concurrency")
        case "--port": options.port = try port(rest.popFirst(), "--port")
        case "--compare": options.compare = true
        case "--nginx": options.nginx = true
        case "--memory-check": options.memoryCheck = true
        case "--evolve":
            options.evolve = true
            switch rest.popFirst() {
            case "grow": options.evolveGrows = true
            case "edit": options.evolveGrows = false
            default: throw BenchmarkError("--evolve needs grow or edit\n\n\(usage)")
            }
        case "--feedsite": options.feedsite = try text(rest.popFirst(), "--feedsite")
        case "--flaky": options.faults.flaky = true
        case "--images":
            guard let mode = rest.popFirst(), Faults.imageModes.contains(mode) else {
                throw BenchmarkError("--images needs one of \(Faults.imageModes.joined(separator: ", "))")
            }
            options.faults.images = mode
        case "--comments-fault":
            guard let mode = rest.popFirst(), Faults.commentsModes.contains(mode) else {
                throw BenchmarkError("--comments-fault needs one of \(Faults.commentsModes.joined(separator: ", "))")
            }
            options.faults.comments = mode
        case "--dir": options.export.dir = try text(rest.popFirst(), "--dir")
        case "--base":
            let value = try text(rest.popFirst(), "--base")
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil, url.path.isEmpty || url.path == "/" else {
                throw BenchmarkError("--base needs an http or https origin such as https://127.0.0.1:8443, got '\(value)'")
            }
            guard !options.export.bases.contains(where: { $0.scheme == url.scheme }) else {
                throw BenchmarkError("--base: one origin per scheme (the pages of each scheme live in v1/pages/<scheme>)")
            }
            options.export.bases.append(url)
        case "--out": options.renditions.out = try text(rest.popFirst(), "--out")
        case "--jobs": options.renditions.jobs = try number(rest.popFirst(), "--jobs")
        case "--widths": options.renditions.widths = try (rest.popFirst() ?? "").split(separator: ",").map { try number(String($0), "--widths") }
        case "--quality": options.renditions.quality = try number(rest.popFirst(), "--quality")
        case "--redirect-images": options.export.redirectImages = true
        case "--certificates": options.export.certificates = true
        case "--print-nginx-config":
            options.export.printNginxConfig = ExportOptions.NginxPorts(
                http: try port(rest.popFirst(), "--print-nginx-config HTTP_PORT"),
                https: try port(rest.popFirst(), "--print-nginx-config HTTPS_PORT"),
                certificate: try text(rest.popFirst(), "--print-nginx-config CERT"),
                key: try text(rest.popFirst(), "--print-nginx-config KEY")
            )
        case "--help", "-h":
            print(usage)
            exit(0)
        default: throw BenchmarkError("unknown argument '\(argument)'\n\n\(usage)")
        }
    }
    if options.command == .export {
        guard options.sizes.count == 1 else { throw BenchmarkError("export needs one --items N\n\n\(usage)") }
        guard options.export.dir != nil else { throw BenchmarkError("export needs --dir DIR\n\n\(usage)") }
        guard !options.export.bases.isEmpty else { throw BenchmarkError("export needs --base URL, the origin the feed's image URLs name\n\n\(usage)") }
    }
    return options
}
