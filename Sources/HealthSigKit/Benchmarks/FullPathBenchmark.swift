import CMS
import CryptoBackend
import Foundation
import SampleIO
import SampleSigning

/// `healthsig bench --full-path`: the commands' own code on generated samples, against raw
/// OpenSSL ECDSA measured in the same process.
///
/// It writes `sets` × 7 readings (every sample kind), signs them with ``SignRun`` and
/// verifies the result with ``VerificationPipeline`` (ndjson report, discarded) with one worker
/// thread and with `jobs`, and reads a generated export.xml through the pipeline next to a bare
/// byte scan of the same file. Raw OpenSSL rates are measured before and after and averaged, so a
/// machine busy with other work skews both sides alike; the ratios are what to compare. Raw means
/// OpenSSL's fastest use: a parsed key and an initialised context reused for every operation (as
/// `openssl speed` does), the same calls the commands make, so no saving inside OpenSSL shows up
/// as a gain of the full path. The per-core ratios come from ``alternatingRounds`` rounds of raw
/// and `--jobs 1` measured in turn, per second of the calling thread's CPU time.
public enum FullPathBenchmark {
    /// What a run measured.
    public struct Result: Sendable {
        public var samples = 0
        public var jobs = 1
        public var rawSignPerSecond = 0.0
        public var rawVerifyPerSecond = 0.0
        /// Samples per second by number of jobs.
        public var signPerSecond: [Int: Double] = [:]
        public var verifyPerSecond: [Int: Double] = [:]
        public var exportMegabytes = 0.0
        /// export.xml MB/s through verify with an ndjson report (a line per record), by number of jobs.
        public var exportMegabytesPerSecond: [Int: Double] = [:]
        /// export.xml MB/s through verify with a table report, which counts unsigned records
        /// without mapping them (docs/PERFORMANCE.md), by number of jobs.
        public var exportTableMegabytesPerSecond: [Int: Double] = [:]
        /// `--jobs 1` verification per CPU second of the same readings signed by a device
        /// certificate of a vendor CA (embedded, the CA trusted) and with the bare key (its
        /// public key trusted), measured one after the other.
        public var chainVerifyPerCPUSecond = 0.0
        public var bareKeyVerifyPerCPUSecond = 0.0
        public var byteScanMegabytesPerSecond = 0.0
        public var peakRSSMegabytes = 0.0
        /// Rates per second of this thread's CPU time (`--jobs 1` and raw OpenSSL both run on the
        /// calling thread): per core whatever else the machine runs, where wall-clock rates of a
        /// shared machine depend on when each was measured.
        public var rawSignPerCPUSecond = 0.0
        public var rawVerifyPerCPUSecond = 0.0
        public var signPerCPUSecond = 0.0
        public var verifyPerCPUSecond = 0.0
        /// The per-core ratios of each alternating round (``alternatingRounds``): `--jobs 1`
        /// against the raw rate measured just before and just after it, so that a change in
        /// what else the machine runs between two measurements moves one round, not the result.
        public var signCPURatios: [Double] = []
        public var verifyCPURatios: [Double] = []

        /// The report printed by `healthsig bench --full-path`.
        public var report: String {
            func rate(_ value: Double?) -> String { String(format: "%9.0f/s", value ?? 0) }
            func ratio(_ a: Double?, _ b: Double) -> String { String(format: "%.2f", (a ?? 0) / b) }
            func list(_ ratios: [Double]) -> String { ratios.map { String(format: "%.2f", $0) }.joined(separator: " ") }
            let s1 = signPerSecond[1], sN = signPerSecond[jobs], v1 = verifyPerSecond[1], vN = verifyPerSecond[jobs]
            return """
            full path: \(samples) samples (7 kinds), jobs 1 and \(jobs), \(ProcessInfo.processInfo.activeProcessorCount) processor(s)
            raw OpenSSL ECDSA P-256 sign, 1 thread    \(rate(rawSignPerSecond))
            raw OpenSSL ECDSA P-256 verify, 1 thread  \(rate(rawVerifyPerSecond))
            sign   --jobs 1                           \(rate(s1))  = \(ratio(s1, rawSignPerSecond)) x raw sign per core
            sign   --jobs \(jobs)                           \(rate(sN))  speed-up \(ratio(sN, s1 ?? 1)) x
            verify --jobs 1                           \(rate(v1))  = \(ratio(v1, rawVerifyPerSecond)) x raw verify per core
            verify --jobs \(jobs)                           \(rate(vN))  speed-up \(ratio(vN, v1 ?? 1)) x
            per CPU second, --jobs 1: sign \(String(format: "%.2f", median(signCPURatios))) x raw (\(rate(signPerCPUSecond)) vs \(rate(rawSignPerCPUSecond))), verify \(String(format: "%.2f", median(verifyCPURatios))) x raw (\(rate(verifyPerCPUSecond)) vs \(rate(rawVerifyPerCPUSecond)))
            per CPU second, each of \(signCPURatios.count) alternating rounds: sign \(list(signCPURatios)); verify \(list(verifyCPURatios))
            verify --jobs 1, device certificate of a vendor CA embedded, per CPU second: \(rate(chainVerifyPerCPUSecond)) = \(ratio(chainVerifyPerCPUSecond, bareKeyVerifyPerCPUSecond)) x the bare key (\(rate(bareKeyVerifyPerCPUSecond)))
            export.xml (\(String(format: "%.0f", exportMegabytes)) MB) through verify: --jobs 1 \(String(format: "%.1f", exportMegabytesPerSecond[1] ?? 0)) MB/s, --jobs \(jobs) \(String(format: "%.1f", exportMegabytesPerSecond[jobs] ?? 0)) MB/s; bare byte scan: \(String(format: "%.0f", byteScanMegabytesPerSecond)) MB/s
            export.xml through verify, table report (unsigned records counted): --jobs 1 \(String(format: "%.1f", exportTableMegabytesPerSecond[1] ?? 0)) MB/s, --jobs \(jobs) \(String(format: "%.1f", exportTableMegabytesPerSecond[jobs] ?? 0)) MB/s
            peak RSS \(String(format: "%.1f", peakRSSMegabytes)) MB
            """
        }
    }

    /// A report writer that keeps nothing: the report is produced but not stored.
    final class DiscardingWriter: ReportByteWriter {
        var bytes = 0
        func write(_ bytes: [UInt8]) throws(ToolError) { self.bytes += bytes.count }
        func write(_ bytes: UnsafeRawBufferPointer) throws(ToolError) { self.bytes += bytes.count }
    }

    /// Runs the benchmark with `sets` × 7 samples, comparing one worker thread with `jobs`.
    public static func run(sets: Int, jobs: Int, rawSeconds: Double = 1) throws -> Result {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("healthsig-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try KeyFiles.generate(directory: directory, name: "bench", certificateSubject: nil, days: 1)
        let readings = (directory as NSString).appendingPathComponent("readings.jsonl")
        var text = ""
        for set in 0..<sets { text += BenchmarkReadings.lines(set: set) }
        try OutputFiles.write(Array(text.utf8), to: readings)
        text = ""
        let export = (directory as NSString).appendingPathComponent("export.xml")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-22 09:00:00 +0100\"/>\n"
        for index in 0..<(sets * 7) { xml += BenchmarkReadings.exportRecord(index) }
        xml += "</HealthData>\n"
        try OutputFiles.write(Array(xml.utf8), to: export)
        xml = ""

        var result = Result()
        result.samples = sets * 7
        result.jobs = max(1, jobs)
        let (rawSignBefore, rawVerifyBefore) = try rawRates(rawSeconds)
        let trust = try TrustLoader.load([key.publicKeyPath])
        for jobs in Set([1, result.jobs]).sorted() {
            let signed = (directory as NSString).appendingPathComponent("signed-\(jobs).jsonl")
            let signSeconds = try time {
                let run = try SignRun.run(inputPath: readings, outputPath: signed, keyPath: key.privateKeyPath,
                                              passphrase: .none, options: CMSSigning.Options(), skipInvalid: false, jobs: jobs)
                guard run.signed == result.samples else { throw ToolError.usage("bench: signing failed: \(run.summary)") }
            }
            result.signPerSecond[jobs] = Double(result.samples) / signSeconds
            let verifySeconds = try time {
                let totals = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs)
                    .run(inputPath: signed, sinks: [ReportFormat.ndjson.sink(writingTo: DiscardingWriter())])
                guard totals.counts[.valid] == result.samples else { throw ToolError.usage("bench: verification failed: \(totals.countsLine)") }
            }
            result.verifyPerSecond[jobs] = Double(result.samples) / verifySeconds
        }
        let (rawSignAfter, rawVerifyAfter) = try rawRates(rawSeconds)
        result.rawSignPerSecond = (rawSignBefore + rawSignAfter) / 2
        result.rawVerifyPerSecond = (rawVerifyBefore + rawVerifyAfter) / 2
        try measureAlternatingRounds(readings: readings, directory: directory, keyPath: key.privateKeyPath,
                                     trust: trust, into: &result)

        let exportBytes = Double(try FileChunkSource(path: export).status.regularFileSize ?? 0)
        result.exportMegabytes = exportBytes / 1e6
        for jobs in Set([1, result.jobs]).sorted() {
            for format in [ReportFormat.ndjson, .table] {
                let exportSeconds = try time {
                    try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: jobs)
                        .run(inputPath: export, sinks: [format.sink(writingTo: DiscardingWriter())])
                }
                if format == .table {
                    result.exportTableMegabytesPerSecond[jobs] = result.exportMegabytes / exportSeconds
                } else {
                    result.exportMegabytesPerSecond[jobs] = result.exportMegabytes / exportSeconds
                }
            }
        }
        try measureCertificateChain(readings: readings, directory: directory, into: &result)
        var angleBrackets = 0
        let scanSeconds = try time {
            let source = try FileChunkSource(path: export)
            while let chunk = try source.nextChunk() {
                for byte in chunk where byte == UInt8(ascii: "<") { angleBrackets += 1 }
            }
        }
        guard angleBrackets > 0 else { throw ToolError.usage("bench: the export scan found nothing") }
        result.byteScanMegabytesPerSecond = result.exportMegabytes / scanSeconds
        result.peakRSSMegabytes = peakRSSMegabytes()
        return result
    }

    static func rawRates(_ seconds: Double) throws -> (sign: Double, verify: Double) {
        let key = try P256PrivateKey.generate()
        let digest = Digest.sha256(Array("full-path benchmark".utf8))
        let signature = try key.signature(forDigest: digest)
        let sign = try Benchmark.measure("raw sign", seconds) { _ = try key.signature(forDigest: digest) }
        let verify = try Benchmark.measure("raw verify", seconds) {
            guard key.publicKey.isValidSignature(signature, forDigest: digest) else { throw ToolError.usage("raw verify failed") }
        }
        return (sign.perSecond, verify.perSecond)
    }

    /// Rounds of the per-core comparison: enough for a median that one disturbed round does not
    /// move, few enough to keep the run short.
    static let alternatingRounds = 9

    /// `--jobs 1` sign and verify against raw OpenSSL, per second of this thread's CPU time, in
    /// alternation: raw, full path, raw, full path, …, each full-path round compared with the
    /// raw rates measured just before and just after it. Measured apart (all raw, then all full
    /// path), a shared machine whose speed drifts between the two moved the ratio by up to a
    /// fifth from one run to the next; in alternation the drift reaches both sides of a round.
    /// The printed ratio is the median round's; the rates are the medians of each side.
    static func measureAlternatingRounds(readings: String, directory: String, keyPath: String, trust: TrustSet,
                                         into result: inout Result) throws {
        let key = try P256PrivateKey.generate()
        let digest = Digest.sha256(Array("full-path benchmark".utf8))
        let signature = try key.signature(forDigest: digest)
        let operations = result.samples
        func rawRates() throws -> (sign: Double, verify: Double) {
            var start = threadCPUSeconds()
            // The buffer form, which `sign` itself calls: no array made for each signature.
            var room = [UInt8](repeating: 0, count: 72)
            try digest.withUnsafeBytes { digest in
                try room.withUnsafeMutableBytes { room in
                    for _ in 0..<operations { _ = try key.signature(forDigest: digest, into: room) }
                }
            }
            let sign = Double(operations) / max(threadCPUSeconds() - start, 1e-9)
            start = threadCPUSeconds()
            for _ in 0..<operations {
                guard key.publicKey.isValidSignature(signature, forDigest: digest) else { throw ToolError.usage("raw verify failed") }
            }
            return (sign, Double(operations) / max(threadCPUSeconds() - start, 1e-9))
        }
        var raw = [try rawRates()]
        var fullSign: [Double] = [], fullVerify: [Double] = []
        for round in 0..<alternatingRounds {
            let signed = (directory as NSString).appendingPathComponent("alternating-\(round).jsonl")
            var start = threadCPUSeconds()
            let run = try SignRun.run(inputPath: readings, outputPath: signed, keyPath: keyPath, passphrase: .none,
                                          options: CMSSigning.Options(), skipInvalid: false, jobs: 1)
            guard run.signed == result.samples else { throw ToolError.usage("bench: signing failed: \(run.summary)") }
            fullSign.append(Double(result.samples) / max(threadCPUSeconds() - start, 1e-9))
            start = threadCPUSeconds()
            let totals = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: 1)
                .run(inputPath: signed, sinks: [ReportFormat.ndjson.sink(writingTo: DiscardingWriter())])
            guard totals.counts[.valid] == result.samples else { throw ToolError.usage("bench: verification failed: \(totals.countsLine)") }
            fullVerify.append(Double(result.samples) / max(threadCPUSeconds() - start, 1e-9))
            try? FileManager.default.removeItem(atPath: signed)
            raw.append(try rawRates())
            result.signCPURatios.append(fullSign[round] / ((raw[round].sign + raw[round + 1].sign) / 2))
            result.verifyCPURatios.append(fullVerify[round] / ((raw[round].verify + raw[round + 1].verify) / 2))
        }
        result.signPerCPUSecond = median(fullSign)
        result.verifyPerCPUSecond = median(fullVerify)
        result.rawSignPerCPUSecond = median(raw.map(\.sign))
        result.rawVerifyPerCPUSecond = median(raw.map(\.verify))
    }

    /// The fleet configuration against the bare key: a vendor CA, a device certificate it
    /// issued, the readings signed by the device key with the certificate embedded and verified
    /// against the CA, then signed with the bare key and verified against its public key.
    static func measureCertificateChain(readings: String, directory: String, into result: inout Result) throws {
        let caName = "bench-ca", deviceName = "bench-device"
        // Valid from before the readings' dates (November 2026) to well after them.
        let notBefore = Date(timeIntervalSince1970: 1_577_836_800)
        let ca = try KeyFiles.generate(directory: directory, name: caName, certificateSubject: "CN=Bench CA", days: 7300,
                                       notBefore: notBefore, role: .authority)
        let device = try KeyFiles.generate(
            directory: directory, name: deviceName, certificateSubject: "CN=Bench device", days: 7300, notBefore: notBefore,
            role: .issued(certificatePath: ca.certificatePath ?? "", keyPath: ca.privateKeyPath, passphrase: .none))
        func verifyRate(options: CMSSigning.Options, trustPath: String) throws -> Double {
            let signed = (directory as NSString).appendingPathComponent("signed-chain.jsonl")
            defer { try? FileManager.default.removeItem(atPath: signed) }
            let run = try SignRun.run(inputPath: readings, outputPath: signed, keyPath: device.privateKeyPath,
                                      passphrase: .none, options: options, skipInvalid: false, jobs: 1)
            guard run.signed == result.samples else { throw ToolError.usage("bench: signing failed: \(run.summary)") }
            let trust = try TrustLoader.load([trustPath])
            let start = threadCPUSeconds()
            let totals = try VerificationPipeline(verifier: SampleVerifier(trust: trust), jobs: 1)
                .run(inputPath: signed, sinks: [ReportFormat.ndjson.sink(writingTo: DiscardingWriter())])
            guard totals.counts[.valid] == result.samples else { throw ToolError.usage("bench: verification failed: \(totals.countsLine)") }
            return Double(result.samples) / max(threadCPUSeconds() - start, 1e-9)
        }
        result.chainVerifyPerCPUSecond = try verifyRate(
            options: CMSSigning.Options(certificatePath: device.certificatePath, embedCertificate: true),
            trustPath: ca.certificatePath ?? "")
        result.bareKeyVerifyPerCPUSecond = try verifyRate(options: CMSSigning.Options(), trustPath: device.publicKeyPath)
    }

    /// CPU time (user and system) the calling thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// This process's peak resident set size.
    static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024          // KiB
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576     // bytes
        #endif
    }

    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return max(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, 1e-9)
    }

    /// The middle value (the mean of the two middle values of an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
