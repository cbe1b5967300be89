import Foundation
import SampleIO

/// The source of the verification pipeline: opens an input, recognises its form from its first
/// bytes and hands out its items in order (``VerificationWork``).
final class VerificationInput {
    /// Stored forms `verify` reads.
    enum Kind: Sendable {
        /// Our JSON Lines or a JSON array.
        case json
        /// The Health app's export.xml.
        case healthExport
        /// A zip archive (the Health app's export.zip).
        case zipArchive
    }

    private let path: String
    private var nextItem: () throws(ToolError) -> VerificationWork?
    private var nextItemReady: () throws(ToolError) -> Bool = { () throws(ToolError) in true }
    private var spool: String?
    private var spoolRegistration: TemporaryFileRegistry.Registration?
    /// An export.xml or export.zip in a regular file: its bytes from the start (`first`, once),
    /// and again (`reopen`) to read on sequentially after a parallel read stopped.
    private var exportBytes: (first: () throws -> AnyByteChunkSource, reopen: () throws -> AnyByteChunkSource)?
    /// Set when the run's sinks only count unsigned samples: the export reader then hands out
    /// usual unsigned records unmapped (``ExportSampleReader/next(counting:)``).
    private var counting: ExportRecordCounting?

    private init(path: String) {
        self.path = path
        nextItem = { () throws(ToolError) in nil }
    }

    /// The next item, or `nil` at the end.
    func next() throws(ToolError) -> VerificationWork? {
        try nextItem()
    }

    /// Whether ``next()`` would return without waiting for the input (a live pipe). Only JSON
    /// input follows a pipe line by line; export.xml and export.zip answer `true`, so their
    /// reports are written in chunks as the reader goes, not after each item.
    func nextIsReady() throws(ToolError) -> Bool {
        try nextItemReady()
    }

    /// Removes the temporary copy of a piped zip.
    func close() {
        if let spool { try? FileManager.default.removeItem(atPath: spool) }
        if let spoolRegistration { TemporaryFileRegistry.unregister(spoolRegistration) }
        spool = nil
        spoolRegistration = nil
    }

    /// Whether `path` names a regular file (which, unlike a pipe, FIFO or standard input, can
    /// be opened again and read from its end).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Reads the input once, from the start: the first bytes decide between JSON, export.xml and
    /// export.zip, and the reader then continues from them, so a pipe (`--in <(unzip -p …)`, a
    /// FIFO, standard input) works like a file. A zip is read from its end: a regular file is
    /// opened again for that, anything else is first spooled to a temporary file.
    static func open(_ streamPath: String, progress: (any PipelineProgress)?,
                     counting: ExportRecordCounting? = nil) throws(ToolError) -> VerificationInput {
        let path = FileAccess.displayName(streamPath)
        let input = VerificationInput(path: path)
        input.counting = counting
        var head: [UInt8] = []
        let stream: FileChunkSource
        let kind: Kind
        do {
            stream = try FileChunkSource(path: streamPath)
            progress?.started(totalBytes: stream.status.regularFileSize)
            while true {
                guard let chunk = try stream.nextChunk() else {
                    kind = try InputSniffer.kind(of: head, atEnd: true, input: path) ?? .json
                    break
                }
                head += chunk
                if let known = try InputSniffer.kind(of: head, atEnd: false, input: path) {
                    kind = known
                    break
                }
            }
        } catch let error as InputRecognitionError {
            // Malformed input, like a JSON line that is not JSON: one unreadable item, exit 1.
            var reported = false
            input.nextItem = { () throws(ToolError) in
                guard !reported else { return nil }
                reported = true
                return .unreadable(line: nil, reason: error.description)
            }
            return input
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, path)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        let source = CountingChunkSource(ReplayingChunkSource(head: head, rest: stream), progress: progress)
        switch kind {
        case .json:
            input.readJSON(JSONSampleReader(source: source))
        case .healthExport:
            input.readExport { ExportSampleReader(source: AnyByteChunkSource(source)) }
            if isRegularFile(streamPath) {
                input.exportBytes = ({ AnyByteChunkSource(source) }, { AnyByteChunkSource(try FileChunkSource(path: streamPath)) })
            }
        case .zipArchive:
            if isRegularFile(streamPath) {
                input.readExport { try ExportSampleReader(path: streamPath) }
                // Perf: inflated on a thread of its own when read in parallel, not on the thread
                // that cuts the file into pieces.
                input.exportBytes = ({ AnyByteChunkSource(ReadAheadChunkSource(try ExportInput.openExportXML(path: streamPath))) },
                                     { try ExportInput.openExportXML(path: streamPath) })
            } else {
                let spool = (NSTemporaryDirectory() as NSString).appendingPathComponent("healthsig-stdin-\(UUID().uuidString).zip")
                input.spool = spool
                // Registered before it exists, so that SIGINT, SIGTERM and SIGHUP remove it too.
                input.spoolRegistration = try? TemporaryFileRegistry.register(spool, for: path)
                try copy(source, to: spool, from: path)
                input.readExport { try ExportSampleReader(path: spool) }
                input.exportBytes = ({ AnyByteChunkSource(ReadAheadChunkSource(try ExportInput.openExportXML(path: spool))) },
                                     { try ExportInput.openExportXML(path: spool) })
            }
        }
        return input
    }

    private func readJSON<Source: ByteChunkSource>(_ reader: JSONSampleReader<Source>) {
        let path = self.path
        nextItem = { () throws(ToolError) in
            do {
                guard let item = try reader.nextItem() else { return nil }
                switch item {
                case .line(let line): return .jsonLine(line)
                case .read(let result): return .stored(result, form: item.form)
                }
            } catch let error as FileReadError {
                // The JSON reader reports bad input as items; what it throws is the source's I/O.
                throw FileAccess.ioError(error, path)
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
        }
        nextItemReady = { () throws(ToolError) in
            do {
                return try reader.nextItemIsReady()
            } catch let error as FileReadError {
                throw FileAccess.ioError(error, path)
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
        }
    }

    /// For an export.xml or export.zip in a regular file, before any item was taken: a splitter
    /// over its export.xml bytes, whose pieces workers parse in parallel
    /// (``VerificationPipeline``). Afterwards the caller says where the parallel read stopped:
    /// ``resumeExport(skipping:)`` or ``endExport()``. `nil` for other input, or when the
    /// export cannot be opened (the sequential reader then reports why).
    func exportSplitter(pieceSize: Int) -> ExportXMLSplitter<AnyByteChunkSource>? {
        guard let bytes = exportBytes, let source = try? bytes.first() else { return nil }
        return ExportXMLSplitter(source: source, pieceSize: pieceSize)
    }

    /// Reads on sequentially, the reference way: the export from its start again, its first
    /// `items` items (read in parallel already) passed over, so that every later item and the
    /// first error are the sequential reader's own, lines and byte offsets included.
    func resumeExport(skipping items: Int) {
        guard let reopen = exportBytes?.reopen else { return }
        readExport {
            let reader = ExportSampleReader(source: try reopen())
            var skipped = 0
            while skipped < items, try reader.next() != nil { skipped += 1 }
            return reader
        }
    }

    /// Ends the input: a parallel read handed out every item.
    func endExport() {
        nextItem = { () throws(ToolError) in nil }
    }

    private func readExport<Source: ByteChunkSource>(_ makeReader: @escaping () throws -> ExportSampleReader<Source>) {
        let path = self.path
        var reader: ExportSampleReader<Source>?
        var ended = false
        let counting = self.counting
        nextItem = { () throws(ToolError) in
            guard !ended else { return nil }
            do {
                if reader == nil { reader = try makeReader() }
                let work: VerificationWork? = if let counting {
                    try reader?.next(counting: counting).map(VerificationWork.init)
                } else {
                    try reader?.next().map(VerificationWork.export)
                }
                if work == nil { ended = true }
                return work
            } catch let error as FileReadError {
                throw FileAccess.ioError(error, path)
            } catch let error as XMLError {
                // Malformed input, not an I/O failure: what was verified so far is kept and the
                // run fails (exit 1) with the reason.
                ended = true
                return .unreadable(line: error.line, reason: "XML: " + ProblemText.removingPrefix("line \(error.line): ", from: error.description))
            } catch let error as ExportXMLError {
                ended = true
                return .unreadable(line: error.line, reason: ProblemText.removingPrefix("line \(error.line): ", from: error.description))
            } catch let error as ZipError {
                ended = true
                return .unreadable(line: nil, reason: "export.zip: \(error)")
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
        }
    }

    /// Copies a stream into a new file (mode 0600) at `path`.
    static func copy<Source: ByteChunkSource>(_ source: Source, to path: String, from input: String) throws(ToolError) {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .io(path: path, reason: "cannot create a temporary copy of \(input)")
        }
        defer { try? handle.close() }
        var source = source
        do {
            while let chunk = try source.nextChunk() { try handle.write(contentsOf: chunk) }
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, input)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
    }
}
