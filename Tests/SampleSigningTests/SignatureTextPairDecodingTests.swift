import Foundation
import SampleSigning
import Testing

/// Base64 is decoded eight characters at a time where it can be, and a character at a time
/// where whitespace, padding or a byte outside the alphabet breaks a group: both must give
/// what Foundation gives, wherever the break falls.
@Suite struct SignatureTextPairDecodingTests {
    @Test func longTextsDecodeAsFoundationDecodesThem() {
        var generator = SystemRandomNumberGenerator()
        for length in [200, 450, 451, 452, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SignatureText.decode(Data(bytes).base64EncodedString()) == bytes, "length \(length)")
        }
    }

    @Test func whitespaceAtEveryPositionOfALongTextIsSkipped() {
        let bytes = (0..<60).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let text = Array(Data(bytes).base64EncodedString().utf8)
        for position in 0...text.count {
            var wrapped = text
            wrapped.insert(UInt8(ascii: "\n"), at: position)
            #expect(SignatureText.decode(String(decoding: wrapped, as: UTF8.self)) == bytes, "newline at \(position)")
        }
    }

    @Test func aByteOutsideTheAlphabetAtEveryPositionIsRefused() {
        let text = Array(Data((0..<60).map { UInt8($0) }).base64EncodedString().utf8)
        for position in 0..<text.count {
            for bad in [UInt8(ascii: "*"), UInt8(ascii: "="), 0x00, 0xC3] {
                var damaged = text
                damaged[position] = bad
                let decoded = SignatureText.decode(String(decoding: damaged, as: UTF8.self))
                // `=` may only end the text (the last one or two places); anything else is refused.
                if bad == UInt8(ascii: "=") && position >= text.count - 2 { continue }
                #expect(decoded == nil, "byte \(bad) at \(position)")
            }
        }
    }
}
