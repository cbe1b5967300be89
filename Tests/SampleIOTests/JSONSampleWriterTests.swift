import Foundation
import HealthSamples
import Testing
@testable import SampleIO

@Suite("JSON sample writing")
struct JSONSampleWriterTests {
    @Test(arguments: [SampleJSONFixtures.heartRate, SampleJSONFixtures.sleep, SampleJSONFixtures.bloodPressure])
    func canonicalLinesRoundTripByteForByte(line: String) throws {
        let sample = try JSONSampleDecoder.decode(line)
        #expect(JSONSampleWriter.line(for: sample) == line)
    }

    @Test func writesFieldOrderUUIDAndTypedMetadata() throws {
        let sample = try JSONSampleDecoder.decode(SampleJSONFixtures.temperature)
        let line = JSONSampleWriter.line(for: sample)
        // Fractional seconds are written without trailing zeros (SampleDate.rfc3339String).
        #expect(line == SampleJSONFixtures.temperature.replacingOccurrences(of: ".250+", with: ".25+"))
        #expect(try JSONSampleDecoder.decode(line) == sample)
    }

    @Test func datesAndQuantitiesInMetadataBecomeStrings() throws {
        var sample = try JSONSampleDecoder.decode(SampleJSONFixtures.sleep)
        var metadata = Metadata()
        metadata.append(key: "when", value: .date(try SampleDate(rfc3339: "2026-11-21T08:00:00.5-05:00")))
        metadata.append(key: "HKWeatherTemperature", value: .quantity(Quantity(value: 56, unit: .degreeFahrenheit)))
        sample.metadata = metadata
        var output: [UInt8] = []
        JSONSampleWriter.writeLine(for: sample, into: &output)
        #expect(String(decoding: output, as: UTF8.self)
            == #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":1,"startDate":"2026-11-20T23:00:00Z","endDate":"2026-11-21T07:00:00Z","metadata":{"when":"2026-11-21T08:00:00.5-05:00","HKWeatherTemperature":"56 degF"}}"# + "\n")
    }
}
