/// Every string of the string tables the site's pages use, by its key. `Templates/en.lproj`
/// says what each means and what its placeholders stand for.
public enum SiteString: String, StringTableKey {
    case feedViewTitle = "FEED_VIEW_TITLE"
    case feedPagePrevious = "FEED_PAGE_PREVIOUS"
    case feedPageNext = "FEED_PAGE_NEXT"
    case feedPagePosition = "FEED_PAGE_POSITION"
    case feedImageComments = "FEED_IMAGE_COMMENTS"
    case feedImageUnavailable = "FEED_IMAGE_UNAVAILABLE"
    case feedImageOpenOriginal = "FEED_IMAGE_OPEN_ORIGINAL"
    case feedImageUntitled = "FEED_IMAGE_UNTITLED"
    case feedImagePhoto = "FEED_IMAGE_PHOTO"
    case feedEmpty = "FEED_EMPTY"
    case feedCachedNotice = "FEED_CACHED_NOTICE"
    case searchLabel = "SEARCH_LABEL"
    case searchResultsOne = "SEARCH_RESULTS_ONE"
    case searchResults = "SEARCH_RESULTS"
    case searchResultsFirst = "SEARCH_RESULTS_FIRST"
    case searchNoResults = "SEARCH_NO_RESULTS"
    case searchUnavailable = "SEARCH_UNAVAILABLE"
    case imageCommentsViewTitle = "IMAGE_COMMENTS_VIEW_TITLE"
    case imageCommentsEmpty = "IMAGE_COMMENTS_EMPTY"
    case imageCommentsOriginal = "IMAGE_COMMENTS_ORIGINAL"
    case imageViewerLabel = "IMAGE_VIEWER_LABEL"
    case imageViewerPrevious = "IMAGE_VIEWER_PREVIOUS"
    case imageViewerNext = "IMAGE_VIEWER_NEXT"
    case genericConnectionError = "GENERIC_CONNECTION_ERROR"
    case languageName = "LANGUAGE_NAME"
    case languageSwitcherLabel = "LANGUAGE_SWITCHER_LABEL"
    case siteSnapshot = "SITE_SNAPSHOT"
    case historyTitle = "HISTORY_TITLE"
    case historyBarLabel = "HISTORY_BAR_LABEL"
    case historyArchived = "HISTORY_ARCHIVED"
    case historyPrevious = "HISTORY_PREVIOUS"
    case historyNext = "HISTORY_NEXT"
    case historyLatest = "HISTORY_LATEST"
    case historyAll = "HISTORY_ALL"
    case historyLive = "HISTORY_LIVE"
    case historySummary = "HISTORY_SUMMARY"
    case historyTime = "HISTORY_TIME"
    case historyItems = "HISTORY_ITEMS"
    case historyAdded = "HISTORY_ADDED"
    case historyGone = "HISTORY_GONE"
    case historyEdited = "HISTORY_EDITED"
    case historyCommentsAdded = "HISTORY_COMMENTS_ADDED"
    case historyCommentsRemoved = "HISTORY_COMMENTS_REMOVED"
    case historyFirst = "HISTORY_FIRST"
    case historyReordered = "HISTORY_REORDERED"
    case historyItemTitle = "HISTORY_ITEM_TITLE"
    case historyItemIn = "HISTORY_ITEM_IN"
    case historyItemFirst = "HISTORY_ITEM_FIRST"
    case historyItemLast = "HISTORY_ITEM_LAST"
    case historyItemStill = "HISTORY_ITEM_STILL"
    case historyItemGone = "HISTORY_ITEM_GONE"
    case historyItemAll = "HISTORY_ITEM_ALL"
    case historySearchLabel = "HISTORY_SEARCH_LABEL"
    case historyChangesTitle = "HISTORY_CHANGES_TITLE"
    case historyChangesThis = "HISTORY_CHANGES_THIS"
    case historyChangesPrevious = "HISTORY_CHANGES_PREVIOUS"
    case historyChangesAdded = "HISTORY_CHANGES_ADDED"
    case historyChangesGone = "HISTORY_CHANGES_GONE"
    case historyChangesEdited = "HISTORY_CHANGES_EDITED"
    case historyChangesDescription = "HISTORY_CHANGES_DESCRIPTION"
    case historyChangesLocation = "HISTORY_CHANGES_LOCATION"
    case historyChangesBefore = "HISTORY_CHANGES_BEFORE"
    case historyChangesAfter = "HISTORY_CHANGES_AFTER"
    case historyChangesNone = "HISTORY_CHANGES_NONE"
    case historyChangesImage = "HISTORY_CHANGES_IMAGE"
    case historyChangesReordered = "HISTORY_CHANGES_REORDERED"
    case historyChangesUntitled = "HISTORY_CHANGES_UNTITLED"
    case historyChangesCommented = "HISTORY_CHANGES_COMMENTED"
    case historyChangesCommentEdited = "HISTORY_CHANGES_COMMENT_EDITED"
    case historyChangesSame = "HISTORY_CHANGES_SAME"
    case historyChangesAlsoReordered = "HISTORY_CHANGES_ALSO_REORDERED"
    case historyChangesApart = "HISTORY_CHANGES_APART"
    case historyChangesCommentAdded = "HISTORY_CHANGES_COMMENT_ADDED"
    case historyChangesCommentRemoved = "HISTORY_CHANGES_COMMENT_REMOVED"
    case historyEarlierThinned = "HISTORY_EARLIER_THINNED"
    case historyThinned = "HISTORY_THINNED"
    case historyLeftoverTitle = "HISTORY_LEFTOVER_TITLE"
    case historyLeftoverIntro = "HISTORY_LEFTOVER_INTRO"
    case historyItemVersions = "HISTORY_ITEM_VERSIONS"
    case historyItemSpan = "HISTORY_ITEM_SPAN"
    case historyItemNow = "HISTORY_ITEM_NOW"

    /// The search's strings, the link to an original, the photo viewer's and the history's
    /// table came after themes: a theme written before has none of them.
    public var mayComeFromDefaults: Bool {
        switch self {
        case .searchLabel, .searchResultsOne, .searchResults, .searchResultsFirst, .searchNoResults, .searchUnavailable, .imageCommentsOriginal,
            .feedImagePhoto, .imageViewerLabel, .imageViewerPrevious, .imageViewerNext:
            true
        default: table == "History"
        }
    }

    public var table: String {
        switch self {
        case .feedViewTitle, .feedPagePrevious, .feedPageNext, .feedPagePosition, .feedImageComments, .feedImageUnavailable, .feedImageOpenOriginal,
            .feedImageUntitled, .feedImagePhoto, .feedEmpty, .feedCachedNotice, .searchLabel, .searchResultsOne, .searchResults, .searchResultsFirst,
            .searchNoResults,
            .searchUnavailable:
            "Feed"
        case .imageCommentsViewTitle, .imageCommentsEmpty, .imageCommentsOriginal, .imageViewerLabel, .imageViewerPrevious, .imageViewerNext:
            "ImageComments"
        case .genericConnectionError, .languageName, .languageSwitcherLabel, .siteSnapshot: "Shared"
        default: "History"
        }
    }
}
