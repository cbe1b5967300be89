import Foundation
import Testing

/// `demo` and `vectors check` work wherever they are started; `bench` says when its figures
/// come from a debug build.
@Suite("demo and vectors check from any directory; bench on a debug build")
struct RunFromAnyDirectoryTests {
    @Test("demo runs in a directory without the repository's examples")
    func demoAnywhere() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.healthsig(["demo"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("demo: 8 readings signed, 8 verified valid"), "\(result.stdout)")
        #expect(result.stdout.contains("— OK"))
    }

    @Test("vectors check without a directory finds the repository's TestVectors from elsewhere and from a subdirectory")
    func vectorsCheckAnywhere() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = try directory.healthsig(["vectors", "check"])
        #expect(elsewhere.status == 0, "\(elsewhere)")
        #expect(elsewhere.stdout.range(of: #"\d+ passed, 0 failed"#, options: .regularExpression) != nil, "\(elsewhere.stdout)")
        let subdirectory = try CLI.healthsig(["vectors", "check"], in: CLI.packageRoot.appendingPathComponent("Sources"))
        #expect(subdirectory.status == 0, "\(subdirectory)")
    }

    @Test("vectors check of a directory that does not exist is an I/O error naming it")
    func vectorsCheckMissingDirectory() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.healthsig(["vectors", "check", "no-such-vectors"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("no-such-vectors"), "\(result.stderr)")
    }

    @Test("bench on a debug build warns on standard error that its figures are low")
    func benchWarnsOnDebugBuild() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.healthsig(["bench", "--seconds", "0.05"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: this is a debug build"), "\(result.stderr)")
        #expect(!result.stdout.contains("warning"))
    }
}
