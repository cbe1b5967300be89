import DER
import Foundation
import Testing

@Suite("Hex: lower-case text of bytes and back")
struct HexTests {
    @Test("every byte value as two lower-case digits, the same as printf's %02x; decode gives the bytes back")
    func everyByte() {
        let bytes = (0...255).map(UInt8.init)
        let text = Hex.encode(bytes)
        #expect(text == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(Hex.decode(text) == bytes)
        #expect(Hex.decode(text.uppercased()) == bytes)
    }

    @Test("slices, empty input and sequences that do not know their length ahead")
    func sequencesOfEveryShape() {
        let bytes: [UInt8] = [0x00, 0x9f, 0xa0, 0xff, 0x10]
        #expect(Hex.encode(bytes[1...3]) == "9fa0ff")
        #expect(Hex.encode([UInt8]()) == "")
        // A lazy filter under-reports its count (0): every byte must still be written.
        #expect(Hex.encode(bytes.lazy.filter { $0 != 0x10 }) == "009fa0ff")
        #expect(Hex.encode(AnySequence(bytes)) == "009fa0ff10")
    }

    @Test("odd lengths and other characters are not hex")
    func notHex() {
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }
}
