import Foundation

/// What a fuzz target asserts beyond "no crash". A violated invariant aborts the process, which
/// libFuzzer records as a finding (a `crash-…` file holding the input), exactly like a trap.
public enum Invariant {
    /// Aborts with `message` on standard error when `condition` is false.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String,
                               file: StaticString = #fileID, line: UInt = #line) {
        guard !condition else { return }
        let text = "INVARIANT VIOLATED (\(file):\(line)): \(message())\n"
        FileHandle.standardError.write(Data(text.utf8))
        abort()
    }
}
