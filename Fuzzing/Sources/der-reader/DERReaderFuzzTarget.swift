import DER
import FuzzSupport

/// DER reader: any input. Invariants: an accepted element rebuilt from its tree with the writer
/// gives the input byte for byte (DER has one encoding per value); every node lies inside the
/// input; a typed value decoded from a node re-encodes to that node's bytes; errors point inside
/// the input.
@main
enum DERReaderFuzzer {
    static func main() { FuzzerDriver.run(fuzzDERReader) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDERReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let root: DERNode
    do {
        root = try DER.parse(input)
    } catch {
        Invariant.require(error.offset >= 0 && error.offset <= input.count,
                          "error offset \(error.offset) outside an input of \(input.count) bytes")
        return 0
    }
    var writer = DERWriter()
    rebuild(root, into: &writer, input: input)
    Invariant.require(writer.bytes == input, "accepted DER re-encodes differently")
    _ = DERPrettyPrinter.render(root)
    do {
        try DER.checkPrimitiveContents(root)
    } catch {
        Invariant.require(error.offset >= 0 && error.offset <= input.count, "content error offset \(error.offset) outside the input")
    }
    return 0
}

/// Writes `node` back from its parts (tag, children or content octets), checking each typed
/// primitive the codec decodes on the way.
private func rebuild(_ node: DERNode, into writer: inout DERWriter, input: [UInt8]) {
    Invariant.require(node.encodedBytes.startIndex >= 0 && node.encodedBytes.endIndex <= input.count,
                      "node \(node) lies outside the input")
    if node.isConstructed {
        writer.appendConstructed(node.tag) { inner in
            for child in node.children { rebuild(child, into: &inner, input: input) }
        }
    } else {
        writer.appendPrimitive(node.tag, content: node.content)
        if node.tag.tagClass == .universal { checkTypedRoundTrip(node) }
    }
}

/// A value the codec accepts must encode back to exactly the octets it was read from.
private func checkTypedRoundTrip(_ node: DERNode) {
    func same<T: DERImplicitlyTaggable>(_ type: T.Type) {
        guard let value = try? T(derNode: node, withTag: node.tag) else { return }
        var writer = DERWriter()
        value.serialize(into: &writer, withTag: node.tag)
        Invariant.require(writer.bytes[...] == node.encodedBytes, "\(T.self) at \(node.offset) re-encodes differently")
    }
    switch node.tag.number {
    case 1: same(Bool.self)
    case 2: same(DERInteger.self)
    case 3: same(DERBitString.self)
    case 4: same(DEROctetString.self)
    case 5: same(DERNull.self)
    case 6: same(DERObjectIdentifier.self)
    case 9: same(DERReal.self)
    case 12: same(DERUTF8String.self)
    case 19: same(DERPrintableString.self)
    case 22: same(DERIA5String.self)
    case 23: same(UTCTime.self)
    case 24: same(GeneralizedTime.self)
    default: break
    }
}
