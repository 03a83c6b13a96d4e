/// A key of the string tables: the table it is in (`<locale>.lproj/<table>.strings`) and its
/// name there. The keys a site uses are one `CaseIterable` type, so the list of what every
/// locale must hold is the type itself (`StringTables<Key>.load(locale:from:)`).
public protocol StringTableKey: CaseIterable, Sendable {
    var table: String { get }
    var name: String { get }
    /// Whether the key came after themes with their own string tables existed: a theme
    /// without it gets the built-in string rather than an error, so an upgrade never stops
    /// a run that worked.
    var mayComeFromDefaults: Bool { get }
}

extension StringTableKey {
    public var mayComeFromDefaults: Bool { false }
}

extension StringTableKey where Self: RawRepresentable, RawValue == String {
    /// The key as the table spells it.
    public var name: String { rawValue }
}
