import Foundation
import HealthSigKit
import Testing
import VectorTestSupport
@testable import VectorGeneration

/// The `make-vectors` maintainer tool, and that the `healthsig` command ships without it.
@Suite("make-vectors")
struct MakeVectorsCommandTests {
    @Test("make-vectors over a copy of the committed vectors changes no byte and exits 0")
    func regeneratesCommittedVectorsUnchanged() throws {
        let copy = try VectorTestSupport.copyOfCommitted()
        defer { VectorTestSupport.remove(copy) }
        let before = try VectorTestSupport.snapshot(copy)
        let run = try BuiltProducts.run(try BuiltProducts.executable("make-vectors"), [copy.path],
                                        in: copy.deletingLastPathComponent())
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("der.json: ") && run.stdout.contains(" 0 failed"), "\(run)")
        #expect(try VectorTestSupport.snapshot(copy) == before)
    }

    @Test("make-vectors refuses a character device or a FIFO named as the vector directory (exit 2), leaving it as it is")
    func refusesDevicesAndFIFOs() throws {
        let directory = try VectorTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = directory.appendingPathComponent("null").path
        let fifo = directory.appendingPathComponent("pipe").path
        // A null device of our own (Linux dev_t 1,3), never the machine's /dev/null.
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {
            throw BuiltProducts.NotFound(description: "mknod failed: \(String(cString: strerror(errno))) (the device tests run as root)")
        }
        #expect(mkfifo(fifo, 0o644) == 0)
        for name in ["null", "pipe"] {
            let run = try BuiltProducts.run(try BuiltProducts.executable("make-vectors"), [name], in: directory)
            #expect(run.status == 2, "\(name): \(run)")
            #expect(run.stderr.contains("\(name): cannot be written: exists and is not a directory"), "\(name): \(run)")
        }
        var info = stat()
        #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("the healthsig executable links none of the generator: no VectorGeneration symbol, while make-vectors has them")
    func healthsigDoesNotLinkTheGenerator() throws {
        let healthsig = try BuiltProducts.executable("healthsig")
        let makeVectors = try BuiltProducts.executable("make-vectors")
        let directory = try VectorTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func symbols(_ binary: URL) throws -> [Substring] {
            let run = try BuiltProducts.run(URL(fileURLWithPath: "/usr/bin/env"), ["nm", binary.path], in: directory)
            #expect(run.status == 0, "nm \(binary.lastPathComponent): \(run.stderr)")
            return run.stdout.split(separator: "\n")
        }
        // Swift mangles a symbol's module as <length><name>: 16VectorGeneration. The generator's own
        // types (the openssl runner, the key store) are named too, in case a file moved back.
        let markers = ["16VectorGeneration", "OpenSSLCommandLine", "TestKeyStore"]
        let shipped = try symbols(healthsig)
        #expect(shipped.count > 1000, "nm found too few symbols in healthsig to prove anything")
        #expect(shipped.contains { $0.contains("12HealthSigKit") }, "healthsig has no HealthSigKit symbol: the check would prove nothing")
        for marker in markers {
            #expect(!shipped.contains { $0.contains(marker) }, "healthsig links \(marker)")
        }
        let tool = try symbols(makeVectors)
        for marker in markers {
            #expect(tool.contains { $0.contains(marker) }, "make-vectors has no \(marker) symbol: the marker is wrong")
        }
    }
}
