"""Stored samples as a verifier sees them: a JSON sample object or an export.xml element."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

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

    def signature(self) -> object:
        for k in SIGNATURE_KEYS:
            if k in self.metadata:
                return self.metadata[k]
        return None


# ---- JSON

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


def _from_element(el: ET.Element) -> Stored:
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
            k = child.attrib.get("key")
            if k is not None and k in s.metadata:
                s.repeated_metadata.append((k, child.attrib.get("value", "")))
            elif k is not None:
                s.metadata[k] = child.attrib.get("value", "")
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
