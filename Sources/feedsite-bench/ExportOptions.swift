import Foundation

/// `feedsite-bench export`'s own options.
struct ExportOptions {
    struct NginxPorts {
        let http: UInt16
        let https: UInt16
        let certificate: String
        let key: String
    }

    var dir: String?
    var bases: [URL] = []
    var redirectImages = false
    var certificates = false
    var printNginxConfig: NginxPorts?
}
