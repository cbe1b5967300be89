/// Line/column computation shared by the JSON parser and the readers.
enum TextLocation {
    /// 1-based line (counting LF) and 1-based column (counting Unicode scalars, i.e. bytes that
    /// are not UTF-8 continuation bytes) of `offset`.
    static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        var position = 0
        while position < end {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var column = 1
        position = lineStart
        while position < end {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return (line, column)
    }
}
