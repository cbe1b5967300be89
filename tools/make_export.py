#!/usr/bin/env python3
"""Writes a Health-app style export.xml from signed JSON Lines, padded to a target size.

Used by scripts/check-export-memory and scripts/check-scale: the signed samples (from `healthsig
sign`) become Record, Correlation and Workout elements the way the Health app writes them (dates
`yyyy-MM-dd HH:mm:ss +hhmm`, the device as its HKDevice description string, metadata as
MetadataEntry children with booleans as 0/1, correlation members repeated as top-level Records, a
workout's duration in minutes and its totals as attributes, its events as WorkoutEvent children),
written --repeat times (a scale run needs many signed samples from a handful of readings), then
unsigned heart-rate Records are appended until the file reaches --size-mb. Streams its output, so it
needs no memory for the repeats or the padding.
"""
import argparse
import datetime
import json
from decimal import Decimal
from xml.sax.saxutils import quoteattr

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
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
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-22 09:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1970-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

EXPORT_OFFSET = datetime.timezone(datetime.timedelta(hours=1))
DEVICE_LABELS = [("name", "name"), ("manufacturer", "manufacturer"), ("model", "model"),
                 ("hardwareVersion", "hardware"), ("softwareVersion", "software")]


def export_date(text):
    """RFC 3339 → the export's local form, re-zoned to the exporting phone's offset, whole seconds."""
    d = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return d.astimezone(EXPORT_OFFSET).strftime("%Y-%m-%d %H:%M:%S %z")


def device_string(device):
    parts = ["<<HKDevice: 0x600003a1c2d0>"]
    for key, label in DEVICE_LABELS:
        if key in device:
            parts.append(f"{label}:{device[key]}")
    return ", ".join(parts) + ">"


def attrs(sample, with_value=True):
    out = [("type", sample["type"]), ("sourceName", "Acme Health"), ("sourceVersion", "1.0")]
    if "device" in sample:
        out.append(("device", device_string(sample["device"])))
    if with_value and "unit" in sample:
        out.append(("unit", sample["unit"]))
    out += [("creationDate", export_date(sample["endDate"])), ("startDate", export_date(sample["startDate"])),
            ("endDate", export_date(sample["endDate"]))]
    if with_value and "value" in sample:
        out.append(("value", str(sample["value"])))
    return " ".join(f"{k}={quoteattr(v)}" for k, v in out)


def metadata_entries(sample, indent):
    lines = []
    for key, value in sample.get("metadata", {}).items():
        if key == "HKMetadataKeyDigitalSignature":
            key = "HKDigitalSignature"
        elif key.startswith("HKMetadataKey"):
            key = "HK" + key[len("HKMetadataKey"):]
        if isinstance(value, bool):
            value = "1" if value else "0"
        lines.append(f"{indent}<MetadataEntry key={quoteattr(key)} value={quoteattr(str(value))}/>")
    return lines


def minutes(seconds):
    """A JSON duration in seconds as the export's minutes (exact for the examples' whole seconds)."""
    return str(Decimal(str(seconds)) / 60)


def workout(sample):
    out = [("workoutActivityType", sample["activityType"])]
    if "duration" in sample:
        out += [("duration", minutes(sample["duration"])), ("durationUnit", "min")]
    for total in ("totalDistance", "totalEnergyBurned"):
        if total in sample:
            out += [(total, str(sample[total]["value"])), (total + "Unit", sample[total]["unit"])]
    out += [("sourceName", "Acme Health"), ("sourceVersion", "1.0")]
    if "device" in sample:
        out.append(("device", device_string(sample["device"])))
    out += [("creationDate", export_date(sample["endDate"])), ("startDate", export_date(sample["startDate"])),
            ("endDate", export_date(sample["endDate"]))]
    lines = [" <Workout " + " ".join(f"{k}={quoteattr(v)}" for k, v in out) + ">"]
    lines += metadata_entries(sample, "  ")
    for event in sample.get("events", []):
        lines.append(f"  <WorkoutEvent type={quoteattr(event['type'])} date={quoteattr(export_date(event['date']))}/>")
    lines.append(" </Workout>")
    return "\n".join(lines) + "\n"


def element(sample):
    if sample["type"] == "HKWorkoutTypeIdentifier":
        return workout(sample)
    if "objects" in sample:
        lines = [f" <Correlation {attrs(sample, with_value=False)}>"]
        lines += metadata_entries(sample, "  ")
        for obj in sample["objects"]:
            lines.append(f"  <Record {attrs(obj)}/>")
        lines.append(" </Correlation>")
        # The DTD's note: members of a correlation also appear as top-level Records.
        lines += [f" <Record {attrs(obj)}/>" for obj in sample["objects"]]
        return "\n".join(lines) + "\n"
    meta = metadata_entries(sample, "  ")
    if not meta:
        return f" <Record {attrs(sample)}/>\n"
    return f" <Record {attrs(sample)}>\n" + "\n".join(meta) + "\n </Record>\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--signed", required=True, help="signed JSON Lines from `healthsig sign`")
    parser.add_argument("--out", required=True)
    parser.add_argument("--size-mb", type=float, default=0, help="pad with unsigned records to this size")
    parser.add_argument("--repeat", type=int, default=1,
                        help="write the signed samples this many times (scale runs: many signed samples)")
    args = parser.parse_args()
    target = int(args.size_mb * 1024 * 1024)
    with open(args.signed, encoding="utf-8") as f:
        samples = [json.loads(line) for line in f if line.strip()]
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(HEADER)
        elements = "".join(element(sample) for sample in samples)
        for _ in range(max(args.repeat, 1)):
            out.write(elements)
        filler_base = datetime.datetime(2020, 1, 1, tzinfo=EXPORT_OFFSET)
        i = 0
        chunk = []
        while out.tell() < target:
            t = (filler_base + datetime.timedelta(minutes=i)).strftime("%Y-%m-%d %H:%M:%S %z")
            chunk.append(f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon\u2019s Watch" '
                         f'sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x282e3a260&gt;, name:Apple Watch, '
                         f'manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;" '
                         f'unit="count/min" creationDate="{t}" startDate="{t}" endDate="{t}" value="{60 + i % 40}">\n'
                         f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n')
            i += 1
            if len(chunk) == 2000:
                out.write("".join(chunk))
                chunk = []
        out.write("".join(chunk))
        out.write("</HealthData>\n")


if __name__ == "__main__":
    main()
