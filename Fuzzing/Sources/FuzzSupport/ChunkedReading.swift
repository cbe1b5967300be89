import SampleIO

/// Reads an input twice, in small chunks and in one piece, so a target can require that chunk
/// boundaries change nothing: the streaming readers hold partial tokens across chunks, the kind
/// of code that breaks at one particular boundary.
public enum ChunkedReading {
    /// The chunk size for the small-chunk pass, 1…64 bytes, taken from the input's first byte.
    public static func smallChunkSize(for input: [UInt8]) -> Int {
        1 + Int(input.first ?? 0) % 64
    }

    /// The number of lines the input has (line numbers a reader reports may not exceed it).
    public static func lineCount(_ input: [UInt8]) -> Int {
        var count = 1
        for byte in input where byte == 0x0A { count += 1 }
        return count
    }
}
