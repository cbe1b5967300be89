"""Decoder of the signed record, format versions 1 and 2 (docs/FORMAT.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from fractions import Fraction

from . import der, dervalues as dv
from .der import DERError, Node, UNIVERSAL
from .workouts import TOTAL_KEYS, WORKOUT_SIGNED_KEYS, WORKOUT_TYPE

DEVICE_KEYS = {"nm": "name", "mf": "manufacturer", "md": "model", "hw": "hardwareVersion",
               "fw": "firmwareVersion", "sw": "softwareVersion", "li": "localIdentifier",
               "udi": "udiDeviceIdentifier"}
SIGNED_METADATA_KEYS = ("HKDeviceSerialNumber", "HKUDIDeviceIdentifier", "HKUDIProductionIdentifier",
                        "HKExternalUUID", "HKTimeZone")
# FORMAT.md "Signed metadata", key names: the predefined keys (by <X>); HKMetadataKey<X> is
# stored as HK<X>, except the three stored under their full SDK name.
PREDEFINED_KEYS = (
    "DeviceSerialNumber", "BodyTemperatureSensorLocation", "HeartRateSensorLocation", "FoodType",
    "UDIDeviceIdentifier", "UDIProductionIdentifier", "DigitalSignature", "ExternalUUID", "TimeZone",
    "DeviceName", "DeviceManufacturerName", "WasTakenInLab", "ReferenceRangeLowerLimit",
    "ReferenceRangeUpperLimit", "WasUserEntered", "WorkoutBrandName", "GroupFitness", "IndoorWorkout",
    "CoachedWorkout", "SexualActivityProtectionUsed", "MenstrualCycleStart", "InsulinDeliveryReason",
    "VO2MaxTestType", "WeatherTemperature", "WeatherHumidity", "BloodGlucoseMealTime",
    "HeartRateMotionContext", "SyncIdentifier", "SyncVersion", "AverageSpeed", "MaximumSpeed",
    "AverageMETs", "ElevationAscended", "ElevationDescended", "AlpineSlopeGrade", "LapLength",
    "SwimmingLocationType", "SwimmingStrokeStyle", "FitnessMachineDuration", "IndoorBikeDistance",
    "CrossTrainerDistance", "WeatherCondition", "WaterSalinity", "ActivityType",
    "PhysicalEffortEstimationType")
STORED_UNDER_FULL_NAME = ("HeartRateMotionContext", "SyncIdentifier", "SyncVersion")
SDK_METADATA_ALIASES = {"HKMetadataKey" + x: ("HKMetadataKey" + x if x in STORED_UNDER_FULL_NAME else "HK" + x)
                        for x in PREDEFINED_KEYS}
# never signed: the signature keys (and every HealthSig… key) and the keys the phone adds
SIGNATURE_KEYS = ("HKDigitalSignature",)
ADDED_BY_PHONE = ("HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion", "HKWeatherTemperature",
                  "HKWeatherHumidity", "HKWeatherCondition")


def signed_keys(type_id: str) -> tuple[str, ...]:
    """The metadata keys format version 1 signs in a record of this type (FORMAT.md)."""
    return SIGNED_METADATA_KEYS + (WORKOUT_SIGNED_KEYS if type_id == WORKOUT_TYPE else ())


def stored_spelling(key: str) -> str:
    return SDK_METADATA_ALIASES.get(key, key)


def is_signature_key(key: str) -> bool:
    return stored_spelling(key) in SIGNATURE_KEYS or key.startswith("HealthSig")


def is_signed_key(key: str) -> bool:
    """FORMAT.md "Signed metadata": every key the device supplied but signatures and the phone's keys."""
    return not is_signature_key(key) and stored_spelling(key) not in ADDED_BY_PHONE
QUANTITY_PREFIX = "HKQuantityTypeIdentifier"
CATEGORY_PREFIX = "HKCategoryTypeIdentifier"
CORRELATION_PREFIX = "HKCorrelationTypeIdentifier"


class RecordError(Exception):
    def __init__(self, code: str, path: str, detail: str = ""):
        self.code, self.path, self.detail = code, path, detail
        super().__init__(f"{code} at {path or '<record>'}" + (f": {detail}" if detail else ""))


@dataclass
class Record:
    type: str
    kind: str                              # quantity | category | correlation | other
    start: dv.Instant
    end: dv.Instant
    value: Decimal | int | None = None
    unit: str | None = None
    device: dict[str, str] | None = None   # JSON field names
    metadata: dict[str, object] | None = None
    objects: list["Record"] = field(default_factory=list)
    unknown_keys: list[str] = field(default_factory=list)
    fv: int | None = None
    # workouts
    activity_type: int | None = None
    duration: Decimal | None = None
    totals: dict[str, tuple[Decimal, str]] = field(default_factory=dict)   # JSON field -> (value, unit)
    events: list[dict] = field(default_factory=list)   # {"type", "date": Instant, "duration", "metadata"}


def kind_of(type_id: str) -> str:
    if type_id == WORKOUT_TYPE:
        return "workout"
    for prefix, kind in ((QUANTITY_PREFIX, "quantity"), (CATEGORY_PREFIX, "category"),
                         (CORRELATION_PREFIX, "correlation")):
        if type_id.startswith(prefix):
            return kind
    return "other"


# ---- generic Value decoding (the CHOICE of FORMAT.md)

def decode_value(node: Node, path: str):
    if node.cls != UNIVERSAL:
        raise RecordError("record-bad-value-type", path, f"tag {node.tag_name()}")
    n = node.number
    if n == der.UTF8STRING:
        return dv.utf8_string(node)
    if n == der.INTEGER:
        return dv.integer(node)
    if n == der.REAL:
        return dv.real(node)
    if n == der.BOOLEAN:
        return dv.boolean(node)
    if n == der.GENERALIZEDTIME:
        return dv.generalized_time(node)
    if n == der.OCTET_STRING:
        return dv.octet_string(node)
    if n == der.SEQUENCE:
        return [decode_value(c, f"{path}[{i}]") for i, c in enumerate(node.children)]
    if n == der.SET:
        return decode_dictionary(node, path)
    raise RecordError("record-bad-value-type", path, f"tag {node.tag_name()}")


def decode_dictionary(node: Node, path: str) -> dict:
    der.expect(node, UNIVERSAL, der.SET, True, f"Dictionary {path}")
    der.check_set_of_order(node)
    out: dict = {}
    for c in node.children:
        der.expect(c, UNIVERSAL, der.SEQUENCE, True, f"Entry in {path}")
        kids = der.children_count(c, 2, 2, f"Entry in {path}")
        key = dv.utf8_string(kids[0], f"Entry.key in {path}")
        sub = f"{path}.{key}" if path else key
        if key in out:
            raise RecordError("record-duplicate-key", sub)
        out[key] = decode_value(kids[1], sub)
    return out


# ---- typed record

def _get(d: dict, key: str, typ, path: str, required: bool = True):
    p = f"{path}.{key}" if path else key
    if key not in d:
        if required:
            raise RecordError("record-missing-key", p)
        return None
    v = d[key]
    ok = isinstance(v, typ) and not (typ is int and isinstance(v, bool))
    if not ok:
        raise RecordError("record-wrong-type", p, f"{type(v).__name__}")
    return v


def decode(content: bytes) -> Record:
    try:
        root = der.parse(content)
    except DERError as e:
        raise RecordError("record-der", "", str(e)) from None
    try:
        d = decode_dictionary(root, "")
    except DERError as e:
        raise RecordError("record-der", "", str(e)) from None
    fv = _get(d, "fv", int, "")
    if fv not in (1, 2):
        raise RecordError("record-unsupported-version", "fv", str(fv))
    rec = _typed(d, "", top=True, parent=None)
    rec.fv = fv
    # FORMAT.md "Format versions": 2 only for a record that signs a key version 1 does not
    if fv == 2 and not beyond_version1(rec):
        raise RecordError("record-format-version-not-minimal", "fv", "2")
    return rec


def beyond_version1(rec: Record) -> bool:
    keys = set(signed_keys(rec.type))
    dicts = [rec.metadata or {}] + [o.metadata or {} for o in (rec.objects or [])] + [
        e["metadata"] or {} for e in (rec.events or [])]
    return any(k not in keys for m in dicts for k in m)


_KIND_KEYS = {"quantity": {"v", "u"}, "category": {"v"}, "correlation": {"o"},
              "workout": {"at", "du", "ev"} | set(TOTAL_KEYS)}
# FORMAT.md "Keys": every key of the table. One of these in a record of a kind the table does not
# give it to (a category's u, a quantity's o, fv in a correlation object) is refused; a key outside
# the table is unknown and only noted.
FORMAT_KEYS = {"fv", "t", "v", "u", "s", "e", "d", "m", "o", "at", "du", "ev"} | set(TOTAL_KEYS)
# FORMAT.md: metadata values keep their metadata type: string, number, date or boolean.
_METADATA_TYPES = (str, Decimal, dv.Instant, bool)


def _typed(d: dict, path: str, top: bool, parent: Record | None) -> Record:
    type_id = _get(d, "t", str, path)
    # FORMAT.md: a correlation object omits s/e equal to the correlation's (they are inherited).
    start = _get(d, "s", dv.Instant, path, required=parent is None)
    end = _get(d, "e", dv.Instant, path, required=parent is None)
    if parent is not None:
        start = parent.start if start is None else start
        end = parent.end if end is None else end
    kind = kind_of(type_id)
    allowed = ({"t", "s", "e", "d", "m"} | ({"fv"} if top else set()) | _KIND_KEYS.get(kind, set())
               if kind != "other" else FORMAT_KEYS)
    for k in d:
        if k in FORMAT_KEYS and k not in allowed:
            raise RecordError("record-key-not-allowed", f"{path}.{k}" if path else k, f"not a key of a {kind} record")
    rec = Record(type_id, kind, start, end)
    if kind == "quantity":
        rec.value = _get(d, "v", Decimal, path)
        rec.unit = _get(d, "u", str, path)
    elif kind == "category":
        rec.value = _get(d, "v", int, path)
    elif kind == "correlation":
        if not top:
            raise RecordError("record-nested-correlation", path)
        objs = _get(d, "o", list, path)
        for i, o in enumerate(objs):
            p = f"{path}.o[{i}]" if path else f"o[{i}]"
            if not isinstance(o, dict):
                raise RecordError("record-wrong-type", p, "object is not a dictionary")
            rec.objects.append(_typed(o, p, top=False, parent=rec))
    elif kind == "workout":
        _workout(d, rec)
    if "d" in d:
        dev = _get(d, "d", dict, path)
        # FORMAT.md: a device without any field is no device.
        rec.device = {} if dev else None
        for k, v in dev.items():
            if not isinstance(v, str):
                raise RecordError("record-wrong-type", f"{path}d.{k}", "device fields are strings")
            if k in DEVICE_KEYS:
                rec.device[DEVICE_KEYS[k]] = v
            else:
                rec.unknown_keys.append(f"{path}d.{k}")
    if "m" in d:
        rec.metadata = dict(_get(d, "m", dict, path))
        for k, v in rec.metadata.items():
            if not isinstance(v, _METADATA_TYPES):
                raise RecordError("record-wrong-type", f"{path}m.{k}", f"metadata value {type(v).__name__}")
    known = {"t", "s", "e", "d", "m"} | ({"fv"} if top else set()) | _KIND_KEYS.get(kind, set())
    for k in d:
        if k not in known:
            rec.unknown_keys.append(f"{path}.{k}" if path else k)
    return rec


def _workout(d: dict, rec: Record) -> None:
    """FORMAT.md "Workouts": at INTEGER, du REAL required; totals [REAL, UTF8String]; ev events
    [INTEGER type, REAL offset from s, REAL duration?, dictionary metadata?] in that order."""
    rec.activity_type = _get(d, "at", int, "")
    rec.duration = _get(d, "du", Decimal, "")
    for key, name in TOTAL_KEYS.items():
        if key in d:
            v = d[key]
            if not (isinstance(v, list) and len(v) == 2 and isinstance(v[0], Decimal) and isinstance(v[1], str)):
                raise RecordError("record-wrong-type", key, "a total is [REAL, UTF8String]")
            rec.totals[name] = (v[0], v[1])
    for i, ev in enumerate(_get(d, "ev", list, "", required=False) or []):
        p = f"ev[{i}]"
        if not (isinstance(ev, list) and 2 <= len(ev) <= 4 and isinstance(ev[0], int) and not isinstance(ev[0], bool)
                and isinstance(ev[1], Decimal)):
            raise RecordError("record-wrong-type", p, "an event is [INTEGER, REAL, REAL?, dictionary?]")
        rest = ev[2:]
        duration = None
        metadata = None
        if rest and isinstance(rest[0], Decimal):
            duration, rest = rest[0], rest[1:]
        if rest and isinstance(rest[0], dict):
            metadata, rest = rest[0], rest[1:]
            for k, v in metadata.items():
                if not isinstance(v, _METADATA_TYPES):
                    raise RecordError("record-wrong-type", f"{p}.{k}", f"metadata value {type(v).__name__}")
        if rest:
            raise RecordError("record-wrong-type", p, "an event is [INTEGER, REAL, REAL?, dictionary?]")
        offset = Fraction(ev[1])
        if (offset * 10**9).denominator != 1:
            raise RecordError("record-bad-value", p, "offset finer than a nanosecond")
        total = Fraction(rec.start.seconds) + rec.start.fraction + offset
        seconds = total.numerator // total.denominator
        rec.events.append({"type": ev[0], "date": dv.Instant(seconds, total - seconds),
                           "duration": duration, "metadata": metadata or {}})
