/// Realistic export.xml text, modelled on real exports as `docs/EXPORT-XML.md` describes them.
enum ExportFixtures {
    /// An iOS 16 (Export Version 12) style internal subset with its two well-formedness bugs:
    /// `<!ATTLIST VisionPrescription` without its closing `>`, and a stray tail (an attribute
    /// line, a duplicate MetadataEntry declaration, an extra `>`).
    static let brokenIOS16Doctype = """
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|VisionPrescription)*)>
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

    static let watch = "&lt;&lt;HKDevice: 0x282e3a260&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch4,2, software:5.2&gt;"
    static let monitor = "&lt;&lt;HKDevice: 0x2823c1f90&gt;, name:BP7000, manufacturer:Omron Healthcare, Inc., model:BP7000, hardware:1.0, software:2.1&gt;"
    static let signature = "MIIBCgYJKoZIhvcNAQcCoIH8MIH5AgEBMQ0wCwYJYIZIAWUDBAIBMAsGCSqGSIb3DQEHAQ=="

    /// A small export: header, DOCTYPE, Me, 8 records/correlations (one with U+000B in an
    /// attribute value), a correlation with members, a workout and an activity summary to skip.
    static let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    \(brokenIOS16Doctype)
    <HealthData locale="en_US">
     <ExportDate value="2019-06-04 09:27:33 -0400"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon’s Apple Watch" sourceVersion="5.2" device="\(watch)" unit="count/min" creationDate="2019-05-14 18:52:09 -0400" startDate="2019-05-14 18:50:09 -0400" endDate="2019-05-14 18:50:09 -0400" value="72">
      <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
     </Record>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Clock" creationDate="2019-05-15 07:00:01 -0400" startDate="2019-05-14 23:10:00 -0400" endDate="2019-05-15 07:00:00 -0400" value="HKCategoryValueSleepAnalysisInBed"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale\u{0B}App" sourceVersion="12.3" unit="kg" creationDate="2019-05-16 08:00:00 -0400" startDate="2019-05-16 08:00:00 -0400" endDate="2019-05-16 08:00:00 -0400" value="70.5">
      <MetadataEntry key="HKWasUserEntered" value="1"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Simon’s Apple Watch" sourceVersion="5.2" device="\(watch)" unit="ms" creationDate="2019-05-16 09:00:00 -0400" startDate="2019-05-16 08:59:00 -0400" endDate="2019-05-16 09:00:00 -0400" value="45.5">
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="62" time="6:14:48.94 PM"/>
       <InstantaneousBeatsPerMinute bpm="64" time="6:14:49.91 PM"/>
      </HeartRateVariabilityMetadataList>
     </Record>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="BP Monitor" sourceVersion="1.0" device="\(monitor)" creationDate="2019-05-17 07:31:00 -0400" startDate="2019-05-17 07:30:00 -0400" endDate="2019-05-17 07:30:00 -0400">
      <MetadataEntry key="HKDigitalSignature" value="\(signature)"/>
      <MetadataEntry key="HKTimeZone" value="America/New_York"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="BP Monitor" sourceVersion="1.0" device="\(monitor)" unit="mmHg" creationDate="2019-05-17 07:31:00 -0400" startDate="2019-05-17 07:30:00 -0400" endDate="2019-05-17 07:30:00 -0400" value="120"/>
      <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="BP Monitor" sourceVersion="1.0" device="\(monitor)" unit="mmHg" creationDate="2019-05-17 07:31:00 -0400" startDate="2019-05-17 07:30:00 -0400" endDate="2019-05-17 07:30:00 -0400" value="80">
       <MetadataEntry key="HKWasUserEntered" value="0"/>
      </Record>
     </Correlation>
     <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="BP Monitor" sourceVersion="1.0" device="\(monitor)" unit="mmHg" creationDate="2019-05-17 07:31:00 -0400" startDate="2019-05-17 07:30:00 -0400" endDate="2019-05-17 07:30:00 -0400" value="120"/>
     <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="BP Monitor" sourceVersion="1.0" device="\(monitor)" unit="mmHg" creationDate="2019-05-17 07:31:00 -0400" startDate="2019-05-17 07:30:00 -0400" endDate="2019-05-17 07:30:00 -0400" value="80"/>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" sourceName="Simon’s Apple Watch" creationDate="2019-05-18 08:00:00 -0400" startDate="2019-05-18 07:29:00 -0400" endDate="2019-05-18 08:00:00 -0400">
      <MetadataEntry key="HKIndoorWorkout" value="0"/>
      <WorkoutEvent type="HKWorkoutEventTypePause" date="2019-05-18 07:40:00 -0400"/>
      <WorkoutRoute sourceName="Simon’s Apple Watch" creationDate="2019-05-18 08:00:00 -0400" startDate="2019-05-18 07:29:00 -0400" endDate="2019-05-18 08:00:00 -0400">
       <FileReference path="/workout-routes/route_2019-05-18_8.00am.gpx"/>
      </WorkoutRoute>
     </Workout>
     <ActivitySummary dateComponents="2019-05-18" activeEnergyBurned="512.3" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal"/>
     <!-- a comment that mentions <Record type="x"/> must not produce an item -->
     <?healthsig-test ignored processing instruction?>
     <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName='Meter "Pro"' unit="mmol&lt;180.1558800000541&gt;/L" creationDate="2019-05-19 12:00:00 -0400" startDate="2019-05-19 12:00:00 -0400" endDate="2019-05-19 12:00:00 -0400" value="5.4"><![CDATA[ ignored <text> ]]></Record>
    </HealthData>

    """

    /// One line of a top-level heart-rate record, for generating large files.
    static func heartRateRecord(_ index: Int) -> String {
        let second = String(format2: index % 60)
        return " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Simon’s Apple Watch\" sourceVersion=\"5.2\" device=\"\(watch)\" unit=\"count/min\" creationDate=\"2019-05-14 18:52:\(second) -0400\" startDate=\"2019-05-14 18:50:\(second) -0400\" endDate=\"2019-05-14 18:50:\(second) -0400\" value=\"\(60 + index % 40)\"/>\n"
    }

    /// Header of a generated export (declaration, broken DOCTYPE, root start, ExportDate).
    static let generatedHeader = """
    <?xml version="1.0" encoding="UTF-8"?>
    \(brokenIOS16Doctype)
    <HealthData locale="en_US">
     <ExportDate value="2019-06-04 09:27:33 -0400"/>

    """

    /// Footer of a generated export.
    static let generatedFooter = "</HealthData>\n"
}

extension String {
    /// Two-digit zero-padded decimal.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
