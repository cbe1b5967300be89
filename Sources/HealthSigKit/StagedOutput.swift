import Foundation
import SampleIO

/// A streamed output that appears complete or not at all.
///
/// A file destination is an ``AtomicFileWriter`` (temporary file renamed on commit). Standard
/// output cannot be renamed into place, and `AtomicFileWriter` writes it straight through once
/// 64 KiB are pending — so a long run that fails late would already have printed part of its
/// result although the contract is "nothing written". For `-` the bytes are therefore staged in
/// a temporary file and copied to standard output only by ``commit()``.
public final class StagedOutput {
    /// The destination as given (`-` for standard output).
    public let destination: String
    private let writer: AtomicFileWriter
    /// The staging file for standard output; `nil` for a file destination.
    private let stagingPath: String?

    init(destination: String, protecting inputs: [String]) throws(ToolError) {
        self.destination = destination
        if destination == "-" {
            let staging = (NSTemporaryDirectory() as NSString)
                .appendingPathComponent("healthsig-stdout-\(UUID().uuidString)")
            stagingPath = staging
            do {
                writer = try AtomicFileWriter(destination: staging, permissions: 0o600)
            } catch {
                throw .io(path: "standard output (staging file \(staging))", reason: error.description)
            }
        } else {
            stagingPath = nil
            do {
                writer = try AtomicFileWriter(destination: destination, protecting: inputs)
            } catch {
                throw .io(path: destination, reason: error.description)
            }
        }
    }

    deinit {
        writer.discard()
        if let stagingPath { unlink(stagingPath) }
    }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(ToolError) {
        do {
            try writer.write(text)
        } catch {
            throw .io(path: destination, reason: error.description)
        }
    }

    /// Makes the output appear: renames the file into place, or copies the staged bytes to
    /// standard output.
    public func commit() throws(ToolError) {
        do {
            try writer.commit()
        } catch {
            throw .io(path: destination, reason: error.description)
        }
        guard let stagingPath else { return }
        defer { unlink(stagingPath) }
        do {
            let source = try FileChunkSource(path: stagingPath)
            while let chunk = try source.nextChunk() {
                FileHandle.standardOutput.write(Data(chunk))
            }
        } catch {
            throw .io(path: "standard output", reason: "\(error)")
        }
    }

    /// Abandons the output: nothing appears at the destination.
    public func discard() {
        writer.discard()
        if let stagingPath { unlink(stagingPath) }
    }
}
