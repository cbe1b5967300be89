import CMS
import CryptoBackend
import Foundation

/// `healthsig bench`: throughput of the whole CMS path beside raw OpenSSL ECDSA, same process.
public enum Benchmark {
    /// One measured rate.
    public struct Rate: Sendable {
        public let name: String
        public let operations: Int
        public let seconds: Double
        public var perSecond: Double { Double(operations) / seconds }
    }

    /// Results of one run.
    public struct Result: Sendable {
        public let contentBytes: Int
        public let signatureBytes: Int
        public let rawSign: Rate
        public let rawVerify: Rate
        public let cmsSign: Rate
        public let cmsVerify: Rate

        /// The report printed by `healthsig bench`.
        public var report: String {
            func line(_ r: Rate) -> String {
                "\(r.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%10.0f", r.perSecond))/s  (\(r.operations) ops in \(String(format: "%.2f", r.seconds)) s)"
            }
            return """
            content: \(contentBytes) bytes, signature: \(signatureBytes) bytes DER
            \(line(rawSign))
            \(line(cmsSign))
            \(line(rawVerify))
            \(line(cmsVerify))
            ratio sign   (CMS / raw OpenSSL): \(String(format: "%.3f", cmsSign.perSecond / rawSign.perSecond))
            ratio verify (CMS / raw OpenSSL): \(String(format: "%.3f", cmsVerify.perSecond / rawVerify.perSecond))
            """
        }
    }

    /// Runs each measurement for about `secondsPerMeasurement`.
    public static func run(secondsPerMeasurement: Double = 1.0, contentBytes: Int = 300) throws -> Result {
        let key = try P256PrivateKey.generate()
        let content = SecureRandom.bytes(contentBytes)
        let digest = Digest.sha256(content)
        let rawSignature = try key.signature(forDigest: digest)
        let builder = SignedDataBuilder()
        let signed = try builder.sign(content, using: key)
        let trust = TrustSet(publicKeys: [key.publicKey])

        let rawSign = try measure("raw OpenSSL ECDSA P-256 sign", secondsPerMeasurement) {
            _ = try key.signature(forDigest: digest)
        }
        let cmsSign = try measure("CMS SignedData sign (SHA-256+DER)", secondsPerMeasurement) {
            _ = try builder.sign(content, using: key)
        }
        let rawVerify = try measure("raw OpenSSL ECDSA P-256 verify", secondsPerMeasurement) {
            guard key.publicKey.isValidSignature(rawSignature, forDigest: digest) else { throw ToolError.usage("raw verify failed") }
        }
        let cmsVerify = try measure("CMS SignedData verify (parse+all)", secondsPerMeasurement) {
            guard CMSVerifier.verify(signed, trust: trust).isValid else { throw ToolError.usage("CMS verify failed") }
        }
        return Result(contentBytes: contentBytes, signatureBytes: signed.count, rawSign: rawSign,
                      rawVerify: rawVerify, cmsSign: cmsSign, cmsVerify: cmsVerify)
    }

    static func measure(_ name: String, _ seconds: Double, _ body: () throws -> Void) throws -> Rate {
        // Warm up, then run batches until the time is spent.
        for _ in 0..<20 { try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        var operations = 0
        var elapsed = 0.0
        repeat {
            for _ in 0..<50 { try body() }
            operations += 50
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        } while elapsed < seconds
        return Rate(name: name, operations: operations, seconds: elapsed)
    }
}
