import FeedCore
import Foundation
import Images
import Synchronization

/// The demo's built-in feed: 36 landscapes with locations and descriptions (some missing,
/// one over two lines, two holding markup and ampersands), a few images that are
/// byte-identical under different URLs, and comments dated minutes to months before `now`.
public final class DemoFeed: SampleFeedSource {
    private struct Entry {
        let location: String?
        let description: String?
        /// Which picture: entries with the same one serve identical bytes.
        let picture: Int
        let comments: [(username: String, message: String, age: TimeInterval)]
    }

    /// How large the pictures are drawn.
    public enum Pictures: Sendable {
        /// 360-pixel squares as PNG: quick to make, for tests that are not about pictures.
        case small
        /// 1800 × 1200, a photograph's shape, wider than the widest rendition; every other
        /// one a JPEG: the demo's, so its run makes renditions of both kinds.
        case large
    }

    private let now: Date
    private let size: Pictures
    private let pictures = Mutex<[Int: [UInt8]]>([:])

    public init(now: Date, pictures: Pictures = .small) {
        self.now = now
        self.size = pictures
    }

    public var itemCount: Int { Self.entries.count }

    public func item(at index: Int) -> SampleItem {
        let entry = Self.entries[index]
        return SampleItem(
            id: Self.itemID(index), description: entry.description, location: entry.location,
            imagePath: "/images/\(index + 1).\(fileExtension(of: entry.picture))")
    }

    public func index(of id: UUID) -> Int? {
        Self.entries.indices.first { Self.itemID($0) == id }
    }

    public func comments(forItemAt index: Int) -> [ImageComment] {
        Self.entries[index].comments.enumerated().map { offset, comment in
            ImageComment(
                id: Self.commentID(item: index, comment: offset),
                message: comment.message,
                createdAt: now.addingTimeInterval(-comment.age),
                username: comment.username
            )
        }
    }

    public func image(at path: String) -> [UInt8]? {
        guard path.hasPrefix("/images/"), let dot = path.lastIndex(of: "."),
            let number = Int(path[path.index(path.startIndex, offsetBy: "/images/".count)..<dot]),
            Self.entries.indices.contains(number - 1),
            path[path.index(after: dot)...] == fileExtension(of: Self.entries[number - 1].picture)
        else { return nil }
        let picture = Self.entries[number - 1].picture
        if let cached = pictures.withLock({ $0[picture] }) { return cached }
        let bytes = draw(picture)
        pictures.withLock { $0[picture] = bytes }
        return bytes
    }

    /// Every other large picture is a JPEG; the rest, and every small one, a PNG.
    private func fileExtension(of picture: Int) -> String {
        size == .large && picture % 2 == 0 ? "jpg" : "png"
    }

    private func draw(_ picture: Int) -> [UInt8] {
        let theme = picture % SampleArt.themes.count
        let seed = UInt64(picture) &* 7919 &+ 17
        switch size {
        case .small:
            return SampleArt.png(theme: theme, seed: seed)
        case .large:
            let (width, height) = (1800, 1200)
            let samples = SampleArt.pixels(theme: SampleArt.themes[theme], seed: seed, width: width, height: height)
            let bitmap = Bitmap(width: width, height: height, layout: .rgb, samples: samples)
            return fileExtension(of: picture) == "jpg" ? JPEGEncoder.encode(bitmap, quality: 90) : PNGWriter.encode(bitmap)
        }
    }

    public static func itemID(_ index: Int) -> UUID {
        UUID(text: String(format: "D3F0A5E2-0000-4000-8000-%012lX", index + 1))!
    }

    static func commentID(item: Int, comment: Int) -> UUID {
        UUID(text: String(format: "C0FFEE00-%04lX-4000-8000-%012lX", comment + 1, item + 1))!
    }

    private static let minute: TimeInterval = 60
    private static let hour: TimeInterval = 3600
    private static let day: TimeInterval = 86400

    private static let entries: [Entry] = [
        Entry(
            location: "Lisbon, Portugal", description: "Golden hour over the Tagus.", picture: 0,
            comments: [
                ("ana.m", "Those colours! 😍", 4 * minute),
                ("jonas", "Miradouro da Graça? Looks just like it.", 3 * hour),
                ("eleni_k", "Take me back.", 2 * day),
            ]),
        Entry(
            location: "Santorini, Greece", description: "Blue hour above the caldera.\nWorth every one of the 588 steps.", picture: 1,
            comments: [
                ("nikos", "Καταπληκτική θέα!", 12 * minute),
                ("sam", "Did you walk back up too?", 1 * day),
            ]),
        Entry(location: nil, description: "No idea where this was. Somewhere between two trains.", picture: 2, comments: []),
        Entry(
            location: "Rio de Janeiro, Brazil", description: nil, picture: 3,
            comments: [
                ("lucas.rj", "Que lugar lindo!", 45 * minute),
                ("mariana", "Saudades do Rio. Vou de São Paulo no próximo feriado!", 5 * hour),
                ("tom", "Sugarloaf from the other side?", 3 * day),
                ("ana.m", "Stunning.", 9 * day),
            ]),
        Entry(
            location: "Lofoten, Norway", description: "The light here never quite ends in June.", picture: 4,
            comments: [
                ("ingrid", "Reine?", 2 * hour)
            ]),
        Entry(
            location: "Kyoto, Japan", description: "Early morning, before the crowds.", picture: 5,
            comments: [
                ("hana", "Beautiful and so calm.", 30 * minute),
                ("jonas", "How early is early?", 6 * hour),
                ("hana", "5:30. Worth it.", 5 * hour + 50 * minute),
            ]),
        Entry(
            location: "Sahara, Morocco", description: "Dunes & silence.", picture: 6,
            comments: [
                ("karim", "Merzouga? We camped near there.", 4 * day)
            ]),
        Entry(
            location: "<script>alert('location')</script>",
            description: "Tags & ampersands are text: <b>not bold</b>, <img src=x onerror=alert(1)>, &amp; stays &amp;.", picture: 7,
            comments: [
                ("<b>mallory</b>", "<script>alert('comment')</script> & friends", 20 * minute),
                ("alice", "Looks like plain text to me. Good.", 2 * hour),
            ]),
        Entry(
            location: "Cape Town, South Africa", description: "Table Mountain wearing its tablecloth.", picture: 8,
            comments: [
                ("thandi", "Classic Cape Town.", 1 * day),
                ("pieter", "The wind that day!", 2 * day),
            ]),
        Entry(location: "Patagonia, Argentina", description: nil, picture: 9, comments: []),
        Entry(
            location: nil, description: nil, picture: 10,
            comments: [
                ("sam", "No caption needed.", 7 * hour)
            ]),
        Entry(
            location: "Banff, Canada", description: "Moraine Lake, 6 a.m., −4 °C.", picture: 11,
            comments: [
                ("claire", "Brrr. But wow.", 3 * minute),
                ("ben", "The colour of that water is unreal.", 2 * day),
                ("ingrid", "On my list!", 15 * day),
            ]),
        Entry(
            location: "Hallstatt, Austria", description: "Postcard village, real weather.", picture: 12,
            comments: [
                ("lukas", "Go in winter, fewer people.", 8 * day)
            ]),
        Entry(
            location: "Chefchaouen, Morocco", description: "Every wall a different blue.", picture: 13,
            comments: [
                ("karim", "My home town ❤️", 1 * hour),
                ("eleni_k", "I need to go.", 20 * day),
            ]),
        Entry(
            location: "Isle of Skye, Scotland", description: "Four seasons in one afternoon.", picture: 14,
            comments: [
                ("fiona", "That's Skye for you.", 40 * day)
            ]),
        Entry(
            location: "Bagan, Myanmar", description: nil, picture: 15,
            comments: [
                ("hana", "Balloons at sunrise?", 2 * day),
                ("jonas", "Next time!", 1 * day),
            ]),
        Entry(
            location: "Dolomites, Italy", description: "Tre Cime, on the loop trail.\nCloud came in twenty minutes later.", picture: 16,
            comments: [
                ("giulia", "Le Tre Cime! Bellissimo.", 5 * minute)
            ]),
        Entry(
            location: "Reykjavík, Iceland", description: "Waiting for auroras that never came.", picture: 17,
            comments: [
                ("ingrid", "Next winter, surely.", 70 * day),
                ("ben", "The sky is still gorgeous.", 3 * day),
            ]),
        Entry(
            location: "Cappadocia, Türkiye", description: "A hundred balloons, one sunrise.", picture: 18,
            comments: [
                ("elif", "Göreme mornings are magic.", 10 * hour)
            ]),
        Entry(location: nil, description: "Road trip, day 9. Lost count of the lakes.", picture: 19, comments: []),
        Entry(
            location: "Torres del Paine, Chile", description: "The towers, briefly, between clouds.", picture: 20,
            comments: [
                ("mateo", "Worth the hike!", 6 * day),
                ("claire", "How many days did you do?", 5 * day),
                ("mateo", "The W, five days.", 5 * day - hour),
            ]),
        Entry(
            location: "Queenstown, New Zealand", description: nil, picture: 21,
            comments: [
                ("aroha", "Kia ora! Come back soon.", 2 * hour)
            ]),
        Entry(
            location: "Halong Bay, Vietnam", description: "Mist and limestone.", picture: 22,
            comments: [
                ("linh", "Đẹp quá!", 1 * day)
            ]),
        Entry(
            location: "Yosemite, USA", description: "Tunnel View after the storm.", picture: 23,
            comments: [
                ("ben", "Ansel Adams vibes.", 14 * day),
                ("sam", "Half Dome looking sharp.", 13 * day),
            ]),
        Entry(
            location: "Zermatt, Switzerland", description: "The Matterhorn doing its thing.", picture: 24,
            comments: [
                ("lukas", "Iconic.", 25 * minute)
            ]),
        Entry(
            location: "Petra, Jordan", description: nil, picture: 25,
            comments: [
                ("karim", "Did you make it to the Monastery?", 11 * day)
            ]),
        Entry(location: "Bali, Indonesia", description: "Rice terraces at Tegallalang.", picture: 26, comments: []),
        Entry(
            location: "Lake Bled, Slovenia", description: "The island church, from the castle.", picture: 27,
            comments: [
                ("giulia", "So peaceful.", 4 * hour),
                ("eleni_k", "Did you try the cream cake?", 3 * hour),
            ]),
        Entry(
            location: "Uluru, Australia", description: "Colours shifting every minute at dusk.", picture: 28,
            comments: [
                ("aroha", "Incredible.", 200 * day)
            ]),
        Entry(
            location: "Meteora, Greece", description: "Monasteries on the rocks.", picture: 29,
            comments: [
                ("nikos", "Πανέμορφα! Αξίζει το ταξίδι από την Αθήνα.", 2 * day),
                ("sam", "How do they get up there?", 1 * day),
            ]),
        Entry(
            location: "Lisbon, Portugal", description: "Same sunset, shared again by a friend.", picture: 0,
            comments: [
                ("ana.m", "Hey, that's my photo! 😄", 1 * hour)
            ]),
        Entry(location: "Santorini, Greece", description: nil, picture: 1, comments: []),
        Entry(
            location: nil, description: "Reposted from the archive.", picture: 4,
            comments: [
                ("ingrid", "Still love this one.", 400 * day)
            ]),
        Entry(location: "Kyoto, Japan", description: "A second look at that morning.", picture: 5, comments: []),
        Entry(
            location: "Amsterdam, Netherlands", description: "Canals in the fog.", picture: 30,
            comments: [
                ("daan", "Typical November.", 8 * minute),
                ("claire", "Moody, love it.", 1 * hour),
            ]),
        Entry(
            location: "Mount Fuji, Japan", description: "Finally, a clear day.", picture: 31,
            comments: [
                ("hana", "Lucky!", 16 * hour),
                ("jonas", "From Kawaguchiko?", 15 * hour),
                ("hana", "Yes, north shore.", 14 * hour),
            ]),
    ]
}
