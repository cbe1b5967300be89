import Foundation

/// A file in the temporary directory for targets whose reader works on paths (zip, trust
/// files), rewritten for every input. One per process and name, since libFuzzer's `-fork` and
/// `-jobs` run targets in parallel processes.
public enum ScratchFile {
    public static func path(_ name: String) -> String {
        NSTemporaryDirectory() + "healthsig-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }
}
