/// How this binary was built, for commands whose figures depend on it.
public enum BuildConfiguration {
    /// Whether this is a debug build (no optimisation): `swift build` without `-c release`.
    public static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The warning `bench` prints on a debug build, nil on a release build.
    public static var benchmarkWarning: String? {
        isDebug ? "warning: this is a debug build; its figures are several times below a release build's "
            + "(build with swift build -c release and run .build/release/healthsig bench)" : nil
    }
}
