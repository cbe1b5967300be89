import OwnedMemory
import Testing

@Suite("Byte buffer")
struct ByteBufferTests {
    @Test("bytes appended in every form come out in order, across growth")
    func appendedBytesComeOutInOrderAcrossGrowth() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let piece = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: round &* 31 &+ $0) }
            switch round % 6 {
            case 0: for byte in piece { buffer.append(byte) }
            case 1: buffer.append(piece)
            case 2: buffer.append(piece[...])
            case 3: piece.withUnsafeBufferPointer { buffer.append($0) }
            case 4: piece.withUnsafeBytes { buffer.append($0) }
            default: buffer.append(piece.lazy.map { $0 })  // not contiguous: appended byte by byte
            }
            expected += piece
        }
        buffer.append("end")
        buffer.append(contentsOf: "é")
        expected += Array("end".utf8) + Array("é".utf8)
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
        #expect(buffer.capacity >= expected.count)
        #expect(buffer[expected.count - 1] == expected.last)
    }

    @Test("a copy of bytes already held is appended after them")
    func copyOfHeldBytesIsAppended() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append("0123456789abcdef")  // full: the copy grows the storage it copies from
        buffer.append(copyOf: 10..<16)
        #expect(buffer.array == Array("0123456789abcdefabcdef".utf8))
    }

    @Test("bytes written in place count as far as the writer says")
    func bytesWrittenInPlaceCountAsReported() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append("x=")
        buffer.appendWritten(maximumCount: 40) { out in
            for index in 0..<3 { out[index] = UInt8(ascii: "7") }
            return 3
        }
        #expect(buffer.array == Array("x=777".utf8))
        #expect(buffer.capacity >= 42)
    }

    @Test("removing everything keeps the storage; removing a prefix keeps the rest in order")
    func removalKeepsStorageAndTheRest() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append(Array(0..<100))
        let capacity = buffer.capacity
        buffer.removeFirst(0)
        #expect(buffer.count == 100)
        buffer.removeFirst(30)
        #expect(buffer.array == Array(30..<100))
        #expect(buffer.capacity == capacity)
        buffer.removeFirst(70)
        let emptied = buffer.isEmpty
        #expect(emptied)
        buffer.append(Array(0..<50))
        buffer.removeAll()
        #expect(buffer.count == 0)
        #expect(buffer.capacity == capacity)
        buffer.append(7)
        #expect(buffer.array == [7])
    }

    @Test("reserving makes room for that many more bytes without moving them")
    func reserveMakesRoom() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append("abc")
        buffer.reserve(1000)
        #expect(buffer.capacity >= 1003)
        let base = buffer.unsafeBaseAddress
        buffer.append(Array(repeating: 0x2E, count: 1000))
        #expect(buffer.unsafeBaseAddress == base)
        #expect(buffer.count == 1003)
        #expect(Array(buffer.array.prefix(3)) == Array("abc".utf8))
    }
}
