/// The known name a mistyped one most likely meant, for "did you mean '--output'?": the one
/// it starts, when it starts just one, else the nearest by single-letter edits (a letter
/// left out, added, changed, or two swapped), when few enough edits make it: one for a
/// name of up to four letters, two for a longer one.
enum NearestName {
    static func nearest(to given: String, among known: [String]) -> String? {
        guard !given.isEmpty else { return nil }
        let starting = known.filter { $0.hasPrefix(given) }
        if given.count >= 2, starting.count == 1 { return starting[0] }
        let allowed = given.count <= 4 ? 1 : 2
        var best: (name: String, edits: Int)?
        for name in known {
            let edits = editDistance(Array(given.utf8), Array(name.utf8))
            if edits <= allowed, edits < (best?.edits ?? .max) { best = (name, edits) }
        }
        return best?.name
    }

    /// The fewest insertions, deletions, substitutions and swaps of neighbours that turn
    /// `a` into `b` (the optimal string alignment distance).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table: the one two back, the last one, and the one being filled.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, last, row) = (last, row, twoBack)
        }
        return last[b.count]
    }
}
