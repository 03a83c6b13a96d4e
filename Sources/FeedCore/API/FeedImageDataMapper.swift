import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Image bytes are valid when the status is exactly 200 and the body is not empty.
public enum FeedImageDataMapper {
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Data {
        guard response.statusCode == 200 else {
            throw MappingError("status \(response.statusCode), expected 200")
        }
        guard !data.isEmpty else {
            throw MappingError("empty body")
        }
        return data
    }
}
