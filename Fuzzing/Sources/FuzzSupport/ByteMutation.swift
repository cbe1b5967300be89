/// Edits of a known-good encoding chosen by the fuzzer: bit flips, byte overwrites (tag and
/// length edits), truncation, deletion, insertion and swaps. Each edit takes four input bytes:
/// kind, position (two bytes, taken modulo the current length) and an operand.
public enum ByteMutation {
    public static func apply(_ reader: inout FuzzByteReader, to original: [UInt8], maximumEdits: Int = 8) -> [UInt8] {
        var bytes = original
        var edits = 0
        while !reader.isAtEnd && edits < maximumEdits {
            edits += 1
            let kind = reader.byte() % 6
            let position = bytes.isEmpty ? 0 : reader.uint16() % bytes.count
            let operand = reader.byte()
            switch kind {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= UInt8(1) << (operand & 7)                          // bit flip
            case 1 where !bytes.isEmpty:
                bytes[position] = operand                                             // overwrite: tag or length edit
            case 2:
                bytes.removeSubrange(position...)                                     // truncate
            case 3 where !bytes.isEmpty:
                bytes.remove(at: position)                                            // delete
            case 4:
                bytes.insert(operand, at: position)                                   // insert
            case 5 where !bytes.isEmpty:
                bytes.swapAt(position, (position + Int(operand)) % bytes.count)      // swap
            default:
                break
            }
        }
        return bytes
    }
}
