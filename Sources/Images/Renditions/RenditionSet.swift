/// What `Renditions.make` gives of a picture: its renditions, narrowest first, and the colours
/// a page shows before the picture arrives.
public struct RenditionSet: Equatable, Sendable {
    /// Empty for a picture no wider than the narrowest width: the original serves.
    public let renditions: [Rendition]
    /// `nil` for a picture with transparency.
    public let bands: ColourBands?

    public init(renditions: [Rendition], bands: ColourBands?) {
        self.renditions = renditions
        self.bands = bands
    }
}
