import Foundation

/// A photo's own page (its comments page): the whole photo, the photos before and after it,
/// its text, its comments.
extension SiteRenderer {
    public func render(_ page: CommentsPageModel) throws -> String {
        try draft(page).render()
    }

    /// The photo's page, its values gathered but not yet rendered.
    public func draft(_ page: CommentsPageModel) throws -> PageDraft {
        let comments: [TemplateValue] = (page.comments ?? []).map { comment in
            [
                "username": .text(comment.username),
                "message": .text(comment.message),
                "relativeDate": .text(comment.relativeDate),
                "absoluteDate": .text(comment.absoluteDate),
                "isoDate": .text(comment.isoDate),
            ]
        }
        var image: TemplateValue = false
        if let picture = page.picture {
            let alt = try alternative(description: page.description, location: page.location)
            var fields = imageFields(
                picture.source, size: picture.size, sourceSet: picture.sourceSet, placeholder: page.imagePlaceholder, alt: alt, first: true)
            fields["sizes"] = .text(picture.sizes)
            fields["original"] = try original(page.original)
            image = .object(fields)
        }
        let body: TemplateValue = [
            "image": image,
            "neighbours": try neighbours(previous: page.previous, next: page.next),
            "viewer": ["script": .text(SitePaths.relative(from: page.path, to: SitePaths.viewerScript))],
            "location": Self.shown(page.location),
            "description": Self.shown(page.description),
            "originalURL": .text(page.originalURL),
            "unavailableLabel": .text(try strings.string(.feedImageUnavailable)),
            "openOriginalLabel": .text(try strings.string(.feedImageOpenOriginal)),
            "error": page.comments == nil ? .text(try strings.string(.genericConnectionError)) : false,
            "hasComments": .bool(!comments.isEmpty),
            "comments": .list(comments),
            "noComments": .bool(page.comments?.isEmpty == true),
            "emptyLabel": .text(try strings.string(.imageCommentsEmpty)),
            "itemHistory": try itemHistory(of: page.imageID, at: page.path),
        ]
        let back: TemplateValue = ["href": .text(page.feedLink), "label": .text(try siteName())]
        let layout = try layoutValues(
            path: page.path, title: try strings.string(.imageCommentsViewTitle), documentTitle: try photoTitle(page), back: back, search: false,
            kind: .photo)
        return PageDraft(path: page.path, body: templates.comments, bodyValues: body, layout: templates.layout, layoutValues: layout)
    }

    /// The links to the photos before and after, `false` when it has neither; the next one
    /// carries its photo's sources, so the page's script can fetch it ahead.
    private func neighbours(previous: CommentsPageModel.Neighbour?, next: CommentsPageModel.Neighbour?) throws -> TemplateValue {
        guard previous != nil || next != nil else { return false }
        var following = try link(next?.link, label: .imageViewerNext)
        if case var .object(fields) = following {
            fields["picture"] =
                next?.picture.map { picture in
                    ["src": .text(picture.source), "srcset": picture.sourceSet.map { .text($0.srcset) } ?? false, "sizes": .text(picture.sizes)]
                } ?? false
            following = .object(fields)
        }
        return [
            "label": .text(try strings.string(.imageViewerLabel)),
            "previous": try link(previous?.link, label: .imageViewerPrevious),
            "next": following,
        ]
    }

    /// What a photo's page is called: its location, else its description, cut to a tab's
    /// width, else "Untitled image".
    private func photoTitle(_ page: CommentsPageModel) throws -> String {
        let name = try imageName([page.location, page.description])
        let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.count > Self.titleLength else { return words }
        return String(words.prefix(Self.titleLength - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The most characters a photo's name keeps in its page's title.
    static let titleLength = 70
}
