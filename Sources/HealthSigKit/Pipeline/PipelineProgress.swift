/// Receives progress of a pipeline run, on the thread that runs it.
public protocol PipelineProgress: AnyObject {
    /// The total size of the input in bytes, when known (a regular file).
    func started(totalBytes: Int?)
    /// `bytes` more bytes of input were read.
    func read(bytes: Int)
    /// `count` items have been decided so far.
    func decided(_ count: Int)
    /// The run is over.
    func finished()
}
