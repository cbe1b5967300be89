import CLibFuzzer
import Foundation

/// Starts libFuzzer with the process arguments and `testOneInput` as the function under test.
/// A target's `@main` calls this: SwiftPM links executables with their module's main renamed,
/// which rules out relying on libFuzzer's own `main` and `-parse-as-library`.
public enum FuzzerDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
