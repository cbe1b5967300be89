import SampleIO

/// Where a streamed report goes.
public protocol ReportByteWriter: AnyObject {
    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws(ToolError)
    /// Appends the bytes at `bytes`: how a streamed report hands on its buffer, so that a writer
    /// that can take them where they lie (a file) saves copying 64 KiB into an array first.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError)
}

extension ReportByteWriter {
    /// Through an array, for writers that keep one.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        try write(Array(bytes))
    }
}

/// A report file or stream (``OutputFiles/open(_:protecting:inPlaceDelivery:)``): a regular file
/// appears when the report is complete; standard output, a device or a FIFO gets the report as
/// it is written (`.asWritten`).
extension StagedOutput: ReportByteWriter {}

/// A report kept in memory (tests, library callers that want the text).
public final class ReportBuffer: ReportByteWriter {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: [UInt8]) throws(ToolError) {
        self.bytes.append(contentsOf: bytes)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        self.bytes.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// The report as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
