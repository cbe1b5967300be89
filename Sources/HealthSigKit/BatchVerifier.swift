import CMS
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `healthsig verify`: reads stored samples in any supported form and verifies each one.
public enum BatchVerifier {
    /// Stored forms `verify` reads.
    public enum InputKind: Sendable {
        /// Our JSON Lines or a JSON array.
        case json
        /// The Health app's export.xml.
        case healthExport
        /// A zip archive (the Health app's export.zip).
        case zipArchive
    }

    /// Verifies every sample of `inputPath` (`-`: standard input, any of the forms) against
    /// `trust`. Input that cannot be read as samples (a JSON line, an XML syntax error, a
    /// damaged zip archive) is reported in ``VerificationReport/unreadable``; only I/O errors
    /// throw.
    /// `certificateTime`: when certificates must be valid; `nil`, each reading's signed time.
    public static func run(inputPath: String, trust: TrustSet, certificateTime: Date? = nil) throws(ToolError) -> VerificationReport {
        try verify(inputPath, displayName: FileAccess.displayName(inputPath), SampleVerifier(trust: trust, at: certificateTime))
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
    static func verify(_ streamPath: String, displayName path: String,
                       _ verifier: SampleVerifier) throws(ToolError) -> VerificationReport {
        var head: [UInt8] = []
        let stream: FileChunkSource
        let kind: InputKind
        do {
            stream = try FileChunkSource(path: streamPath)
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
            // Malformed input, like a JSON line that is not JSON: unreadable, exit 1.
            var report = VerificationReport()
            report.addUnreadable(line: nil, reason: error.description)
            return report
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, path)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        let source = ReplayingChunkSource(head: head, rest: stream)
        switch kind {
        case .json:
            return try verifyJSON(path, verifier) { JSONSampleReader(source: source) }
        case .healthExport:
            return try verifyExport(path, verifier) { ExportSampleReader(source: AnyByteChunkSource(source)) }
        case .zipArchive:
            if isRegularFile(streamPath) {
                return try verifyExport(path, verifier) { try ExportSampleReader(path: streamPath) }
            }
            let spool = (NSTemporaryDirectory() as NSString).appendingPathComponent("healthsig-stdin-\(UUID().uuidString).zip")
            // Registered before it exists, so that SIGINT, SIGTERM and SIGHUP remove it too.
            let registration = try? TemporaryFileRegistry.register(spool, for: path)
            defer {
                try? FileManager.default.removeItem(atPath: spool)
                if let registration { TemporaryFileRegistry.unregister(registration) }
            }
            try copy(source, to: spool, from: path)
            return try verifyExport(path, verifier) { try ExportSampleReader(path: spool) }
        }
    }

    /// Copies a stream into a new file (mode 0600) at `path`.
    static func copy(_ source: ReplayingChunkSource, to path: String, from input: String) throws(ToolError) {
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

    static func entry(_ stored: StoredSample, _ verdict: SampleVerdict) -> VerificationEntry {
        VerificationEntry(position: stored.position, line: stored.line, type: stored.sample.typeIdentifier,
                          startDate: stored.sample.startDate.rfc3339String, verdict: verdict)
    }

    static func verifyJSON<Source: ByteChunkSource>(
        _ path: String, _ verifier: SampleVerifier,
        _ makeReader: () throws -> JSONSampleReader<Source>
    ) throws(ToolError) -> VerificationReport {
        var report = VerificationReport()
        let reader: JSONSampleReader<Source>
        do {
            reader = try makeReader()
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, path)
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        while true {
            let item: Result<StoredSample, SampleInputError>?
            do {
                item = try reader.next()
            } catch let error as FileReadError {
                // The JSON reader reports bad input as items; what it throws is the source's I/O.
                throw FileAccess.ioError(error, path)
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
            guard let item else { break }
            switch item {
            case .success(let stored):
                report.add(entry(stored, verifier.verify(stored.sample, storedForm: .json)))
            case .failure(let error):
                if let fields = error.storedFields {
                    // A signed sample altered into an invalid one is judged against its signature.
                    report.add(VerificationEntry(
                        position: error.position ?? error.line, line: error.line, type: fields.type ?? "?", startDate: fields.startDate ?? "",
                        verdict: InvalidStoredSampleVerdict.verdict(
                            stored: fields, invalidField: error.field, problem: ProblemText.inputReasonWithField(error),
                            storedForm: .json, verifier: verifier)))
                } else {
                    report.addUnreadable(line: error.line, reason: ProblemText.inputReasonWithField(error))
                }
            }
        }
        return report
    }

    static func verifyExport<Source: ByteChunkSource>(
        _ path: String, _ verifier: SampleVerifier,
        _ makeReader: () throws -> ExportSampleReader<Source>
    ) throws(ToolError) -> VerificationReport {
        var report = VerificationReport()
        // Members of a correlation are repeated as top-level Records (a note in Apple's DTD);
        // those unsigned copies are not counted as unsigned samples. Records may come before
        // their correlation, so candidates are counted and settled at the end.
        var memberKeys = Set<String>()
        var unsignedCandidates: [String: Int] = [:]
        do {
            let reader = try makeReader()
            while let outcome = try reader.next() {
                switch outcome {
                case .sample(let stored):
                    let verdict = verifier.verify(stored.sample, storedForm: .healthExport)
                    var mayBeMemberCopy = false
                    if case .quantity(let q) = stored.sample { mayBeMemberCopy = isCorrelationMemberType(q.type) }
                    report.add(entry(stored, verdict), listIfUnsigned: !mayBeMemberCopy)
                    switch stored.sample {
                    case .correlation(let c):
                        for object in c.objects { memberKeys.insert(memberKey(object)) }
                    case .quantity(let q) where verdict.kind == .unsigned && isCorrelationMemberType(q.type):
                        unsignedCandidates[memberKey(q), default: 0] += 1
                    default:
                        break
                    }
                case .unsupported(let item):
                    if let signature = signatureEntry(item) {
                        report.add(VerificationEntry(
                            position: item.position, line: item.line, type: item.type ?? item.elementName,
                            startDate: item.startDate ?? "", verdict: SampleVerdict(
                                kind: .malformed, reasonCode: "unsupported-type",
                                reason: "signed \(item.elementName) of type \(item.type ?? "?") is outside the supported sample types (signature \(signature.count) characters)")))
                    }
                case .invalid(let item, let error):
                    if let fields = error.storedFields {
                        report.add(VerificationEntry(
                            position: item.position, line: item.line, type: item.type ?? item.elementName,
                            startDate: item.startDate ?? "", verdict: InvalidStoredSampleVerdict.verdict(
                                stored: fields, invalidField: error.field, problem: ProblemText.inputReasonWithField(error),
                                storedForm: .healthExport, verifier: verifier)))
                    } else {
                        // A supported type without a signature is an unsigned sample, valid or
                        // not: dropping it would let `--require-signed` pass an unsigned export.
                        let memberType = item.kind == .record
                            && (item.type.flatMap(QuantityType.named).map(isCorrelationMemberType) ?? false)
                        report.add(VerificationEntry(
                            position: item.position, line: item.line, type: item.type ?? item.elementName,
                            startDate: item.startDate ?? "", verdict: SampleVerdict(
                                kind: .unsigned, reasonCode: "no-signature",
                                reason: "the sample has no HKDigitalSignature metadata (and is not a valid sample: \(ProblemText.inputReasonWithField(error)))")),
                                   listIfUnsigned: !memberType)
                    }
                }
            }
        } catch let error as FileReadError {
            throw FileAccess.ioError(error, path)
        } catch let error as XMLError {
            // Malformed input, not an I/O failure: what was verified so far is kept and the
            // run fails (exit 1) with the reason.
            report.addUnreadable(line: error.line, reason: "XML: " + ProblemText.removingPrefix("line \(error.line): ", from: error.description))
        } catch let error as ExportXMLError {
            report.addUnreadable(line: error.line, reason: ProblemText.removingPrefix("line \(error.line): ", from: error.description))
        } catch let error as ZipError {
            report.addUnreadable(line: nil, reason: "export.zip: \(error)")
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        let duplicates = unsignedCandidates.filter { memberKeys.contains($0.key) }.values.reduce(0, +)
        report.discountUnsigned(duplicates)
        return report
    }

    static func signatureEntry(_ item: ExportXMLItem) -> String? {
        item.signatureText
    }

    static func isCorrelationMemberType(_ type: QuantityType) -> Bool {
        type == .bloodPressureSystolic || type == .bloodPressureDiastolic || type.isDietary
    }

    static func memberKey(_ q: QuantitySample) -> String {
        "\(q.type.identifier)|\(q.startDate.epochSeconds)|\(q.endDate.epochSeconds)|\(q.quantity.description)"
    }
}
