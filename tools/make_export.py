#!/usr/bin/env python3
"""Writes a Health-app style export.xml, or export.zip, from signed JSON Lines, padded to a target size.

Used by the README's data-team example, scripts/check-export-memory, scripts/check-fhir and
scripts/check-scale: the signed samples (from `healthsig sign`) become Record, Correlation and
Workout elements the way the Health app writes them (dates `yyyy-MM-dd HH:mm:ss +hhmm`, the device
as its HKDevice description string, metadata as MetadataEntry children with booleans as 0/1,
correlation members repeated as top-level Records, a workout's activity type by name, its duration
in minutes and its energy and distance totals as attributes, stroke and flight counts as
WorkoutStatistics, its events as WorkoutEvent children with their duration and metadata), written
--repeat times (a scale run needs many signed samples from a handful of readings), then unsigned
heart-rate Records are appended until the file reaches --size-mb.

Every form docs/READINGS.md and docs/CLI.md document is accepted (a duration in seconds or as
{"value": 30, "unit": "min"}, an activity or event type by name or raw value, numbers with their
digits kept). An input it cannot convert is reported with its line and field (exit 1), never a
traceback, and nothing is left behind: the output is written to a temporary file beside it and
renamed into place only when complete. An --out ending in `.zip` gets a deflated export.zip
holding `apple_health_export/export.xml`, as the Health app's "Export All Health Data" does.
Streams its output, so it needs no memory for the repeats or the padding.
"""
import argparse
import datetime
import io
import json
import os
import signal
import sys
import tempfile
import zipfile
from decimal import Decimal, InvalidOperation
from xml.sax.saxutils import quoteattr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vectorcheck.workouts import ACTIVITY_TYPES, EVENT_TYPES  # noqa: E402

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
ACTIVITY_NAMES = {raw: name for name, raw in ACTIVITY_TYPES.items()}
EVENT_NAMES = {raw: name for name, raw in EVENT_TYPES.items()}
# Totals the Workout element carries as attributes; the others go to WorkoutStatistics.
TOTAL_ATTRIBUTES = ("totalDistance", "totalEnergyBurned")
TOTAL_STATISTICS = {"totalSwimmingStrokeCount": "HKQuantityTypeIdentifierSwimmingStrokeCount",
                    "totalFlightsClimbed": "HKQuantityTypeIdentifierFlightsClimbed"}
# Time units of docs/READINGS.md, in minutes: s with its prefixes, min, hr, d.
SECOND_PREFIXES = {"f": "1e-15", "p": "1e-12", "n": "1e-9", "mc": "1e-6", "µ": "1e-6", "m": "1e-3",
                   "c": "1e-2", "d": "1e-1", "da": "1e1", "h": "1e2", "k": "1e3", "M": "1e6", "G": "1e9",
                   "T": "1e12"}
MINUTES_PER_UNIT = {"s": Decimal(1) / 60, "min": Decimal(1), "hr": Decimal(60), "d": Decimal(1440)}
MINUTES_PER_UNIT.update({p + "s": Decimal(f) / 60 for p, f in SECOND_PREFIXES.items()})


class InputError(Exception):
    """An input the export cannot be written from: says where (line and field) and why."""


def number(value, field):
    """A JSON number as decimal text, its digits kept and never in exponent form."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise InputError(f"{field}: expected a number, found {json.dumps(value, default=str)}")
    text = format(Decimal(value), "f")
    return text


def parse_date(text, field):
    """RFC 3339 → (the instant in whole seconds, its fraction of a second as an exact Decimal)."""
    if not isinstance(text, str):
        raise InputError(f"{field}: expected an RFC 3339 date, found {json.dumps(text, default=str)}")
    cleaned = text.replace("z", "Z").replace("t", "T").replace("Z", "+00:00")
    # fromisoformat before Python 3.11 takes at most six fraction digits: the fraction is kept apart.
    fraction = Decimal(0)
    if "." in cleaned:
        head, _, rest = cleaned.partition(".")
        digits = len(rest) - len(rest.lstrip("0123456789"))
        fraction = Decimal("0." + rest[:digits]) if digits else Decimal(0)
        cleaned = head + rest[digits:]
    try:
        d = datetime.datetime.fromisoformat(cleaned)
    except ValueError:
        raise InputError(f"{field}: not an RFC 3339 date: {text!r}") from None
    if d.tzinfo is None:
        raise InputError(f"{field}: the date has no offset: {text!r}")
    return d, fraction


def export_date(text, field="date"):
    """RFC 3339 → the export's local form, re-zoned to the exporting phone's offset, whole seconds."""
    return parse_date(text, field)[0].astimezone(EXPORT_OFFSET).strftime("%Y-%m-%d %H:%M:%S %z")


def seconds_between(start, end):
    """end − start in seconds, exact to the dates' fraction digits."""
    (s, sf), (e, ef) = parse_date(start, "startDate"), parse_date(end, "endDate")
    return Decimal(int((e - s).total_seconds())) + ef - sf


def minutes(duration, field):
    """A duration (seconds, or {"value": v, "unit": u} in a time unit) as the export's minutes."""
    if isinstance(duration, dict):
        if set(duration) != {"value", "unit"}:
            raise InputError(f"{field}: a duration object has exactly `value` and `unit`")
        unit = duration["unit"]
        if unit not in MINUTES_PER_UNIT:
            raise InputError(f"{field}.unit: not a time unit: {unit!r} (s, ms, min, hr, d, …)")
        value = Decimal(number(duration["value"], field + ".value")) * MINUTES_PER_UNIT[unit]
    else:
        value = Decimal(number(duration, field)) / 60
    return format(value.normalize(), "f") if value != 0 else "0"


def type_name(value, names, prefix, field):
    """An activity or event type given by name or by HealthKit's raw value, as its name."""
    if isinstance(value, str) and value.startswith(prefix):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value in names:
        return names[value]
    raise InputError(f"{field}: not a {prefix}… name or raw value: {json.dumps(value, default=str)}")


def device_string(device):
    parts = ["<<HKDevice: 0x600003a1c2d0>"]
    for key, label in DEVICE_LABELS:
        if key in device:
            parts.append(f"{label}:{device[key]}")
    return ", ".join(parts) + ">"


def attrs(sample, field, with_value=True):
    out = [("type", sample["type"]), ("sourceName", "Acme Health"), ("sourceVersion", "1.0")]
    if "device" in sample:
        out.append(("device", device_string(sample["device"])))
    if with_value and "unit" in sample:
        out.append(("unit", sample["unit"]))
    out += [("creationDate", export_date(sample["endDate"], field + "endDate")),
            ("startDate", export_date(sample["startDate"], field + "startDate")),
            ("endDate", export_date(sample["endDate"], field + "endDate"))]
    if with_value and "value" in sample:
        out.append(("value", number(sample["value"], field + "value")))
    return " ".join(f"{k}={quoteattr(v)}" for k, v in out)


def metadata_entries(metadata, indent, field):
    if not isinstance(metadata, dict):
        raise InputError(f"{field}: expected an object")
    lines = []
    for key, value in metadata.items():
        if key == "HKMetadataKeyDigitalSignature":
            key = "HKDigitalSignature"
        elif key.startswith("HKMetadataKey"):
            key = "HK" + key[len("HKMetadataKey"):]
        if isinstance(value, bool):
            value = "1" if value else "0"
        elif isinstance(value, (int, Decimal)):
            value = number(value, f"{field}.{key}")
        elif not isinstance(value, str):
            raise InputError(f"{field}.{key}: a metadata value is a string, number or boolean")
        lines.append(f"{indent}<MetadataEntry key={quoteattr(key)} value={quoteattr(value)}/>")
    return lines


def quantity_attributes(total, field):
    if not isinstance(total, dict) or set(total) != {"value", "unit"} or not isinstance(total["unit"], str):
        raise InputError(f"{field}: expected {{\"value\": number, \"unit\": text}}")
    return number(total["value"], field + ".value"), total["unit"]


def workout(sample):
    out = [("workoutActivityType", type_name(sample.get("activityType"), ACTIVITY_NAMES,
                                             "HKWorkoutActivityType", "activityType"))]
    # Without a duration the signed one is end − start, exact; the export's whole-second dates
    # would lose a fraction of a second, so the duration is written out, as the Health app does.
    duration = sample.get("duration", seconds_between(sample["startDate"], sample["endDate"]))
    out += [("duration", minutes(duration, "duration")), ("durationUnit", "min")]
    for total in TOTAL_ATTRIBUTES:
        if total in sample:
            value, unit = quantity_attributes(sample[total], total)
            out += [(total, value), (total + "Unit", unit)]
    out += [("sourceName", "Acme Health"), ("sourceVersion", "1.0")]
    if "device" in sample:
        out.append(("device", device_string(sample["device"])))
    start, end = export_date(sample["startDate"], "startDate"), export_date(sample["endDate"], "endDate")
    out += [("creationDate", end), ("startDate", start), ("endDate", end)]
    lines = [" <Workout " + " ".join(f"{k}={quoteattr(v)}" for k, v in out) + ">"]
    lines += metadata_entries(sample.get("metadata", {}), "  ", "metadata")
    for i, event in enumerate(sample.get("events", [])):
        field = f"events[{i}]"
        if not isinstance(event, dict):
            raise InputError(f"{field}: expected an object")
        event_attrs = [("type", type_name(event.get("type"), EVENT_NAMES, "HKWorkoutEventType", field + ".type")),
                       ("date", export_date(event.get("date"), field + ".date"))]
        if "duration" in event:
            event_attrs += [("duration", minutes(event["duration"], field + ".duration")), ("durationUnit", "min")]
        text = " ".join(f"{k}={quoteattr(v)}" for k, v in event_attrs)
        entries = metadata_entries(event.get("metadata", {}), "   ", field + ".metadata")
        if entries:
            lines += [f"  <WorkoutEvent {text}>"] + entries + ["  </WorkoutEvent>"]
        else:
            lines.append(f"  <WorkoutEvent {text}/>")
    for total, statistic in TOTAL_STATISTICS.items():
        if total in sample:
            value, unit = quantity_attributes(sample[total], total)
            lines.append(f"  <WorkoutStatistics type={quoteattr(statistic)} startDate={quoteattr(start)} "
                         f"endDate={quoteattr(end)} sum={quoteattr(value)} unit={quoteattr(unit)}/>")
    lines.append(" </Workout>")
    return "\n".join(lines) + "\n"


def element(sample):
    if not isinstance(sample, dict):
        raise InputError("expected a JSON object (one sample)")
    for field in ("type", "startDate", "endDate"):
        if field not in sample:
            raise InputError(f"{field}: missing")
    if sample["type"] == "HKWorkoutTypeIdentifier":
        return workout(sample)
    if "objects" in sample:
        lines = [f" <Correlation {attrs(sample, '', with_value=False)}>"]
        lines += metadata_entries(sample.get("metadata", {}), "  ", "metadata")
        members = [f"<Record {attrs(obj, f'objects[{i}].')}/>" for i, obj in enumerate(sample["objects"])]
        lines += ["  " + member for member in members]
        lines.append(" </Correlation>")
        # The DTD's note: members of a correlation also appear as top-level Records.
        lines += [" " + member for member in members]
        return "\n".join(lines) + "\n"
    meta = metadata_entries(sample.get("metadata", {}), "  ", "metadata")
    if not meta:
        return f" <Record {attrs(sample, '')}/>\n"
    return f" <Record {attrs(sample, '')}>\n" + "\n".join(meta) + "\n </Record>\n"


def read_elements(path):
    """The export's elements for every sample of the signed JSON Lines (or JSON array) file."""
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    if text.lstrip().startswith("["):
        try:
            samples = [(i + 1, s) for i, s in enumerate(json.loads(text, parse_float=Decimal))]
        except json.JSONDecodeError as e:
            raise InputError(f"{path}: line {e.lineno}: not JSON: {e.msg}") from None
    else:
        samples = []
        for number_, line in enumerate(text.split("\n"), start=1):
            if line.strip():
                try:
                    samples.append((number_, json.loads(line, parse_float=Decimal)))
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}: line {number_}: not JSON: {e.msg}") from None
    elements = []
    for line, sample in samples:
        try:
            elements.append(element(sample))
        except InputError as e:
            raise InputError(f"{path}: line {line}, {e}") from None
        except (KeyError, TypeError, InvalidOperation) as e:
            raise InputError(f"{path}: line {line}: cannot be exported: {e!r}") from None
    return "".join(elements)


def write_export(out, elements, repeat, target):
    out.write(HEADER)
    for _ in range(max(repeat, 1)):
        out.write(elements)
    filler_base = datetime.datetime(2020, 1, 1, tzinfo=EXPORT_OFFSET)
    i = 0
    written = len(HEADER.encode()) + len(elements.encode()) * max(repeat, 1)
    chunk = []
    while written < target:
        t = (filler_base + datetime.timedelta(minutes=i)).strftime("%Y-%m-%d %H:%M:%S %z")
        record = (f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Simon\u2019s Watch" '
                  f'sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x282e3a260&gt;, name:Apple Watch, '
                  f'manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;" '
                  f'unit="count/min" creationDate="{t}" startDate="{t}" endDate="{t}" value="{60 + i % 40}">\n'
                  f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n')
        chunk.append(record)
        written += len(record.encode())
        i += 1
        if len(chunk) == 2000:
            out.write("".join(chunk))
            chunk = []
    out.write("".join(chunk))
    out.write("</HealthData>\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--signed", required=True, help="signed JSON Lines (or a JSON array) from `healthsig sign`")
    parser.add_argument("--out", required=True, help="export.xml, or a name ending in .zip for export.zip")
    parser.add_argument("--size-mb", type=float, default=0, help="pad with unsigned records to this size (of export.xml)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="write the signed samples this many times (scale runs: many signed samples)")
    args = parser.parse_args()
    target = int(args.size_mb * 1024 * 1024)
    try:
        elements = read_elements(args.signed)
    except OSError as e:
        print(f"make_export.py: {args.signed}: {e.strerror}", file=sys.stderr)
        return 2
    except InputError as e:
        print(f"make_export.py: {e}", file=sys.stderr)
        return 1
    out_path = os.path.abspath(args.out)
    if os.path.isdir(out_path):
        print(f"make_export.py: {args.out}: is a directory", file=sys.stderr)
        return 2
    directory, name = os.path.split(out_path)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{name}.tmp-", dir=directory)
    except OSError as e:
        print(f"make_export.py: {args.out}: {e.strerror}", file=sys.stderr)
        return 2
    # mkstemp makes the file 0600; an export is no secret: the mode a new file gets, or the replaced one's.
    umask = os.umask(0)
    os.umask(umask)
    try:
        mode = os.stat(out_path).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~umask
    os.fchmod(fd, mode)
    # Interrupted or failed, the half-written temporary file goes and the old output stays.
    def interrupted(signum, _frame):
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, interrupted)
    try:
        with os.fdopen(fd, "wb") as raw:
            if name.endswith(".zip"):
                with zipfile.ZipFile(raw, "w", compression=zipfile.ZIP_DEFLATED) as archive:
                    info = zipfile.ZipInfo("apple_health_export/export.xml", date_time=(2026, 11, 22, 9, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    with archive.open(info, "w", force_zip64=target > 2**31) as entry:
                        text = io.TextIOWrapper(entry, encoding="utf-8", newline="\n")
                        write_export(text, elements, args.repeat, target)
                        text.flush()
                        text.detach()
            else:
                text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
                write_export(text, elements, args.repeat, target)
                text.flush()
                text.detach()
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temporary, out_path)
    except BaseException as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(e, OSError):
            print(f"make_export.py: {args.out}: {e.strerror or e}", file=sys.stderr)
            return 2
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
