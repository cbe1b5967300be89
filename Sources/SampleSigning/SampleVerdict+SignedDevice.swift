import HealthSamples

extension SampleVerdict {
    /// The device the signature vouches for, given the device stored with the sample: for a
    /// `valid` verdict, the signed record's device; nil for any other verdict, and nil when the
    /// record has no device whatever is stored beside it.
    ///
    /// export.xml may store a device on a reading signed without one (docs/VERIFY.md: the Health
    /// app attaches its own description), and that string is not compared. Reports and FHIR ask
    /// here before presenting a device as the signer's: anything else is unsigned context.
    public func signedDevice(stored: Device?) -> Device? {
        guard kind == .valid else { return nil }
        switch signedRecord {
        // The stored sample rebuilt as a record was the signed content octet for octet: its
        // device, present or absent, is the signed one.
        case .encoded?, .equalToStored?: return stored.flatMap { $0.isEmpty ? nil : $0 }
        case .decoded(let record)?: return record.device.flatMap { $0.isEmpty ? nil : $0 }
        case nil: return nil
        }
    }

    /// Whether `stored`, the device kept with the sample, is context the signature does not
    /// cover: a device is stored and this verdict vouches for none.
    public func storedDeviceIsUnsigned(_ stored: Device?) -> Bool {
        guard let stored, !stored.isEmpty else { return false }
        return signedDevice(stored: stored) == nil
    }
}
