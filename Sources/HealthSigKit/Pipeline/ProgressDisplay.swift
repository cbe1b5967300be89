import Foundation

/// Progress of `verify` and `sign` on standard error: items done, bytes read of the total,
/// items per second and the time left. Nothing is drawn during the first two seconds, so short
/// runs stay quiet; on a terminal the line is redrawn in place (at most four times a second)
/// and erased at the end; elsewhere (`--progress` into a file or pipe) a line is written each
/// second.
public final class ProgressDisplay: PipelineProgress {
    private let verb: String
    private let terminal: Bool
    private let write: (String) -> Void
    private let start: Double
    private var totalBytes: Int?
    private var bytesRead = 0
    private var count = 0
    private var lastDraw: Double
    private var drawn = false
    /// Seconds before the first line.
    private let delay: Double

    /// A display writing through `write`; `terminal` redraws one line in place; nothing is
    /// drawn before `delay` seconds have passed.
    public init(verb: String, terminal: Bool, delay: Double = 2, write: @escaping (String) -> Void) {
        self.verb = verb
        self.delay = delay
        self.terminal = terminal
        self.write = write
        start = Self.now()
        lastDraw = -.infinity
    }

    /// The display for a command: on standard error when it is a terminal (unless `quiet`) or
    /// when `forced`; otherwise `nil`.
    public static func forStandardError(quiet: Bool, forced: Bool, verb: String) -> ProgressDisplay? {
        let terminal = isatty(STDERR_FILENO) == 1
        guard !quiet, terminal || forced else { return nil }
        return ProgressDisplay(verb: verb, terminal: terminal) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    public func started(totalBytes: Int?) {
        self.totalBytes = totalBytes
    }

    public func read(bytes: Int) {
        bytesRead += bytes
    }

    public func decided(_ count: Int) {
        self.count = count
        // Looking at the clock for every sample would cost more than the display is worth.
        guard count & 0xFF == 0 else { return }
        let now = Self.now()
        guard now - start >= delay, now - lastDraw >= (terminal ? 0.25 : 1.0) else { return }
        lastDraw = now
        draw(now)
    }

    public func finished() {
        if drawn && terminal { write("\r\u{1B}[K") }
    }

    /// The progress line at time `now`.
    func line(_ now: Double) -> String {
        let elapsed = max(now - start, 0.001)
        let rate = Double(count) / elapsed
        var text = "\(verb) \(count) sample(s), \(Int(rate.rounded()))/s"
        if bytesRead > 0 {
            text += ", \(Self.megabytes(bytesRead))"
            if let totalBytes, totalBytes > 0 {
                text += " of \(Self.megabytes(totalBytes))"
                let fraction = min(Double(bytesRead) / Double(totalBytes), 1)
                if fraction > 0 {
                    let left = elapsed * (1 - fraction) / fraction
                    text += ", \(Self.duration(left)) left"
                }
            }
        }
        return text
    }

    private func draw(_ now: Double) {
        drawn = true
        write(terminal ? "\r\u{1B}[K" + line(now) : line(now) + "\n")
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
                             : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
