/// Shared checks for the character string types (`DERUTF8String`, `DERPrintableString`,
/// `DERIA5String`). Each type keeps its own alphabet rule; this file only holds the byte loops.
enum DERCharacterStrings {
    /// Decodes `content` as UTF-8, refusing ill-formed sequences (overlong forms, surrogates,
    /// values above U+10FFFF, truncated sequences) with the offset of the first bad octet.
    ///
    /// X.680 41.16 / X.690 8.23.10: a UTF8String's content octets are the UTF-8 encoding of the
    /// characters (RFC 3629), so anything the Unicode UTF-8 decoder would repair is invalid.
    static func decodeUTF8(_ content: ArraySlice<UInt8>, typeName: String) throws(DERError) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = content.makeIterator()
        var position = content.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                position += scalar.count
            case .emptyInput:
                // Validation passed, so the non-repairing decode below is exact.
                return String(decoding: content, as: UTF8.self)
            case .error(let length):
                throw DERError(.invalidString, at: position,
                               "\(typeName) holds \(length) octet(s) of ill-formed UTF-8 at offset \(position)")
            }
        }
    }

    /// Decodes single-octet characters after checking each against `isAllowed`; the error names
    /// the first refused octet and its offset.
    static func decodeASCII(
        _ content: ArraySlice<UInt8>, typeName: String, alphabet: String, isAllowed: (UInt8) -> Bool
    ) throws(DERError) -> String {
        for index in content.indices where !isAllowed(content[index]) {
            throw DERError(.invalidString, at: index,
                           "\(typeName) may only hold \(alphabet); octet 0x\(hex(content[index])) at offset \(index) is outside it")
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// Checks a Swift string against a single-octet alphabet before encoding it.
    static func checkASCII(
        _ value: String, typeName: String, alphabet: String, isAllowed: (UInt8) -> Bool
    ) throws(DERError) {
        var index = 0
        for scalar in value.unicodeScalars {
            guard scalar.value < 0x80, isAllowed(UInt8(scalar.value)) else {
                throw DERError(.invalidString, at: index,
                               "\(typeName) may only hold \(alphabet); character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) at character \(index) is outside it")
            }
            index += 1
        }
    }

    static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}
