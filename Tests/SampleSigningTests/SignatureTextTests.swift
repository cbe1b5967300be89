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

    @Test func acceptsUnusedBitsInTheLastGroupLikeFoundation() {
        #expect(SignatureText.decode("QR==") == [0x41])
        #expect(SignatureText.decode("QUJ=") == [0x41, 0x42])
    }
}
