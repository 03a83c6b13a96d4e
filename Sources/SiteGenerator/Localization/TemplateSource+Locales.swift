extension TemplateSource {
    /// The locales that have string tables (a `<locale>.lproj` folder), sorted.
    public func locales() -> [String] {
        names().filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }.sorted()
    }
}
