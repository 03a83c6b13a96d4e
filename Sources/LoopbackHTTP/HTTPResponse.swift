import Foundation

/// What the handler answers. `hangUp` closes the connection without answering, to play a
/// server that drops connections.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var hangsUp: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.hangsUp = false
    }

    public static let hangUp: HTTPResponse = {
        var response = HTTPResponse(status: 0)
        response.hangsUp = true
        return response
    }()

    public static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        json(Data(text.utf8), status: status)
    }

    public static let notFound = HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not found\n".utf8))

    func serialized(keepAlive: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-length" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var data = Data(head.utf8)
        data.append(body)
        return data
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
