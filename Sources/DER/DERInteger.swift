/// An ASN.1 INTEGER of any size, kept as its minimal big-endian two's-complement octets.
public struct DERInteger: DERImplicitlyTaggable, Hashable, Sendable, CustomStringConvertible {
    /// The universal tag `.integer`.
    public static var defaultTag: DERTag { .integer }

    /// Minimal two's-complement content octets (never empty).
    public let bytes: [UInt8]

    /// Creates an INTEGER from a Swift integer.
    public init(_ value: Int) {
        var out: [UInt8] = []
        var x = value
        while true {
            let byte = UInt8(truncatingIfNeeded: x)
            out.append(byte)
            x >>= 8
            // Stop once the remaining bits are pure sign extension of the octet just written.
            if (x == 0 && byte & 0x80 == 0) || (x == -1 && byte & 0x80 != 0) { break }
        }
        bytes = out.reversed()
    }

    /// Creates an INTEGER from an unsigned 64-bit value.
    public init(_ value: UInt64) {
        self.init(unsignedBigEndian: withUnsafeBytes(of: value.bigEndian) { Array($0) })
    }

    /// Creates a non-negative INTEGER from an unsigned big-endian magnitude (e.g. a serial
    /// number or an ECDSA r/s value), adding a 0x00 octet when the top bit is set.
    public init(unsignedBigEndian magnitude: some Collection<UInt8>) {
        var m = Array(magnitude.drop { $0 == 0 })
        if m.isEmpty { m = [0] } else if m[0] & 0x80 != 0 { m.insert(0, at: 0) }
        bytes = m
    }

    /// Creates an INTEGER from content octets that are already minimal two's complement.
    public init(minimalBytes: [UInt8]) throws(DERError) {
        try DERInteger.checkMinimal(minimalBytes[...], at: 0)
        bytes = minimalBytes
    }

    /// Decodes the value from `derNode`, which must carry `tag`, checking every DER rule of its content.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        try derNode.expect(tag, "INTEGER")
        try DERInteger.checkMinimal(derNode.content, at: derNode.offset)
        bytes = Array(derNode.content)
    }

    /// Writes the value's DER encoding under `tag`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitive(tag, content: bytes)
    }

    /// X.690 8.3.1: at least one content octet. 8.3.2: the first nine bits must not be all
    /// ones or all zeros, i.e. no redundant sign-extension octet.
    static func checkMinimal(_ content: ArraySlice<UInt8>, at offset: Int) throws(DERError) {
        guard let first = content.first else {
            throw DERError(.emptyInteger, at: offset, "INTEGER has no content octets (X.690 8.3.1)")
        }
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.nonMinimalInteger, at: offset, "INTEGER has a redundant leading octet (X.690 8.3.2)")
            }
        }
    }

    /// Whether the value is below zero.
    public var isNegative: Bool { bytes[0] & 0x80 != 0 }

    /// The value as `Int` when it fits.
    public var intValue: Int? {
        guard bytes.count <= MemoryLayout<Int>.size else { return nil }
        var v: Int = isNegative ? -1 : 0
        for b in bytes { v = (v << 8) | Int(b) }
        return v
    }

    /// The magnitude of a non-negative value without the sign octet; nil if negative.
    public var unsignedBigEndian: [UInt8]? {
        guard !isNegative else { return nil }
        return bytes.count > 1 && bytes[0] == 0 ? Array(bytes.dropFirst()) : bytes
    }

    /// A human-readable rendering for messages and logs.
    public var description: String {
        if let v = intValue { return String(v) }
        return "0x" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension Int: DERImplicitlyTaggable {
    /// The universal tag `.integer`.
    public static var defaultTag: DERTag { .integer }

    /// Decodes the value from `derNode`, which must carry `tag`, checking every DER rule of its content.
    public init(derNode: DERNode, withTag tag: DERTag) throws {
        let integer = try DERInteger(derNode: derNode, withTag: tag)
        guard let v = integer.intValue else {
            throw DERError(.integerOverflow, at: derNode.offset, "INTEGER of \(integer.bytes.count) octets does not fit Int")
        }
        self = v
    }

    // Perf: written in place: every record has INTEGERs, and an octet array of their own cost an
    // allocation each (not measured).
    /// Writes the value's DER encoding under `tag`: the octets of `DERInteger(self)`.
    public func serialize(into writer: inout DERWriter, withTag tag: DERTag) {
        writer.appendPrimitiveInPlace(tag, { content in
            // The fewest octets whose sign extension is the value (X.690 8.3.2): drop leading
            // octets while they and the next octet's top bit are pure sign extension.
            var count = MemoryLayout<Int>.size
            while count > 1 {
                let top = self >> (8 * (count - 1))
                let nextHighBit = (self >> (8 * (count - 1) - 1)) & 1
                guard (top == 0 && nextHighBit == 0) || (top == -1 && nextHighBit == 1) else { break }
                count -= 1
            }
            for position in stride(from: count - 1, through: 0, by: -1) {
                content.append(UInt8(truncatingIfNeeded: self >> (8 * position)))
            }
        })
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
