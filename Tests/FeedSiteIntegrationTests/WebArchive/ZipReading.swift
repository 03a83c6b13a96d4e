import Foundation
import XCTest

/// The entries of a ZIP file, for tests: Python's `zipfile` reads them (a test without
/// Python is skipped), checks each one's CRC-32, and says how each is kept.
enum ZipReading {
    struct Entry {
        let name: String
        let stored: Bool
        let data: Data
    }

    static func entries(of path: String) throws -> [Entry] {
        let script = """
            import base64, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                print(json.dumps([[i.filename, i.compress_type, base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))
            """
        let data = try PythonScript.output(of: script, [path], skipping: "read the ZIP \(path) with zipfile")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[Any]])
        return rows.map { row in
            Entry(name: row[0] as? String ?? "", stored: row[1] as? Int == 0, data: Data(base64Encoded: row[2] as? String ?? "") ?? Data())
        }
    }
}
