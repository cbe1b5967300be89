/// Opening the Health export for reading, whatever form it comes in.
public enum ExportInput {
    /// A source of export.xml bytes for `path`: the `export.xml` entry when the file is a zip
    /// archive (detected by the `PK\u{3}\u{4}` local-header signature, not by the file name),
    /// otherwise the file itself; `-` reads standard input (XML only: a zip needs seeking).
    ///
    /// - Throws: ``FileReadError`` or ``ZipError``.
    public static func openExportXML(path: String) throws -> AnyByteChunkSource {
        if path != "-", try isZipArchive(path: path) {
            return AnyByteChunkSource(try ZipArchive(path: path).openExportXML())
        }
        return AnyByteChunkSource(try FileChunkSource(path: path))
    }

    /// Whether the file at `path` starts with a zip local file header signature.
    public static func isZipArchive(path: String) throws -> Bool {
        let file = try RandomAccessFile(path: path)
        return try file.read(at: 0, count: 4) == [0x50, 0x4B, 0x03, 0x04]
    }
}
