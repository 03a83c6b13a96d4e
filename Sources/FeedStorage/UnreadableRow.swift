/// A row that does not read back as what was saved (the database was edited by hand): a read
/// error naming the database, with this reason.
struct UnreadableRow: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
