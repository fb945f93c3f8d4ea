#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

import AnnounceServer
import AnnounceStudio

/// A progress line on standard error (items done, rate, errors; ETA when
/// the input size is known), only when it is a terminal.
final class BatchProgress: @unchecked Sendable {
    private let enabled = systemIsTerminal(2)
    private let totalBytes: Int?
    private let start = Date()
    private let lock = LockedState(())
    private var bytesRead = 0
    private var lastDraw = Date.distantPast
    private var written = 0
    private var errors = 0

    init(totalBytes: Int?) {
        self.totalBytes = totalBytes
    }

    func update(_ progress: BatchPipeline.Progress) {
        guard enabled else { return }
        lock.withLock { _ in
            written = progress.done
            errors = progress.failures
            bytesRead = progress.bytesRead
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.2 else { return }
            lastDraw = now
            draw(now: now)
        }
    }

    func finish() {
        guard enabled else { return }
        lock.withLock { _ in
            draw(now: Date())
            Console.writeError("\n")
        }
    }

    private func draw(now: Date) {
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        var line = "\r\(written) done, \(Int(Double(written) / elapsed))/s, \(errors) errors"
        if let totalBytes, totalBytes > 0, bytesRead > 0 {
            let fraction = min(1, Double(bytesRead) / Double(totalBytes))
            let remaining = fraction > 0 ? elapsed / fraction - elapsed : 0
            line += ", \(Int(fraction * 100))%, ETA \(Int(remaining.rounded())) s"
        }
        Console.writeError(line + "   ")
    }
}
