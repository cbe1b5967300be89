@testable import HealthSigKit
import Testing

/// The progress line: samples, rate, bytes read of the total and time left; quiet before its
/// delay; erased at the end on a terminal.
@Suite struct ProgressDisplayTests {
    final class Lines {
        var written: [String] = []
    }

    @Test func drawsSamplesBytesOfTotalAndTimeLeftOnceTheDelayHasPassed() {
        let lines = Lines()
        let display = ProgressDisplay(verb: "verified", terminal: false, delay: 0) { lines.written.append($0) }
        display.started(totalBytes: 4_000_000)
        display.read(bytes: 1_000_000)
        display.decided(256)
        #expect(lines.written.count == 1)
        let line = lines.written.first ?? ""
        #expect(line.hasPrefix("verified 256 sample(s), "), "\(line)")
        #expect(line.contains("/s, 1.0 MB of 4.0 MB, "), "\(line)")
        #expect(line.hasSuffix(" left\n"), "\(line)")
        display.finished()
        #expect(lines.written.count == 1)   // not a terminal: nothing to erase
    }

    @Test func staysQuietDuringItsDelay() {
        let lines = Lines()
        let display = ProgressDisplay(verb: "signed", terminal: true, delay: 3600) { lines.written.append($0) }
        display.started(totalBytes: nil)
        for count in 1...1_000 { display.decided(count) }
        display.finished()
        #expect(lines.written.isEmpty)
    }

    @Test func redrawsInPlaceAndErasesItsLineOnATerminal() {
        let lines = Lines()
        let display = ProgressDisplay(verb: "signed", terminal: true, delay: 0) { lines.written.append($0) }
        display.started(totalBytes: nil)
        display.decided(256)
        display.finished()
        #expect(lines.written.count == 2)
        #expect(lines.written.first?.hasPrefix("\r\u{1B}[Ksigned 256 sample(s), ") == true)
        #expect(lines.written.first?.contains(" MB") == false)   // nothing read through this display
        #expect(lines.written.last == "\r\u{1B}[K")
    }
}
