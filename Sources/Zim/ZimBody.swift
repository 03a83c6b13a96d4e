import FileSystem

/// Writes a ZIM file from its start to its end as its layout placed everything: the header,
/// the MIME list, the clusters (each distinct file copied once, a chunk at a time), the
/// directory entries and the two pointer lists.
struct ZimBody {
    let catalog: ZimCatalog
    let layout: ZimLayout
    let folder: String

    /// `copied` hears how many blobs are written so far.
    func write(to output: ZimOutput, copied: (Int) -> Void) throws {
        try output.write(layout.header(entryCount: catalog.entries.count))
        try output.write(layout.mimeList + [UInt8](repeating: 0, count: ZimFormat.clusterBase - ZimFormat.headerSize - layout.mimeList.count))
        let allByTitle = catalog.titleOrder(frontOnly: false)
        let frontByTitle = catalog.titleOrder(frontOnly: true)
        for cluster in 0..<layout.clusterCount {
            precondition(output.position == layout.clusterOffsets[cluster], "cluster \(cluster) starts where the layout put it")
            let blobs = layout.clusterStarts[cluster]..<layout.clusterStarts[cluster + 1]
            try writeOffsets(of: blobs, extended: layout.clusterIsExtended[cluster], to: output)
            for blob in blobs {
                try Task.checkCancellation()
                try writeBlob(catalog.blobs[blob], to: output, allByTitle: allByTitle, frontByTitle: frontByTitle)
                copied(blob + 1)
            }
        }
        precondition(output.position == layout.direntsStart, "the directory entries start where the layout put them")
        var dirents: [UInt8] = []
        var pointers: [UInt8] = []
        var offset = layout.direntsStart
        for entry in catalog.entries {
            dirents += ZimLayout.dirent(entry, in: catalog, clusters: layout.clusterStarts)
            if dirents.count >= 1 << 18 {
                try output.write(dirents)
                dirents.removeAll(keepingCapacity: true)
            }
        }
        try output.write(dirents)
        for entry in catalog.entries {
            append(UInt64(offset), to: &pointers)
            offset += ZimLayout.direntSize(entry, in: catalog)
            if pointers.count >= 1 << 18 {
                try output.write(pointers)
                pointers.removeAll(keepingCapacity: true)
            }
        }
        for clusterOffset in layout.clusterOffsets { append(UInt64(clusterOffset), to: &pointers) }
        try output.write(pointers)
        precondition(output.position == layout.checksumStart, "the checksum goes where the layout put it")
    }

    /// The cluster's first byte, then where each blob starts and where the last ends,
    /// counted from just after that byte.
    private func writeOffsets(of blobs: Range<Int>, extended: Bool, to output: ZimOutput) throws {
        var bytes: [UInt8] = [ZimFormat.uncompressed | (extended ? ZimFormat.extendedOffsets : 0)]
        var offset = (extended ? 8 : 4) * (blobs.count + 1)
        for blob in blobs.lowerBound...blobs.upperBound {
            if extended { append(UInt64(offset), to: &bytes) } else { append(UInt32(offset), to: &bytes) }
            if blob < blobs.upperBound { offset += catalog.blobs[blob].size }
        }
        try output.write(bytes)
    }

    private func writeBlob(_ blob: ZimCatalog.Blob, to output: ZimOutput, allByTitle: [UInt32], frontByTitle: [UInt32]) throws {
        switch blob.source {
        case let .inline(index):
            try output.write(catalog.inlineBlobs[index])
        case let .titleListing(frontOnly):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(blob.size)
            for index in frontOnly ? frontByTitle : allByTitle { append(index, to: &bytes) }
            try output.write(bytes)
        case let .file(folderID, nameID):
            let full = folder + "/" + catalog.strings.string(folderID) + catalog.strings.string(nameID)
            var count = 0
            var writeFailure: FileSystemError?
            let found: Bool
            do {
                found = try PlainFile.readChunks(full) { (chunk) throws(FileSystemError) in
                    count += chunk.count
                    guard count <= blob.size else { return }
                    do throws(FileSystemError) { try output.write(chunk) } catch {
                        writeFailure = error
                        throw error
                    }
                }
            } catch {
                if let writeFailure { throw writeFailure }
                throw ZimError.cannotRead(full, reason: error.description)
            }
            guard found, count == blob.size else { throw ZimError.cannotRead(full, reason: "it changed while it was packed") }
        }
    }

    private func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
