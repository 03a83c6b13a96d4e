/// A key of the string tables: the table it is in (`<locale>.lproj/<table>.strings`) and its
/// name there. The keys a site uses are one `CaseIterable` type, so the list of what every
/// locale must hold is the type itself (`StringTables<Key>.load(locale:from:)`).
public protocol StringTableKey: CaseIterable, Sendable {
    var table: String { get }
    var name: String { get }
}

extension StringTableKey where Self: RawRepresentable, RawValue == String {
    /// The key as the table spells it.
    public var name: String { rawValue }
}
