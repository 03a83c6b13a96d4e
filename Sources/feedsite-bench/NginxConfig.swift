#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
import Foundation

/// The nginx configuration that serves a `StaticExport` as the sample API would: on
/// 127.0.0.1, one port plain HTTP and one HTTPS with HTTP/2, in the foreground
/// (`daemon off;`), with its pid, error log and temporary files in a folder of its own.
struct NginxConfig {
    /// The export's folder (`v1/`, `images/`).
    var root: String
    /// The pid, the error log and nginx's temporary files.
    var work: String
    var httpPort: UInt16
    var httpsPort: UInt16
    var certificate: String
    var key: String
    /// nginx 1.25.1 turned `listen … http2` into a directive of its own, `http2 on;`.
    var http2Directive = false

    /// As the report says it: one worker per core.
    static let workerProcesses = "auto"

    var errorLog: String { work + "/error.log" }

    /// `http2Directive` as the nginx at `nginx` needs it (`nginx -v` says its version).
    static func needsHTTP2Directive(nginx: String, scratch: URL) -> Bool {
        let words = version(nginx: nginx, scratch: scratch).split(separator: "/").last?.split(separator: ".").compactMap { Int($0) } ?? []
        guard words.count >= 3 else { return false }
        return (words[0], words[1], words[2]) >= (1, 25, 1)
    }

    /// `nginx/1.22.1`
    static func version(nginx: String, scratch: URL) -> String {
        let result = try? ChildProcess.run(nginx, ["-v"], scratch: scratch)
        return result?.standardError.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "nginx"
    }

    var text: String {
        let ssl = http2Directive ? "ssl;\n        http2 on;" : "ssl http2;"
        // Run as root, nginx would hand the files to `nobody`'s workers, which may not read
        // the bench's scratch folder.
        let user = geteuid() == 0 ? "user root;\n" : ""
        return """
            # feedsite-bench: the synthetic feed as static files, answered as the sample API would.
            # Start with: nginx -c THIS_FILE -e \(errorLog)   (in the foreground: Ctrl-C stops it)
            daemon off;
            worker_processes \(Self.workerProcesses);
            \(user)pid \(work)/nginx.pid;
            error_log \(errorLog) warn;

            events {
                worker_connections 1024;
            }

            http {
                access_log off;
                client_body_temp_path \(work)/body;
                proxy_temp_path \(work)/proxy;
                fastcgi_temp_path \(work)/fastcgi;
                uwsgi_temp_path \(work)/uwsgi;
                scgi_temp_path \(work)/scgi;
                types {
                    application/json json;
                    image/png png;
                }
                # Comments lists are files named `comments`.
                default_type application/json;
                sendfile on;
                tcp_nopush on;
                # The sample API keeps a connection as long as the client wants; so does this
                # (nginx's default closes one after 1,000 requests).
                keepalive_requests 1000000;
                keepalive_timeout 300s;

                server {
                    listen 127.0.0.1:\(httpPort);
                    listen 127.0.0.1:\(httpsPort) \(ssl)
                    ssl_certificate \(certificate);
                    ssl_certificate_key \(key);
                    root \(root);

                    # GET /v1/feed?limit=10[&after_id=ID]: pages of 10 items whatever the limit,
                    # one set per scheme so that image URLs match it.
                    location = /v1/feed {
                        try_files /v1/pages/$scheme/p$arg_after_id.json =404;
                    }
                    # GET /v1/image/<ID>/comments and /images/synthetic-N.png are files; nginx adds
                    # ETag and Last-Modified and answers If-None-Match with 304.

                    # --redirect-images: a 302 to the image.
                    location /r/ {
                        rewrite ^/r/(.*)$ /images/$1 redirect;
                    }
                    # Requests and connections so far: the bench reads them around each run.
                    location = /nginx-status {
                        stub_status;
                    }
                }
            }

            """
    }
}
