// The phone's renderer from a device voice pack: time per announcement
// (median and worst over the bench's amounts, and the voice's longest
// payment), allocations, and peak memory above the process's baseline.
//
// scripts/bench.py sets ANNOUNCE_BENCH_PACK (a pack made by `announce voice
// export`), ANNOUNCE_BENCH_AMOUNTS (a file of amounts, one a line) and
// ANNOUNCE_BENCH_WORST (the voice's longest payment: amount, prefix preset,
// style, liang, leadYi, separated by spaces).
import AnnounceServer
import AnnounceStudio
import Benchmark
import Foundation

let environment = ProcessInfo.processInfo.environment

func required(_ name: String) -> String {
    guard let value = environment[name], !value.isEmpty else {
        fatalError("bench: set \(name) (scripts/bench.py does)")
    }
    return value
}

func loadPack() -> DevicePack {
    let path = required("ANNOUNCE_BENCH_PACK")
    do {
        return try DevicePack(data: try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), name: path)
    } catch {
        fatalError("bench: \(error)")
    }
}

func benchAmounts() -> [Message] {
    let text = (try? String(contentsOfFile: required("ANNOUNCE_BENCH_AMOUNTS"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
        guard let amount = try? Amount(parsing: String(line)) else { return nil }
        return try? Message(amount: amount, prefix: try! Prefix("alipay"))
    }
}

func worstMessage() -> Message {
    let fields = required("ANNOUNCE_BENCH_WORST").split(separator: " ").map(String.init)
    guard fields.count == 5, let amount = try? Amount(parsing: fields[0]), let prefix = try? Prefix(fields[1]),
        let style = ReadingStyle(rawValue: fields[2])
    else { fatalError("bench: ANNOUNCE_BENCH_WORST is not 'amount prefix style liang leadYi'") }
    let options = ReadingOptions(style: style, liang: fields[3] == "true", leadYi: fields[4] == "true")
    return try! Message(amount: amount, prefix: prefix, options: options)
}

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        .wallClock, .cpuTotal, .mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta,
    ]
    Benchmark.defaultConfiguration = .init(metrics: metrics, timeUnits: .microseconds, maxDuration: .seconds(20))

    let pack = loadPack()
    let renderer = PackAnnouncer(pack: pack)
    let amounts = benchAmounts()
    let worst = worstMessage()

    // One announcement an iteration, the next of the bench's amounts each
    // time: the distribution is over the amounts.
    Benchmark(
        "render one of the bench's amounts (支付宝到账, pack loaded)",
        configuration: .init(maxDuration: .seconds(60), maxIterations: amounts.count)
    ) { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            let announcement = try renderer.render(amounts[index % amounts.count])
            blackHole(try announcement.fileBytes())
            index += 1
        }
    }

    Benchmark("render the voice's longest payment (pack loaded)", configuration: .init(maxIterations: 500)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try renderer.render(worst).fileBytes())
        }
    }

    Benchmark("load the pack (map, checksum, index)", configuration: .init(maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(loadPack())
        }
    }

    Benchmark("load the pack and render one amount", configuration: .init(maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            let pack = loadPack()
            blackHole(try PackAnnouncer(pack: pack).render(worst).fileBytes())
        }
    }
}
