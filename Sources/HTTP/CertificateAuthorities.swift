import CCurl
import FeedCore
import Foundation

/// The certificates a TLS connection may chain to: the system's trust store plus a private
/// CA (`--ca-file`), as one PEM bundle that each transfer hands libcurl from memory.
/// libcurl's own `CURLOPT_CAINFO` would replace the system's store rather than add to it.
public struct CertificateAuthorities: Sendable {
    /// The private CA's file, for a libcurl that cannot take the bundle from memory.
    let addedFile: String
    /// The system's store, then the private CA's certificates.
    let pem: Data

    /// Adds `added`, the bytes of `file` (PEM), to the system's store; fails when they hold
    /// no certificate. The caller reads the file, as it reads every file a user names.
    public init(adding added: Data, from file: String) throws(HTTPClientError) {
        guard String(decoding: added, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw HTTPClientError.connectivity("\(file) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        var pem = Self.systemStore().flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        pem.append(contentsOf: Array("\n".utf8))
        pem.append(added)
        self.pem = pem
        addedFile = file
    }

    /// The system's bundle as libcurl was built to find it (7.84 and later say), else the
    /// usual places.
    private static func systemStore() -> String? {
        var candidates = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]
        if Curl.isReady, let easy = curl_easy_init() {
            var path: UnsafePointer<CChar>?
            if fs_easy_getinfo_string(easy, Int32(FS_CURLINFO_CAINFO), &path) == FS_CURLE_OK, let path {
                candidates.insert(String(cString: path), at: 0)
            }
            curl_easy_cleanup(easy)
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }
}
