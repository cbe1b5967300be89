#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HealthSamples
import OwnedMemory

/// The last few `device` objects one thread decoded: their exact text and the
/// ``HealthSamples/Device`` read from each.
///
/// Real files repeat the same few device objects on every line, and reading one again made up
/// to eight Strings (a heap allocation for each over 15 bytes) per sample. The value read from
/// an object depends on nothing but the object's bytes, and a JSON object ends where its text
/// says, so wherever the same bytes start a device object, the remembered device is the one
/// reading them would give. One memo per thread (workers decode lines concurrently, and a lock
/// would cost more than it saves), at most ``capacity`` entries of at most ``maximumLength``
/// bytes each: memory does not grow with the input.
struct JSONDeviceMemo {
    // Perf: ≈ 6,300 instructions a sample of sign (2.1 %), 6,200 of verify (0.69 %), scripts/count-instructions 500
    /// How many devices are remembered: more than a file usually interleaves (a phone, a watch,
    /// a cuff, a scale …); a miss compares a few bytes with each.
    static let capacity = 16
    /// The longest device text remembered; real ones are a few hundred bytes.
    static let maximumLength = 1024

    private struct Entry {
        var text: [UInt8]
        var device: Device
    }

    private var entries: [Entry] = []
    /// The entry a new device replaces once the memo is full (the oldest).
    private var oldest = 0

    /// The device read from the object whose text starts `bytes`, when that text is one
    /// remembered, together with its length.
    func device(startingAt bytes: UnsafeBufferPointer<UInt8>) -> (device: Device, length: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        // By index: `for entry in entries` copied each entry it looked at (its text and every
        // string of its device retained, then released).
        for index in entries.indices {
            let count = entries[index].text.count
            guard count <= bytes.count else { continue }
            let same = entries[index].text.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, count) == 0 }
            if same { return (entries[index].device, count) }
        }
        return nil
    }

    /// Remembers `device` as the value read from the object text `bytes` (unless it is too
    /// long), in place of the oldest entry when the memo is full.
    mutating func remember(_ device: Device, readFrom bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.maximumLength, !bytes.isEmpty else { return }
        let entry = Entry(text: Array(bytes), device: device)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[oldest] = entry
            oldest = (oldest + 1) % Self.capacity
        }
    }

    /// This thread's memo, made on first use and released when the thread ends.
    static let current = ThreadLocal { JSONDeviceMemo() }
}
