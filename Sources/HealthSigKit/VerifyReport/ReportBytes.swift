import OwnedMemory

/// Bytes of a report being written: the growing buffer the report formats append a dozen
/// pieces a line to, one line per sample, and hand to their writer whole.
typealias ReportBytes = ByteBuffer
