import CCurl

/// The engine loop's copy of `CertificateAuthorities`' bundle, at an address that does not
/// move: libcurl keeps a pointer to it, not a copy, for as long as a transfer's handle
/// lives. Each transfer holds this, so the bytes outlive every handle that points at them.
final class CertificateBundle {
    private let bytes: UnsafeMutableRawBufferPointer
    private let addedFile: String

    init(_ authorities: CertificateAuthorities) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: authorities.pem.count, alignment: 1)
        authorities.pem.copyBytes(to: bytes)
        addedFile = authorities.addedFile
    }

    deinit {
        bytes.deallocate()
    }

    /// Points the transfer at the bundle.
    func apply(to easy: UnsafeMutableRawPointer) -> CURLcode {
        let result = fs_easy_setopt_blob(easy, Int32(FS_CURLOPT_CAINFO_BLOB), bytes.baseAddress, bytes.count)
        guard result != FS_CURLE_OK else { return result }
        // A libcurl without blob support (before 7.77) can still trust the private CA alone.
        return fs_easy_setopt_string(easy, Int32(FS_CURLOPT_CAINFO), addedFile)
    }
}
