"""Stored samples as a verifier sees them: a JSON sample object or an export.xml element."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from .workouts import WORKOUT_TYPE, statistics_total

SIGNATURE_KEYS = ("HKDigitalSignature", "HKMetadataKeyDigitalSignature")

# export.xml device description labels -> JSON field names
DEVICE_LABELS = {"name": "name", "manufacturer": "manufacturer", "model": "model",
                 "hardware": "hardwareVersion", "firmware": "firmwareVersion",
                 "software": "softwareVersion", "localIdentifier": "localIdentifier",
                 "UDIDeviceIdentifier": "udiDeviceIdentifier", "creation date": None}

# export.xml category labels -> HealthKit enumeration values
CATEGORY_LABELS = {
    "HKCategoryValueNotApplicable": 0,
    "HKCategoryValueSleepAnalysisInBed": 0, "HKCategoryValueSleepAnalysisAsleep": 1,
    "HKCategoryValueSleepAnalysisAsleepUnspecified": 1, "HKCategoryValueSleepAnalysisAwake": 2,
    "HKCategoryValueSleepAnalysisAsleepCore": 3, "HKCategoryValueSleepAnalysisAsleepDeep": 4,
    "HKCategoryValueSleepAnalysisAsleepREM": 5,
    "HKCategoryValueAppleStandHourStood": 0, "HKCategoryValueAppleStandHourIdle": 1,
    "HKCategoryValueCervicalMucusQualityDry": 1, "HKCategoryValueCervicalMucusQualitySticky": 2,
    "HKCategoryValueCervicalMucusQualityCreamy": 3, "HKCategoryValueCervicalMucusQualityWatery": 4,
    "HKCategoryValueCervicalMucusQualityEggWhite": 5,
    "HKCategoryValueOvulationTestResultNegative": 1, "HKCategoryValueOvulationTestResultPositive": 2,
    "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge": 2,
    "HKCategoryValueOvulationTestResultIndeterminate": 3,
    "HKCategoryValueOvulationTestResultEstrogenSurge": 4,
    "HKCategoryValueMenstrualFlowUnspecified": 1, "HKCategoryValueMenstrualFlowLight": 2,
    "HKCategoryValueMenstrualFlowMedium": 3, "HKCategoryValueMenstrualFlowHeavy": 4,
    "HKCategoryValueMenstrualFlowNone": 5,
}


class StoredError(ValueError):
    pass


@dataclass
class Stored:
    source: str                          # "json" | "xml"
    type: str | None = None
    value: object = None                 # Decimal (JSON number / text) | int | str label | None
    unit: str | None = None
    start: str | None = None             # raw text; parsed at comparison time
    end: str | None = None
    device: dict[str, str] | None = None
    metadata: dict[str, object] = field(default_factory=dict)
    # export.xml MetadataEntry entries whose key came earlier in the element (docs/EXPORT-XML.md §5:
    # real exports repeat keys); `metadata` holds the first, these the later copies
    repeated_metadata: list[tuple[str, object]] = field(default_factory=list)
    objects: list["Stored"] = field(default_factory=list)
    # workouts: raw stored forms, interpreted at comparison time
    activity_type: object = None
    duration: tuple[object, object] | None = None          # (value, unit); None: not stored
    totals: dict[str, tuple[object, object]] = field(default_factory=dict)
    events: list["StoredEvent"] = field(default_factory=list)

    def signature(self) -> object:
        for k in SIGNATURE_KEYS:
            if k in self.metadata:
                return self.metadata[k]
        return None


@dataclass
class StoredEvent:
    type: object = None
    date: str | None = None
    duration: tuple[object, object] | None = None
    metadata: dict[str, object] = field(default_factory=dict)
    repeated_metadata: list[tuple[str, object]] = field(default_factory=list)


# ---- JSON

def _json_duration(v: object) -> tuple[object, object] | None:
    """A JSON duration: seconds as a number, or {"value", "unit"}."""
    if v is None:
        return None
    if isinstance(v, dict):
        return (v.get("value"), v.get("unit"))
    return (v, "s")


def _json_workout(obj: dict, s: Stored) -> None:
    s.activity_type = obj.get("activityType")
    s.duration = _json_duration(obj.get("duration"))
    for name in ("totalEnergyBurned", "totalDistance", "totalSwimmingStrokeCount", "totalFlightsClimbed"):
        q = obj.get(name)
        if isinstance(q, dict):
            s.totals[name] = (q.get("value"), q.get("unit"))
    for ev in obj.get("events") or []:
        if not isinstance(ev, dict):
            raise StoredError("an event is not an object")
        s.events.append(StoredEvent(ev.get("type"), ev.get("date"), _json_duration(ev.get("duration")),
                                    dict(ev.get("metadata") or {})))


def from_json(obj: dict) -> Stored:
    if not isinstance(obj, dict):
        raise StoredError("stored sample is not a JSON object")
    s = Stored("json")
    s.type = obj.get("type")
    q = obj.get("quantity") if isinstance(obj.get("quantity"), dict) else obj
    s.value = q.get("value")
    s.unit = q.get("unit")
    s.start = obj.get("startDate")
    s.end = obj.get("endDate")
    dev = obj.get("device")
    if dev is not None:
        if not isinstance(dev, dict):
            raise StoredError("device is not an object")
        # FORMAT.md: "device": {} means no device.
        s.device = {k: v for k, v in dev.items()} or None
    md = obj.get("metadata")
    if md is not None:
        if not isinstance(md, dict):
            raise StoredError("metadata is not an object")
        s.metadata = dict(md)
    objs = obj.get("objects")
    if objs is not None:
        s.objects = [from_json(o) for o in objs]
    if s.type == WORKOUT_TYPE:
        _json_workout(obj, s)
    return s


# ---- export.xml

def parse_device_string(text: str) -> dict[str, str]:
    """`<<HKDevice: 0x…>, name:…, manufacturer:…, …>` split by the known labels only, since values
    may themselves contain ', '."""
    m = re.match(r"<<HKDevice: [^>]*>(.*)>\Z", text, re.S)
    if not m:
        raise StoredError(f"not an HKDevice description: {text!r}")
    body = m.group(1)
    labels = "|".join(re.escape(k) for k in sorted(DEVICE_LABELS, key=len, reverse=True))
    starts = list(re.finditer(r", (" + labels + r"):", body))
    if body and (not starts or starts[0].start() != 0):
        raise StoredError(f"device description does not start with a known label: {text!r}")
    out: dict[str, str] = {}
    for i, mm in enumerate(starts):
        value_end = starts[i + 1].start() if i + 1 < len(starts) else len(body)
        name = DEVICE_LABELS[mm.group(1)]
        if name is not None:
            out[name] = body[mm.end():value_end]
    return out


def from_xml(text: str) -> Stored:
    try:
        el = ET.fromstring(text)
    except ET.ParseError as e:
        raise StoredError(f"XML: {e}") from None
    return _from_element(el)


def _metadata_entry(child: ET.Element, into) -> None:
    k = child.attrib.get("key")
    if k is not None and k in into.metadata:
        into.repeated_metadata.append((k, child.attrib.get("value", "")))
    elif k is not None:
        into.metadata[k] = child.attrib.get("value", "")


def _xml_quantity(a, value: str, unit: str) -> tuple[object, object] | None:
    return (a[value], a.get(unit)) if value in a else None


def _workout_element(el: ET.Element) -> Stored:
    """docs/VERIFY.md, export.xml specifics: a Workout in either shape; WorkoutRoute is not read."""
    s = Stored("xml")
    a = el.attrib
    s.type = WORKOUT_TYPE
    s.activity_type = a.get("workoutActivityType")
    s.start = a.get("startDate")
    s.end = a.get("endDate")
    if "device" in a:
        s.device = parse_device_string(a["device"])
    s.duration = _xml_quantity(a, "duration", "durationUnit")
    for name in ("totalEnergyBurned", "totalDistance"):
        q = _xml_quantity(a, name, name + "Unit")
        if q is not None:
            s.totals[name] = q
    for child in el:
        if child.tag == "MetadataEntry":
            _metadata_entry(child, s)
        elif child.tag == "WorkoutStatistics":
            name = statistics_total(child.attrib.get("type", ""))
            # the attribute form wins when an element has both
            if name is not None and name not in s.totals and "sum" in child.attrib:
                s.totals[name] = (child.attrib["sum"], child.attrib.get("unit"))
        elif child.tag == "WorkoutEvent":
            ev = StoredEvent(child.attrib.get("type"), child.attrib.get("date"),
                             _xml_quantity(child.attrib, "duration", "durationUnit"))
            for entry in child:
                if entry.tag == "MetadataEntry":
                    _metadata_entry(entry, ev)
            s.events.append(ev)
    return s


def _from_element(el: ET.Element) -> Stored:
    if el.tag == "Workout":
        return _workout_element(el)
    if el.tag not in ("Record", "Correlation"):
        raise StoredError(f"unexpected element <{el.tag}>")
    s = Stored("xml")
    a = el.attrib
    s.type = a.get("type")
    s.value = a.get("value")
    s.unit = a.get("unit")
    s.start = a.get("startDate")
    s.end = a.get("endDate")
    if "device" in a:
        s.device = parse_device_string(a["device"])
    for child in el:
        if child.tag == "MetadataEntry":
            _metadata_entry(child, s)
        elif child.tag == "Record" and el.tag == "Correlation":
            s.objects.append(_from_element(child))
    return s


def decimal_of(v: object) -> Decimal | None:
    """The stored value as an exact decimal keeping the digits it shows (36.60 keeps two places)."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, Decimal):
        return v
    if isinstance(v, int):
        return Decimal(v)
    if isinstance(v, str):
        t = v.strip()
        if not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", t):
            return None
        try:
            return Decimal(t)
        except InvalidOperation:
            return None
    return None
