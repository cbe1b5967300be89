import Foundation

/// Hand-written Health-app `export.xml` text for the CLI tests, modelled on the public exports
/// described in `docs/EXPORT-XML.md` (attribute order `type sourceName sourceVersion device
/// unit creationDate startDate endDate value`, dates `yyyy-MM-dd HH:mm:ss ±hhmm`, the device as
/// its escaped HKDevice description, metadata as `MetadataEntry` children, correlation members
/// repeated as top-level Records).
///
/// Deliberately plain string templates — not produced by any of our writers — so a bug shared
/// by a writer and the reader cannot hide. The only inserted pieces are the signatures (made by
/// `healthsig sign` from `examples/readings.jsonl`) and the values a test varies.
enum ExportXMLFixture {
    /// The signatures of the example readings, in file order (see ``Examples``).
    struct Signatures {
        let heartRate: String
        let bloodPressure: String
        let bodyTemperature: String
        let bloodGlucose: String
        let bodyMass: String
        let oxygenSaturation: String
        let sleep: String
        let workout: String

        init(_ all: [String]) throws {
            guard all.count == 8 else { throw CLI.SetupError(description: "expected 8 signatures, got \(all.count)") }
            heartRate = all[0]
            bloodPressure = all[1]
            bodyTemperature = all[2]
            bloodGlucose = all[3]
            bodyMass = all[4]
            oxygenSaturation = all[5]
            sleep = all[6]
            workout = all[7]
        }
    }

    /// A Version 14 style header with a (shortened) well-formed internal DTD subset.
    static let version14Header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      value         CDATA #IMPLIED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
    <!ELEMENT Correlation ((MetadataEntry|Record)*)>
    <!ATTLIST Correlation
      type          CDATA #REQUIRED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry
      key   CDATA #REQUIRED
      value CDATA #REQUIRED
    >
    ]>
    """

    /// The iOS 16 (Export Version 12) subset with its two well-formedness bugs that stop expat
    /// ("syntax error: line 156"): `<!ATTLIST VisionPrescription` never closed, and a stray
    /// tail (an attribute line, a duplicate MetadataEntry declaration, an extra `>`).
    static let brokenIOS16Header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      value         CDATA #IMPLIED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
    <!ATTLIST VisionPrescription
      type             CDATA #REQUIRED
      dateIssued       CDATA #REQUIRED
      expirationDate   CDATA #IMPLIED
      brand            CDATA #IMPLIED
    <!ELEMENT RightEye EMPTY>
    <!ATTLIST RightEye
      sphere     CDATA #IMPLIED
      sphereUnit CDATA #IMPLIED
    >
      device        CDATA #IMPLIED
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry
      key   CDATA #REQUIRED
      value CDATA #REQUIRED
    >
    >
    ]>
    """

    /// Everything between the header and the samples.
    static let prologue = """
    <HealthData locale="en_US">
     <ExportDate value="2026-11-22 09:00:00 +0100"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1970-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
    """

    /// A whole document: header, prologue, the given elements, closing tag.
    static func document(_ elements: [String], header: String = version14Header) -> String {
        header + "\n" + prologue + "\n" + elements.joined() + "</HealthData>\n"
    }

    // MARK: - Device strings (escaped as in the file)

    static let heartRateDevice =
        "&lt;&lt;HKDevice: 0x600003a1c2d0&gt;, name:Acme HR Strap, manufacturer:Acme Medical Devices Inc., model:HR-10&gt;"
    static let bloodPressureDevice =
        "&lt;&lt;HKDevice: 0x282e3a260&gt;, name:Acme BP-200 Cuff, manufacturer:Acme Medical Devices Inc., model:BP-200, hardware:2.1, software:3.0.12&gt;"
    static let thermometerDevice =
        "&lt;&lt;HKDevice: 0x2823c1f90&gt;, name:Acme Thermo, manufacturer:Acme Medical Devices Inc., model:T-3&gt;"
    static let glucoseDevice =
        "&lt;&lt;HKDevice: 0x2823c1fa0&gt;, name:Acme Gluco, manufacturer:Acme Medical Devices Inc., model:G-5&gt;"
    static let scaleDevice =
        "&lt;&lt;HKDevice: 0x2823c1fb0&gt;, name:Acme Scale, manufacturer:Acme Medical Devices Inc., model:S-1&gt;"
    static let sleepDevice =
        "&lt;&lt;HKDevice: 0x2823c1fc0&gt;, name:Acme Sleep Band, manufacturer:Acme Medical Devices Inc., model:SB-1&gt;"
    static let watchDevice =
        "&lt;&lt;HKDevice: 0x282e3a260&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;"

    // MARK: - Elements

    /// Heart rate, signed 72 count/min at 2026-11-21T08:00:00Z; stored in +0100 by default.
    static func heartRate(_ signature: String, start: String = "2026-11-21 09:00:00 +0100",
                          end: String = "2026-11-21 09:00:00 +0100", value: String = "72",
                          device: String = heartRateDevice) -> String {
        """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Acme Health" sourceVersion="1.0" device="\(device)" unit="count/min" creationDate="2026-11-21 09:00:05 +0100" startDate="\(start)" endDate="\(end)" value="\(value)">
          <MetadataEntry key="HKDeviceSerialNumber" value="HR10-000417"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    /// Body temperature, signed 36.6 degC at 07:30:00.250Z; stored in degF (the phone's
    /// preferred unit) with whole-second dates.
    static func bodyTemperatureFahrenheit(_ signature: String, value: String) -> String {
        """
         <Record type="HKQuantityTypeIdentifierBodyTemperature" sourceName="Acme Health" sourceVersion="1.0" device="\(thermometerDevice)" unit="degF" creationDate="2026-11-21 08:30:01 +0100" startDate="2026-11-21 08:30:00 +0100" endDate="2026-11-21 08:30:00 +0100" value="\(value)">
          <MetadataEntry key="HKBodyTemperatureSensorLocation" value="2"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    /// Blood glucose, signed 5.5 mmol<180.15588000005408>/L at 07:45:00-05:00; stored with
    /// `unit` and `value` as given (the unit text already XML-escaped).
    static func bloodGlucose(_ signature: String, unit: String, value: String,
                             start: String = "2026-11-21 07:45:00 -0500") -> String {
        """
         <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Acme Health" sourceVersion="1.0" device="\(glucoseDevice)" unit="\(unit)" creationDate="\(start)" startDate="\(start)" endDate="\(start)" value="\(value)">
          <MetadataEntry key="HKDeviceSerialNumber" value="G5-99812"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    /// Body mass 72.4 kg, signed at 06:50:00Z, stored at −0500 with no other metadata.
    static func bodyMass(_ signature: String) -> String {
        """
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Acme Health" sourceVersion="1.0" device="\(scaleDevice)" unit="kg" creationDate="2026-11-21 01:50:00 -0500" startDate="2026-11-21 01:50:00 -0500" endDate="2026-11-21 01:50:00 -0500" value="72.4">
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    /// Sleep analysis, signed value 3 (asleep core) from 23:10Z to 06:40Z; stored with a label.
    static func sleep(_ signature: String, label: String = "HKCategoryValueSleepAnalysisAsleepCore") -> String {
        """
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Acme Health" sourceVersion="1.0" device="\(sleepDevice)" creationDate="2026-11-21 07:40:00 +0100" startDate="2026-11-21 00:10:00 +0100" endDate="2026-11-21 07:40:00 +0100" value="\(label)">
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
         </Record>

        """
    }

    /// The systolic and diastolic member Records as the Health app repeats them at top level.
    static func bloodPressureMembers(systolic: String = "120", diastolic: String = "80", indent: String = " ") -> String {
        """
        \(indent)<Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Acme Health" sourceVersion="1.0" device="\(bloodPressureDevice)" unit="mmHg" creationDate="2026-11-21 08:05:41 +0100" startDate="2026-11-21 08:05:00 +0100" endDate="2026-11-21 08:05:40 +0100" value="\(systolic)"/>
        \(indent)<Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Acme Health" sourceVersion="1.0" device="\(bloodPressureDevice)" unit="mmHg" creationDate="2026-11-21 08:05:41 +0100" startDate="2026-11-21 08:05:00 +0100" endDate="2026-11-21 08:05:40 +0100" value="\(diastolic)"/>

        """
    }

    /// The blood-pressure Correlation, signed on the correlation (08:05:00–08:05:40 +01:00,
    /// 120/80 mmHg), with its MetadataEntry children and nested member Records.
    static func bloodPressureCorrelation(_ signature: String, systolic: String = "120", diastolic: String = "80",
                                         device: String = bloodPressureDevice) -> String {
        """
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Acme Health" sourceVersion="1.0" device="\(device)" creationDate="2026-11-21 08:05:41 +0100" startDate="2026-11-21 08:05:00 +0100" endDate="2026-11-21 08:05:40 +0100">
          <MetadataEntry key="HKDeviceSerialNumber" value="BP200-12345"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
          <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
        \(bloodPressureMembers(systolic: systolic, diastolic: diastolic, indent: "  ")) </Correlation>

        """
    }

    /// An unsigned Apple Watch heart rate, as most of a real export is.
    static func unsignedWatchHeartRate(minute: Int) -> String {
        let time = String(format: "2026-11-20 10:%02d:00 +0100", minute)
        return """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon’s Apple Watch" sourceVersion="10.1" device="\(watchDevice)" unit="count/min" creationDate="\(time)" startDate="\(time)" endDate="\(time)" value="\(60 + minute)">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>

        """
    }

    /// An EnvironmentalSoundReduction Record (a type outside the catalog), optionally signed.
    static func soundReduction(signature: String?) -> String {
        let entry = signature.map { "\n  <MetadataEntry key=\"HKDigitalSignature\" value=\"\($0)\"/>" } ?? ""
        return """
         <Record type="HKQuantityTypeIdentifierEnvironmentalSoundReduction" sourceName="Simon’s AirPods Pro" sourceVersion="6A300" unit="dBASPL" creationDate="2026-11-21 18:00:00 +0100" startDate="2026-11-21 17:59:00 +0100" endDate="2026-11-21 18:00:00 +0100" value="12.5">\(entry)
         </Record>

        """
    }

    /// A Workout of the attribute shape, optionally carrying a signature.
    static func workout(signature: String?) -> String {
        let entry = signature.map { "\n  <MetadataEntry key=\"HKDigitalSignature\" value=\"\($0)\"/>" } ?? ""
        return """
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30" durationUnit="min" sourceName="Acme Health" sourceVersion="1.0" creationDate="2026-11-21 10:30:00 +0100" startDate="2026-11-21 10:00:00 +0100" endDate="2026-11-21 10:30:00 +0100">\(entry)
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
         </Workout>

        """
    }
}
