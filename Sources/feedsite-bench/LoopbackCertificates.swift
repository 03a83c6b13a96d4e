import Foundation

/// A throwaway CA and a server certificate for IP 127.0.0.1 signed by it (P-256, valid from
/// now for two days), made with the `openssl` command line: a private CA as an internal
/// API would have, which feedsite trusts with `--ca-file` and curl with `--cacert`.
struct LoopbackCertificates {
    /// The CA's certificate (PEM): what clients trust.
    let authority: String
    /// The server's certificate and key (PEM), for nginx.
    let certificate: String
    let key: String

    /// Makes the files in `folder` (created when missing).
    static func make(in folder: URL) throws -> LoopbackCertificates {
        guard let openssl = ChildProcess.which("openssl") else {
            throw BenchmarkError("the openssl command is not installed, and the HTTPS server needs a certificate from it (apt-get install openssl)")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try """
        subjectAltName = IP:127.0.0.1
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = serverAuth

        """.write(toFile: path("server.ext"), atomically: false, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509"] + key + [
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=feedsite-bench throwaway CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            ["req", "-new"] + key + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
                "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext"),
            ],
        ]
        for arguments in steps {
            let result = try ChildProcess.run(openssl, arguments, scratch: folder)
            guard result.status == 0 else {
                throw BenchmarkError(
                    "openssl \(arguments.prefix(2).joined(separator: " ")) failed (exit status \(result.status)): \(result.standardError.suffix(500))")
            }
        }
        return LoopbackCertificates(authority: path("ca.pem"), certificate: path("server.pem"), key: path("server.key"))
    }
}
