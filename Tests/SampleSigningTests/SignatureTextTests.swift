import Foundation
import SampleSigning
import Testing

/// The `HKDigitalSignature` text is base64 with optional whitespace; anything else is refused.
@Suite struct SignatureTextTests {
    @Test func decodesWhatFoundationEncodesForEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(bytes).base64EncodedString()
            #expect(SignatureText.decode(text) == bytes, "length \(length)")
        }
    }

    @Test func ignoresASCIIWhitespaceAnywhere() {
        #expect(SignatureText.decode(" QU\nJD\r\n\tRA =\n=\n") == Array("ABCD".utf8))
        #expect(SignatureText.decode("QUI\n=") == Array("AB".utf8))
    }

    @Test(arguments: ["QUI", "QUJDR", "QU=D", "====", "Q===", "QQ===", "QUJD=", "QUJDRA=", "QUJ*", "QUJDRA==QUJD",
                      "QUJD\u{00A0}", "QUJ\u{00E9}"])
    func refusesTextThatIsNotBase64(_ text: String) {
        #expect(SignatureText.decode(text) == nil)
    }

    /// The verifier decodes into memory of its own (`decode(_:into:)`): the same bytes, and the
    /// same refusals, as the array form.
    @Test func decodingIntoRoomGivesTheBytesOfTheArrayForm() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["", " ", "QUI", "QUJDR", "QU=D", "====", "QUJD=", "QUJ*", "QUJDRA==QUJD", "QUJ\u{00E9}",
                     " QU\nJD\r\n\tRA =\n=\n", "QR==", "QUJ="]
        for length in 0..<100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(bytes).base64EncodedString()
            texts += [text, text + "=", " " + text, String(text.dropLast())]
        }
        for text in texts {
            let room = UnsafeMutableBufferPointer<UInt8>.allocate(
                capacity: SignatureText.decodedCapacity(characterCount: text.utf8.count))
            defer { room.deallocate() }
            let decoded = SignatureText.decode(text, into: room).map { Array(room[..<$0]) }
            #expect(decoded == SignatureText.decode(text), "\(text)")
        }
    }

    /// Whitespace or a byte outside the alphabet at any position of a signature-sized text,
    /// inside or after the runs decoded eight characters at a time.
    @Test func whitespaceAndInvalidBytesAreFoundAtEveryPositionOfALongText() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
        let text = Array(Data(bytes).base64EncodedString().utf8)
        for position in 0...text.count {
            var spaced = text
            spaced.insert(UInt8(ascii: "\n"), at: position)
            #expect(SignatureText.decode(String(decoding: spaced, as: UTF8.self)) == bytes, "newline at \(position)")
            guard position < text.count, text[position] != UInt8(ascii: "=") else { continue }
            var damaged = text
            damaged[position] = UInt8(ascii: "*")
            #expect(SignatureText.decode(String(decoding: damaged, as: UTF8.self)) == nil, "* at \(position)")
        }
    }

    @Test func acceptsUnusedBitsInTheLastGroupLikeFoundation() {
        #expect(SignatureText.decode("QR==") == [0x41])
        #expect(SignatureText.decode("QUJ=") == [0x41, 0x42])
    }

    @Test func encodesExactlyWhatFoundationEncodesForEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SignatureText.encode(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
            #expect(SignatureText.decode(SignatureText.encode(bytes)) == bytes, "length \(length)")
        }
        #expect(SignatureText.encode(Array(0...255)) == Data(Array(0...255)).base64EncodedString())
    }

    @Test func encodingIntoBytesAppendsTheSameTextAfterWhatIsThere() {
        var generator = SystemRandomNumberGenerator()
        // Past 100: lengths around the encoder's chunks of 64 groups, and a whole signature's.
        for length in Array(0..<100) + [189, 191, 192, 193, 194, 195, 383, 384, 385, 386, 576, 600, 1_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var text = Array("prefix:".utf8)
            SignatureText.encode(bytes, into: &text)
            #expect(text == Array(("prefix:" + Data(bytes).base64EncodedString()).utf8), "length \(length)")
        }
    }

    @Test func ignoresExactlyTheSixASCIIWhitespaceBytes() {
        for space: UInt8 in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] {
            let text = [UInt8(ascii: "Q"), space, UInt8(ascii: "U"), UInt8(ascii: "I"), UInt8(ascii: "=")]
            #expect(text.withUnsafeBufferPointer { SignatureText.decode($0) } == Array("AB".utf8), "byte \(space)")
        }
    }

    @Test func refusesEveryByteOutsideTheAlphabetWhitespaceAndPadding() {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        for byte in UInt8.min...UInt8.max where !alphabet.contains(byte) && !whitespace.contains(byte) {
            // The foreign byte in place of a character, and added to an otherwise valid text.
            for text in [[UInt8(ascii: "Q"), UInt8(ascii: "U"), byte, UInt8(ascii: "=")],
                         Array("QUJD".utf8) + [byte]] {
                #expect(text.withUnsafeBufferPointer { SignatureText.decode($0) } == nil, "byte \(byte)")
            }
        }
    }
}
