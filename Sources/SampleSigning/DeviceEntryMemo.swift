#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DER
import HealthSamples

/// The record's `d` entry (`SEQUENCE { "d", SET OF field entries }`) of the devices a thread
/// wrote last, kept per thread and found by the device's exact bytes.
///
/// A file of readings names the same device on every line (a handful when it mixes kinds), and
/// encoding its fields and sorting them into DER order cost a quarter of the record each time.
/// The memo is bounded (``capacity`` devices a thread, the oldest replaced first), so memory
/// does not grow with the input, and it lives in thread-local storage: workers never share or
/// lock it. An entry is served only for a device whose every field has the same UTF-8 bytes as
/// the one it was encoded from (not `String` equality, under which canonically equivalent but
/// differently encoded texts are equal while their UTF8Strings differ).
final class DeviceEntryMemo {
    /// A few devices cover a file that interleaves kinds of readings; the search is linear and
    /// cheaper than hashing every field at this size.
    static let capacity = 8

    private struct Entry {
        let device: Device
        let encoded: [UInt8]
    }

    private var entries: [Entry] = []
    private var nextReplaced = 0

    private init() {
        entries.reserveCapacity(Self.capacity)
    }

    /// The encoded entry of `device` from this thread's memo, made with `encode` (and kept)
    /// when the memo has none for exactly this device.
    static func entry(for device: Device, encode: (Device) -> [UInt8]) -> [UInt8] {
        current().entry(for: device, encode: encode)
    }

    private func entry(for device: Device, encode: (Device) -> [UInt8]) -> [UInt8] {
        for entry in entries where Self.sameBytes(entry.device, device) {
            return entry.encoded
        }
        let encoded = encode(device)
        let entry = Entry(device: device, encoded: encoded)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[nextReplaced] = entry
            nextReplaced = (nextReplaced + 1) % Self.capacity
        }
        return encoded
    }

    /// Whether every field of `a` and `b` is absent in both or present with the same UTF-8 bytes.
    static func sameBytes(_ a: Device, _ b: Device) -> Bool {
        sameBytes(a.name, b.name) && sameBytes(a.manufacturer, b.manufacturer) && sameBytes(a.model, b.model)
            && sameBytes(a.hardwareVersion, b.hardwareVersion) && sameBytes(a.firmwareVersion, b.firmwareVersion)
            && sameBytes(a.softwareVersion, b.softwareVersion) && sameBytes(a.localIdentifier, b.localIdentifier)
            && sameBytes(a.udiDeviceIdentifier, b.udiDeviceIdentifier)
    }

    private static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in
                first.count == 0 || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
        // Bridged or otherwise non-contiguous text: compared byte by byte.
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    // MARK: - Per-thread storage

    /// The pthread key whose destructor releases a thread's memo when the thread ends.
    private static let storageKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<DeviceEntryMemo>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    private static func current() -> DeviceEntryMemo {
        if let pointer = pthread_getspecific(storageKey) {
            return Unmanaged<DeviceEntryMemo>.fromOpaque(pointer).takeUnretainedValue()
        }
        let memo = DeviceEntryMemo()
        pthread_setspecific(storageKey, Unmanaged.passRetained(memo).toOpaque())
        return memo
    }
}
