@testable import AnnounceExtensionLogic
import Foundation
import Testing

@Suite struct DeviceReportTests {
    @Test func theTokenIsLowercaseHexAndTheReportIsStableJSON() throws {
        let token = Data([0x00, 0xAB, 0x7F, 0xFF] + [UInt8](repeating: 0x10, count: 28))
        #expect(DeviceReport.hex(token) == "00ab7fff" + String(repeating: "10", count: 28))
        let report = DeviceReport(
            deviceToken: token, environment: .sandbox, counts: [.downloaded: 3, .fallbackTimedOut: 1],
            problems: [.soundsOff])
        let text = String(decoding: try report.json(), as: UTF8.self)
        #expect(text == #"{"counters":{"downloaded":3,"fallback-timed-out":1},"device-token":"00ab7fff"#
            + String(repeating: "10", count: 28) + #"","environment":"sandbox","problems":["sounds-off"]}"#)
    }

    @Test func anEmptyReportIsStillAReport() throws {
        let report = DeviceReport(deviceToken: Data(), environment: .production, counts: [:], problems: [])
        #expect(String(decoding: try report.json(), as: UTF8.self)
            == #"{"counters":{},"device-token":"","environment":"production","problems":[]}"#)
    }
}
