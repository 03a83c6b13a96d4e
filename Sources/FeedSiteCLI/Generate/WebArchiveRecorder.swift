import Foundation
import HTTP
import WebArchive

/// The engine's recorder with `--warc`: each transfer's exchanges, told to the run's web
/// archive; the engine holds new transfers back while the archive is behind.
struct WebArchiveRecorder: HTTPExchangeRecorder {
    let archiver: ExchangeArchiver

    var isBehind: Bool { archiver.isBehind }

    func begin(_ url: URL) -> any HTTPExchangeRecording {
        Recording(archiver.begin(url))
    }

    /// One transfer, as the engine tells it, passed on to the archive's recording.
    private final class Recording: HTTPExchangeRecording {
        private let transfer: TransferRecording

        init(_ transfer: TransferRecording) {
            self.transfer = transfer
        }

        func sent(requestHead: UnsafeRawBufferPointer) { transfer.sent(requestHead: requestHead) }
        func received(headerLine: String) { transfer.received(headerLine: headerLine) }
        func received(body: UnsafeRawBufferPointer) { transfer.received(body: body) }

        func ended(address: String?, protocolName: String?, cut: HTTPExchangeCut?) {
            transfer.ended(address: address, protocolName: protocolName, cut: cut.map(Self.archived))
        }

        static func archived(_ cut: HTTPExchangeCut) -> ExchangeCut {
            switch cut {
            case .length: .length
            case .time: .time
            case .disconnect: .disconnect
            case .unspecified: .unspecified
            }
        }
    }
}
