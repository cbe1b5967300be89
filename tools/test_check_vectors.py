#!/usr/bin/env python3
"""Self-test of tools/check_vectors.py against signatures made by the real `openssl` CLI.

Run: python3 -m unittest tools/test_check_vectors.py   (or python3 tools/test_check_vectors.py)
Nothing here comes from the Swift implementation: keys, certificates and CMS messages are made by
openssl; the records are written out by hand from docs/FORMAT.md.
"""
from __future__ import annotations

import base64
import zlib
import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from decimal import Decimal
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

from vectorcheck import der, dervalues, record, units  # noqa: E402
from vectorcheck.der import DERError  # noqa: E402
from vectorcheck.stored import parse_device_string  # noqa: E402

OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"

# Heart rate 72 count/min, 2026-11-21T08:00:00Z, device name "Acme HR", written out from
# docs/FORMAT.md by hand (entries sorted by their encodings, X.690 11.6).
def _entry(key: str, value_hex: str) -> str:
    k = key.encode().hex()
    body = f"0c{len(key):02x}{k}{value_hex}"
    return f"30{len(body)//2:02x}{body}"


def _gt(text: str) -> str:
    return f"18{len(text):02x}{text.encode().hex()}"


def _utf8(text: str) -> str:
    return f"0c{len(text.encode()):02x}{text.encode().hex()}"


def _set(entries: list[str]) -> str:
    body = "".join(sorted(entries, key=lambda e: bytes.fromhex(e)))
    n = len(body) // 2
    return (f"31{n:02x}" if n < 128 else f"3181{n:02x}") + body


HR_RECORD = bytes.fromhex(_set([
    _entry("fv", "020101"),
    _entry("t", _utf8("HKQuantityTypeIdentifierHeartRate")),
    _entry("v", "0907" + b"\x0372.E+0".hex()),
    _entry("u", _utf8("count/min")),
    _entry("s", _gt("20261121080000Z")),
    _entry("e", _gt("20261121080000Z")),
    _entry("d", _set([_entry("nm", _utf8("Acme HR"))])),
]))

TEMP_RECORD = bytes.fromhex(_set([
    _entry("fv", "020101"),
    _entry("t", _utf8("HKQuantityTypeIdentifierBodyTemperature")),
    _entry("v", "0908" + b"\x03366.E-1".hex()),
    _entry("u", _utf8("degC")),
    _entry("s", _gt("20261121080000.25Z")),
    _entry("e", _gt("20261121080000.25Z")),
]))

# docs/FORMAT.md "Workouts": the run from 06:00:00Z to 06:42:10Z, 2430 s, 6.21 km, a pause at +1200 s
# and a 90.5-second lap at +1800 s, written out by hand.
def _real(text: str) -> str:
    return f"09{len(text) + 1:02x}03{text.encode().hex()}"


def _seq(*parts: str) -> str:
    body = "".join(parts)
    return f"30{len(body) // 2:02x}{body}"


WORKOUT_RECORD = bytes.fromhex(_set([
    _entry("fv", "020101"),
    _entry("t", _utf8("HKWorkoutTypeIdentifier")),
    _entry("s", _gt("20261120060000Z")),
    _entry("e", _gt("20261120064210Z")),
    _entry("at", "020125"),
    _entry("du", _real("243.E1")),
    _entry("td", _seq(_real("621.E-2"), _utf8("km"))),
    _entry("ev", _seq(_seq("020101", _real("12.E2")), _seq("020103", _real("18.E2"), _real("905.E-1")))),
]))


# docs/BATCH.md: a second heart rate of the same device, 75 count/min at 08:00:05Z, written out by hand.
HR_RECORD_2 = bytes.fromhex(_set([
    _entry("fv", "020101"),
    _entry("t", _utf8("HKQuantityTypeIdentifierHeartRate")),
    _entry("v", "0907" + b"\x0375.E+0".hex()),
    _entry("u", _utf8("count/min")),
    _entry("s", _gt("20261121080005Z")),
    _entry("e", _gt("20261121080005Z")),
    _entry("d", _set([_entry("nm", _utf8("Acme HR"))])),
]))


def _tlv(tag: int, body: bytes) -> bytes:
    n = len(body)
    length = bytes([n]) if n < 128 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + body


def _int(v: int) -> bytes:
    return _tlv(0x02, v.to_bytes(v.bit_length() // 8 + 1, "big"))


def batch_manifest(batch_id: bytes, records: list[bytes], count: int | None = None) -> bytes:
    """docs/BATCH.md's BatchManifest, written out here: the OID's 20 content octets from the
    document, the records as a zlib stream of their DER SEQUENCE OF."""
    inflated = _tlv(0x30, b"".join(records))
    return _tlv(0x30, _tlv(0x06, bytes.fromhex("69819dffe6b9919cdaa5fda7eacdb3edacd4d463")) + _tlv(0x04, batch_id)
                + _int(len(records) if count is None else count) + _int(len(inflated))
                + _tlv(0x04, zlib.compress(inflated, 9)))


def run(*args: str, stdin: bytes | None = None) -> bytes:
    return subprocess.run([OPENSSL, *args], input=stdin, check=True, capture_output=True).stdout


class OpenSSLFixture:
    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.key, self.cert = self._keypair("signer")
        self.other_key, self.other_cert = self._keypair("other")

    def _keypair(self, name: str) -> tuple[Path, Path]:
        key, cert = self.tmp / f"{name}.key", self.tmp / f"{name}.pem"
        run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-subj", f"/CN={name}", "-addext", "subjectKeyIdentifier=hash", "-days", "30",
            "-keyout", str(key), "-out", str(cert))
        return key, cert

    def sign(self, content: bytes, *extra: str, key: Path | None = None, cert: Path | None = None) -> bytes:
        src = self.tmp / "content.bin"
        src.write_bytes(content)
        return run("cms", "-sign", "-binary", "-md", "sha256", "-outform", "DER", "-in", str(src),
                   "-signer", str(cert or self.cert), "-inkey", str(key or self.key), *extra)

    def group_key(self, with_cert: bool) -> dict:
        pub = run("x509", "-in", str(self.cert), "-pubkey", "-noout").decode()
        spki = run("pkey", "-pubin", "-in", "/dev/stdin", "-outform", "DER", stdin=pub.encode())
        point = spki[-65:]   # the uncompressed P-256 point is the BIT STRING value's tail
        import hashlib
        key = {"publicKeyPem": pub, "keyId": hashlib.sha1(point).hexdigest()}
        if with_cert:
            key["certificatePem"] = self.cert.read_text()
        return key


def b64(b: bytes) -> str:
    return base64.b64encode(b).decode()


COMMITTED = TOOLS.parent / "TestVectors"
FAMILIES = ("der", "cms", "records", "samples", "keys", "batch", "revocation", "timestamps")


def write_vectors(path: Path, family: str, groups: list[dict]) -> None:
    n = 0
    for g in groups:
        for t in g["tests"]:
            n += 1
            t.setdefault("tcId", n)
            t.setdefault("comment", f"test {n}")
            t.setdefault("flags", [])
    path.write_text(json.dumps({"family": family, "formatVersion": 1, "numberOfTests": n,
                                "notes": {}, "testGroups": groups}, indent=1))


def complete(directory: Path) -> None:
    """Every family file must be present (a missing one fails): the committed files fill the gaps."""
    for family in FAMILIES:
        if not (directory / f"{family}.json").exists():
            shutil.copy(COMMITTED / f"{family}.json", directory / f"{family}.json")


class CheckerOnOpenSSLOutput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory()
        cls.tmp = Path(cls._tmp.name)
        cls.fx = OpenSSLFixture(cls.tmp)

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def check(self, vectors: Path) -> tuple[int, str]:
        p = subprocess.run([sys.executable, str(TOOLS / "check_vectors.py"), str(vectors)],
                           capture_output=True, text=True)
        return p.returncode, p.stdout

    def build_cms_vectors(self, directory: Path, wrong_verdict: bool = False) -> None:
        fx = self.fx
        content = b"signed record bytes"
        skid = fx.sign(content, "-nodetach", "-noattr", "-nocerts", "-keyid")
        with_attrs = fx.sign(content, "-nodetach")             # issuerAndSerialNumber, cert, attrs
        detached = fx.sign(content)                            # no eContent
        altered = bytearray(skid)
        altered[altered.find(content)] ^= 0x01                 # one content byte changed
        altered_attr = bytearray(with_attrs)
        altered_attr[altered_attr.find(content)] ^= 0x01       # breaks the message-digest attribute
        other = fx.sign(content, "-nodetach", "-noattr", "-nocerts", "-keyid", key=fx.other_key, cert=fx.other_cert)
        ber = fx.sign(content, "-nodetach", "-noattr", "-nocerts", "-keyid", "-stream")
        sha384 = run("cms", "-sign", "-binary", "-md", "sha384", "-outform", "DER", "-nodetach", "-noattr",
                     "-nocerts", "-keyid", "-in", str(self.tmp / "content.bin"), "-signer", str(fx.cert),
                     "-inkey", str(fx.key))
        leaf_key, leaf_csr, leaf_cert = self.tmp / "leaf.key", self.tmp / "leaf.csr", self.tmp / "leaf.pem"
        run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=leaf",
            "-keyout", str(leaf_key), "-out", str(leaf_csr))
        run("x509", "-req", "-in", str(leaf_csr), "-CA", str(fx.cert), "-CAkey", str(fx.key), "-set_serial", "7",
            "-days", "30", "-out", str(leaf_cert))
        leaf = fx.sign(content, "-nodetach", key=leaf_key, cert=leaf_cert)
        leaf_bare = fx.sign(content, "-nodetach", "-nocerts", key=leaf_key, cert=leaf_cert)
        self.assertTrue(ber[1] == 0x80, "openssl -stream should give an indefinite length")
        tests = [
            {"comment": "keyid, no attributes", "signature": b64(skid), "verdict": "valid"},
            {"comment": "issuer+serial, attributes, embedded cert", "signature": b64(with_attrs), "verdict": "valid"},
            {"comment": "detached", "signature": b64(detached), "detachedContent": content.hex(), "verdict": "valid"},
            {"comment": "detached, other content", "signature": b64(detached),
             "detachedContent": (content + b"!").hex(), "verdict": "bad-signature"},
            {"comment": "content byte altered", "signature": b64(bytes(altered)), "verdict": "bad-signature"},
            {"comment": "content altered under attributes", "signature": b64(bytes(altered_attr)), "verdict": "bad-signature"},
            {"comment": "unknown key", "signature": b64(other), "verdict": "untrusted-signer"},
            {"comment": "BER indefinite length", "signature": b64(ber), "verdict": "malformed"},
            {"comment": "trailing byte", "signature": b64(skid + b"\x00"), "verdict": "malformed"},
            {"comment": "SHA-384", "signature": b64(sha384), "verdict": "unsupported-algorithm"},
            {"comment": "embedded cert issued by the trusted cert", "signature": b64(leaf), "verdict": "valid"},
            {"comment": "issuer's cert trusted, signer cert not embedded", "signature": b64(leaf_bare),
             "verdict": "untrusted-signer"},
        ]
        if wrong_verdict:
            tests[0]["verdict"] = "bad-signature"
        write_vectors(directory / "cms.json", "cms", [{"key": fx.group_key(with_cert=True), "tests": tests}])
        complete(directory)

    def test_cms_vectors_from_openssl(self):
        d = self.tmp / "cms_ok"
        d.mkdir()
        self.build_cms_vectors(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        self.assertIn("cms.json: 12 passed, 0 failed", out)
        self.assertRegex(out.strip().splitlines()[-1], r"^\d+ passed, 0 failed$")

    def test_digest_algorithms_are_exactly_sha256(self):
        """openssl's keyid signature with its digestAlgorithms SET rewritten (the SET is not signed)."""
        from vectorcheck import cms
        from vectorcheck.derwriter import tlv
        fx = self.fx
        signed = fx.sign(b"signed record bytes", "-nodetach", "-noattr", "-nocerts", "-keyid")
        trust = [cms.trusted_key_from_pem(None, fx.cert.read_text())]

        def with_digest_algorithms(*algs: str) -> bytes:
            ci = der.parse(signed)
            sd = ci.children[1].children[0]
            items = sorted(bytes.fromhex(a) for a in algs)
            kids = [sd.children[0].raw, tlv(0x31, b"".join(items))] + [c.raw for c in sd.children[2:]]
            return tlv(0x30, ci.children[0].raw + tlv(0xA0, tlv(0x30, b"".join(kids))))

        sha256, sha256_null = "300b0609608648016503040201", "300d06096086480165030402010500"
        sha384, sha1 = "300b0609608648016503040202", "300706052b0e03021a"
        sha256_octets = "300d06096086480165030402010400"
        self.assertEqual(cms.verify(with_digest_algorithms(sha256), trust).verdict, "valid")
        self.assertEqual(cms.verify(with_digest_algorithms(sha256_null), trust).verdict, "valid")
        self.assertEqual(cms.verify(with_digest_algorithms(sha256, sha384), trust).verdict, "unsupported-algorithm")
        self.assertEqual(cms.verify(with_digest_algorithms(sha256, sha1), trust).verdict, "unsupported-algorithm")
        self.assertEqual(cms.verify(with_digest_algorithms(sha256_octets), trust).verdict, "unsupported-algorithm")
        self.assertEqual(cms.verify(with_digest_algorithms(sha256, sha256_null), trust).verdict, "malformed")
        self.assertEqual(cms.verify(with_digest_algorithms(sha384), trust).verdict, "malformed")

    def dated_signer(self, name: str, start: str, end: str) -> tuple[Path, Path]:
        """A key and a self-signed certificate valid from ``start`` to ``end`` (openssl ca)."""
        d = self.tmp / f"ca-{name}"
        d.mkdir()
        (d / "index.txt").write_text("")
        (d / "serial").write_text("01\n")
        (d / "ca.cnf").write_text(
            f"[ca]\ndefault_ca = d\n[d]\ndatabase = {d}/index.txt\nserial = {d}/serial\nnew_certs_dir = {d}\n"
            "default_md = sha256\npolicy = p\nunique_subject = no\n[p]\ncommonName = supplied\n"
            "[ext]\nsubjectKeyIdentifier = hash\nbasicConstraints = critical, CA:FALSE\n"
            "[req]\ndistinguished_name = dn\nprompt = no\n[dn]\n")
        key, csr, cert = d / "key.pem", d / "req.csr", d / "cert.pem"
        run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key))
        run("req", "-new", "-config", str(d / "ca.cnf"), "-key", str(key), "-subj", f"/CN={name}", "-out", str(csr))
        run("ca", "-batch", "-notext", "-selfsign", "-config", str(d / "ca.cnf"), "-keyfile", str(key), "-in", str(csr),
            "-startdate", start, "-enddate", end, "-extensions", "ext", "-out", str(cert))
        return key, cert

    def test_certificates_are_checked_at_the_signed_end_date(self):
        """VERIFY.md "Certificate time": HR_RECORD ends 2026-11-21T08:00:00Z."""
        from vectorcheck import cms, sampleverify
        from vectorcheck.stored import from_json
        hr = {"type": "HKQuantityTypeIdentifierHeartRate", "value": 72, "unit": "count/min",
              "startDate": "2026-11-21T08:00:00Z", "endDate": "2026-11-21T08:00:00Z", "device": {"name": "Acme HR"}}
        for name, start, end, verdict in (("inside", "20261120000000Z", "20261122000000Z", "valid"),
                                          ("later", "20261121080001Z", "20261130000000Z", "untrusted-signer"),
                                          ("earlier", "20261101000000Z", "20261121075959Z", "untrusted-signer")):
            key, cert = self.dated_signer(name, start, end)
            sig = b64(self.fx.sign(HR_RECORD, "-nodetach", "-noattr", "-nocerts", "-keyid", key=key, cert=cert))
            trust = [cms.trusted_key_from_pem(None, cert.read_text())]
            stored = from_json({**hr, "metadata": {"HKDigitalSignature": sig}})
            self.assertEqual(sampleverify.verify_stored(stored, trust).verdict, verdict, name)
            # A bare key has no validity period.
            bare = [cms.TrustedKey(trust[0].public_key, trust[0].key_id)]
            self.assertEqual(sampleverify.verify_stored(stored, bare).verdict, "valid", name)

    def test_disagreement_is_reported(self):
        d = self.tmp / "cms_bad"
        d.mkdir()
        self.build_cms_vectors(d, wrong_verdict=True)
        rc, out = self.check(d)
        self.assertEqual(rc, 1)
        self.assertIn("tcId 1: expected bad-signature, got valid", out)
        self.assertIn("cms.json: 11 passed, 1 failed", out)
        self.assertRegex(out.strip().splitlines()[-1], r"^\d+ passed, 1 failed$")

    def test_empty_directory_fails(self):
        d = self.tmp / "empty"
        d.mkdir()
        rc, out = self.check(d)
        self.assertEqual(rc, 1)
        self.assertIn("cms.json: missing", out)
        self.assertIn("batch.json: missing", out)
        # one failure per required family file
        self.assertEqual(out.strip().splitlines()[-1], f"0 passed, {len(FAMILIES)} failed")

    def test_embedded_certificate_needs_a_ca_issuer(self):
        fx, d = self.fx, self.tmp / "nonca"
        d.mkdir()
        ee_key, ee_cert = d / "ee.key", d / "ee.pem"     # trusted, but an end entity (CA:FALSE)
        run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=ee",
            "-addext", "basicConstraints=critical,CA:FALSE", "-days", "30", "-keyout", str(ee_key), "-out", str(ee_cert))
        leaf_key, leaf_csr, leaf_cert = d / "leaf.key", d / "leaf.csr", d / "leaf.pem"
        run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=leaf",
            "-keyout", str(leaf_key), "-out", str(leaf_csr))
        run("x509", "-req", "-in", str(leaf_csr), "-CA", str(ee_cert), "-CAkey", str(ee_key), "-set_serial", "9",
            "-days", "30", "-out", str(leaf_cert))
        sig = fx.sign(b"record", "-nodetach", key=leaf_key, cert=leaf_cert)
        pub = run("x509", "-in", str(ee_cert), "-pubkey", "-noout").decode()
        from vectorcheck import cms
        tk = cms.trusted_key_from_pem(pub, ee_cert.read_text())
        self.assertEqual(cms.verify(sig, [tk]).verdict, cms.UNTRUSTED)

    def test_missing_or_empty_file_fails(self):
        d = self.tmp / "partial"
        shutil.copytree(COMMITTED, d)
        (d / "keys.json").unlink()
        doc = json.loads((d / "records.json").read_text())
        doc["testGroups"], doc["numberOfTests"] = [], 0
        (d / "records.json").write_text(json.dumps(doc))
        rc, out = self.check(d)
        self.assertEqual(rc, 1, out)
        self.assertIn("keys.json: missing", out)
        self.assertIn("records.json: 0 passed, 1 failed", out)

    def test_incomplete_tests_fail(self):
        d = self.tmp / "incomplete"
        shutil.copytree(COMMITTED, d)
        records = json.loads((d / "records.json").read_text())
        del records["testGroups"][0]["tests"][0]["signature"]       # an unchecked claim is no pass
        (d / "records.json").write_text(json.dumps(records))
        samples = json.loads((d / "samples.json").read_text())
        samples["testGroups"][0]["tests"][0]["flags"].append("NoSuchFlag")
        samples["testGroups"][0]["tests"][1]["comment"] = samples["testGroups"][0]["tests"][2]["comment"]
        (d / "samples.json").write_text(json.dumps(samples))
        rc, out = self.check(d)
        self.assertEqual(rc, 1, out)
        self.assertIn("test lacks ['signature']", out)
        self.assertIn("flags not explained in notes: ['NoSuchFlag']", out)
        self.assertIn("expected unique comments", out)

    def test_samples_and_records(self):
        fx = self.fx
        d = self.tmp / "samples"
        d.mkdir()
        sig = b64(fx.sign(HR_RECORD, "-nodetach", "-noattr", "-nocerts", "-keyid"))
        temp_sig = b64(fx.sign(TEMP_RECORD, "-nodetach", "-keyid"))   # attributes, embedded certificate, sid by key id
        wrapped = "\n".join(sig[i:i + 64] for i in range(0, len(sig), 64))
        hr = {"type": "HKQuantityTypeIdentifierHeartRate", "value": 72, "unit": "count/min",
              "startDate": "2026-11-21T09:00:00+01:00", "endDate": "2026-11-21T08:00:00Z",
              "device": {"name": "Acme HR"}, "metadata": {"HKDigitalSignature": sig}}
        tampered = json.loads(json.dumps(hr))
        tampered["value"] = 73
        tampered["device"]["name"] = "Other"
        unsigned = json.loads(json.dumps(hr))
        del unsigned["metadata"]
        xml_ok = ('<Record type="HKQuantityTypeIdentifierBodyTemperature" sourceName="x" unit="degF" '
                  'startDate="2026-11-21 09:00:00 +0100" endDate="2026-11-21 08:00:00 +0000" value="97.88">'
                  f'<MetadataEntry key="HKDigitalSignature" value="{temp_sig}"/></Record>')
        xml_off = xml_ok.replace('value="97.88"', 'value="97.9"').replace("09:00:00 +0100", "09:00:01 +0100")
        xml_far = xml_ok.replace('value="97.88"', 'value="97.80"')
        xml_hr = ('<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="x" unit="count/min" '
                  'device="&lt;&lt;HKDevice: 0x1&gt;, name:Acme HR&gt;" '
                  'startDate="2026-11-21 08:00:00 +0000" endDate="2026-11-21 08:00:00 +0000" value="72">'
                  f'<MetadataEntry key="HKDigitalSignature" value="{wrapped}"/></Record>')
        # a device field the record lacks was added after signing (value with ", " inside)
        xml_hr_extra = xml_hr.replace("name:Acme HR&gt;", "name:Acme HR, manufacturer:Acme, Inc.&gt;")
        tests = [
            {"stored": hr, "verdict": "valid"},
            {"storedXML": xml_hr_extra, "verdict": "content-mismatch", "fields": ["device.manufacturer"]},
            {"stored": tampered, "verdict": "content-mismatch", "fields": ["device.name", "value"]},
            {"stored": unsigned, "verdict": "unsigned"},
            {"stored": {**hr, "metadata": {"HKDigitalSignature": "not base64!"}}, "verdict": "malformed"},
            {"storedXML": xml_ok, "verdict": "valid"},
            {"storedXML": xml_off, "verdict": "content-mismatch", "fields": ["startDate"]},
            {"storedXML": xml_far, "verdict": "content-mismatch", "fields": ["value"]},
            {"storedXML": xml_hr, "verdict": "valid"},
            # signed, then altered into an invalid sample (start after end): the start is named
            {"stored": {**hr, "startDate": "2026-11-21T08:00:01Z"}, "verdict": "content-mismatch", "fields": ["startDate"]},
        ]
        for t in tests:
            t["storedForm"] = "healthExport" if "storedXML" in t else "json"
        # The bare key: the fixture's certificate starts today, after these readings were taken,
        # so trusting it would make every test untrusted-signer (VERIFY.md "Certificate time").
        key = fx.group_key(with_cert=False)
        write_vectors(d / "samples.json", "samples", [{"key": key, "tests": tests}])
        decoded = {"type": "HKQuantityTypeIdentifierHeartRate", "value": 72, "unit": "count/min",
                   "startDate": "2026-11-21T08:00:00Z", "endDate": "2026-11-21T08:00:00Z",
                   "device": {"name": "Acme HR"}}
        write_vectors(d / "records.json", "records", [{"key": key, "tests": [
            {"sample": {k: v for k, v in hr.items() if k != "metadata"}, "recordDer": HR_RECORD.hex(),
             "signature": sig, "decoded": decoded, "result": "valid"}]}])
        complete(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        self.assertIn("samples.json: 10 passed, 0 failed", out)
        self.assertIn("records.json: 1 passed, 0 failed", out)
        self.assertRegex(out.strip().splitlines()[-1], r"^\d+ passed, 0 failed$")

    def test_batch_family_from_openssl(self):
        """A batch manifest written out from docs/BATCH.md, signed by the openssl command: every
        verdict of the family, and a vector whose expectation was tampered with fails."""
        fx = self.fx
        d = self.tmp / "batch"
        d.mkdir()
        batch_id = bytes(range(12))
        ref = base64.urlsafe_b64encode(batch_id).decode().rstrip("=")
        self.assertEqual(ref, "AAECAwQFBgcICQoL")   # docs/BATCH.md's worked example
        manifest = batch_manifest(batch_id, [HR_RECORD, HR_RECORD_2])
        sig = b64(fx.sign(manifest, "-nodetach", "-noattr", "-nocerts", "-keyid"))
        wrong_key = b64(fx.sign(manifest, "-nodetach", "-noattr", "-nocerts", "-keyid", key=fx.other_key, cert=fx.other_cert))
        miscounted = b64(fx.sign(batch_manifest(batch_id, [HR_RECORD, HR_RECORD_2], count=3), "-nodetach", "-noattr", "-nocerts", "-keyid"))
        damaged = base64.b64decode(sig)
        damaged = b64(damaged[:-1] + bytes([damaged[-1] ^ 1]))

        def hr(value: int, time: str, index: int, signature: str | None = None) -> dict:
            md = {"HealthSigBatch": f"{ref}/{index}"}
            if signature is not None:
                md["HealthSigBatchSignature"] = signature
            return {"type": "HKQuantityTypeIdentifierHeartRate", "value": value, "unit": "count/min",
                    "startDate": f"2026-11-21T{time}Z", "endDate": f"2026-11-21T{time}Z",
                    "device": {"name": "Acme HR"}, "metadata": md}

        def status(count, present, signature):
            absent = None if count is None else count - present
            return [{"id": ref, "count": count, "present": present, "absent": absent, "signature": signature,
                     "complete": signature == "valid" and absent == 0}]

        member, carrier = hr(72, "08:00:00", 0), hr(75, "08:00:05", 1, sig)
        ok, cm = {"verdict": "valid", "fields": []}, lambda *f: {"verdict": "content-mismatch", "fields": sorted(f)}
        tests = [
            {"samples": [member, carrier], "verdicts": [ok, ok], "batches": status(2, 2, "valid")},
            {"samples": [carrier, member], "verdicts": [ok, ok], "batches": status(2, 2, "valid")},
            {"samples": [{**member, "value": 90}, carrier], "verdicts": [cm("value"), ok], "batches": status(2, 2, "valid")},
            {"samples": [member, {**carrier, "startDate": "2026-11-21T08:00:04Z"}], "verdicts": [ok, cm("startDate")],
             "batches": status(2, 2, "valid")},
            {"samples": [carrier], "verdicts": [ok], "batches": status(2, 1, "valid")},
            {"samples": [member], "verdicts": [{"verdict": "unsigned", "fields": []}], "batches": status(None, 1, "unsigned")},
            {"samples": [member, member, carrier], "verdicts": [ok, cm("batch.index"), ok], "batches": status(2, 2, "valid")},
            {"samples": [hr(72, "08:00:00", 1), hr(75, "08:00:05", 0, sig)],
             "verdicts": [cm("endDate", "startDate", "value"), cm("endDate", "startDate", "value")], "batches": status(2, 2, "valid")},
            {"samples": [member, hr(75, "08:00:05", 1, damaged)], "verdicts": [{"verdict": "bad-signature", "fields": []}] * 2,
             "batches": status(None, 2, "bad-signature")},
            {"samples": [member, hr(75, "08:00:05", 1, wrong_key)], "verdicts": [{"verdict": "untrusted-signer", "fields": []}] * 2,
             "batches": status(None, 2, "untrusted-signer")},
            {"samples": [member, hr(75, "08:00:05", 1, miscounted)], "verdicts": [{"verdict": "malformed", "fields": []}] * 2,
             "batches": status(None, 2, "malformed")},
            # docs/BATCH.md step 2: a damaged copy is its carrier's own failure; the intact one decides.
            {"samples": [hr(72, "08:00:00", 0, damaged), carrier], "verdicts": [{"verdict": "bad-signature", "fields": []}, ok],
             "batches": status(2, 2, "valid")},
            # "What binds a member to its signer": a signature on a sample of no batch decides nothing.
            {"samples": [{**member, "metadata": {"HealthSigBatchSignature": sig}}, hr(75, "08:00:05", 1)],
             "verdicts": [{"verdict": "unsigned", "fields": []}] * 2, "batches": status(None, 1, "unsigned")},
            # A member invalid as a sample (unit kg on heart rate) is still compared with its record.
            {"samples": [{**member, "unit": "kg"}, carrier], "verdicts": [cm("unit"), ok], "batches": status(2, 2, "valid")},
        ]
        for test in tests:
            test["storedForm"] = "json"
        key = fx.group_key(with_cert=False)
        write_vectors(d / "batch.json", "batch", [{"key": key, "tests": tests}])
        complete(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        self.assertIn(f"batch.json: {len(tests)} passed, 0 failed", out)

        # Tampered expectations: a verdict, a batch status, a stored value of a valid test.
        for tamper in (lambda t: t["verdicts"][0].update(verdict="content-mismatch", fields=["value"]),
                       lambda t: t["batches"][0].update(absent=1, complete=False),
                       lambda t: t["samples"][0].update(value=73)):
            broken = json.loads(json.dumps(tests))
            tamper(broken[0])
            write_vectors(d / "batch.json", "batch", [{"key": key, "tests": broken}])
            rc, out = self.check(d)
            self.assertEqual(rc, 1, out)
            self.assertIn(f"batch.json: {len(tests) - 1} passed, 1 failed", out)
            self.assertIn("tcId 1:", out)

    def test_committed_batch_vectors_tampered_fail(self):
        """The committed batch.json passes; changing one expected verdict or one stored value fails it."""
        d = self.tmp / "committed-batch"
        d.mkdir()
        doc = json.loads((COMMITTED / "batch.json").read_text())
        (d / "batch.json").write_text(json.dumps(doc))
        complete(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        first = doc["testGroups"][0]["tests"][0]
        first["samples"][0]["value"] = 99
        (d / "batch.json").write_text(json.dumps(doc))
        rc, out = self.check(d)
        self.assertEqual(rc, 1, out)
        self.assertIn(f"tcId {first['tcId']}:", out)

    def test_committed_revocation_vectors_tampered_fail(self):
        """The committed revocation.json passes; a CRL signed by another key, a reading before a
        superseded revocation and a stale CRL each fail when their expected result is flipped."""
        d = self.tmp / "committed-revocation"
        d.mkdir()
        doc = json.loads((COMMITTED / "revocation.json").read_text())
        (d / "revocation.json").write_text(json.dumps(doc))
        complete(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        tests = [t for g in doc["testGroups"] for t in g["tests"]]
        impostor = next(t for t in tests if "WrongSigner" in t["flags"])
        before = next(t for t in tests if t["flags"] == ["RevokedFromDate", "ReadingBefore"])
        stale = next(t for t in tests if "StaleCRL" in t["flags"] and "certificate" not in t)
        impostor["result"], impostor["stale"] = "counted", False
        before["verdict"] = "revoked"
        stale["stale"] = False
        (d / "revocation.json").write_text(json.dumps(doc))
        rc, out = self.check(d)
        self.assertEqual(rc, 1, out)
        for t in (impostor, before, stale):
            self.assertIn(f"tcId {t['tcId']}:", out)
        self.assertIn("revocation.json: 18 passed, 3 failed", out)

    def test_committed_timestamp_vectors_tampered_fail(self):
        """The committed timestamps.json passes; flipping any test's timestamp result, the verdict of
        its readings or their deviceClockAhead fails every test."""
        committed = json.loads((COMMITTED / "timestamps.json").read_text())
        total = sum(len(g["tests"]) for g in committed["testGroups"])

        def flip_timestamp(t):
            if t["timestamp"] == "trusted":
                t["timestamp"] = "timestamp-untrusted-tsa"
                t.pop("genTime")
            else:
                t["timestamp"], t["genTime"] = "trusted", "2027-01-20T12:00:00Z"

        def flip_verdicts(t):
            for r in t["readings"]:
                r["verdict"] = "revoked" if r["verdict"] == "valid" else "valid"

        def flip_ahead(t):
            for r in t["readings"]:
                r["deviceClockAhead"] = not r["deviceClockAhead"]

        for name, flip in (("timestamp", flip_timestamp), ("verdict", flip_verdicts), ("ahead", flip_ahead)):
            d = self.tmp / f"committed-timestamps-{name}"
            d.mkdir()
            doc = json.loads(json.dumps(committed))
            (d / "timestamps.json").write_text(json.dumps(doc))
            complete(d)
            rc, out = self.check(d)
            self.assertEqual(rc, 0, out)
            for g in doc["testGroups"]:
                for t in g["tests"]:
                    flip(t)
            (d / "timestamps.json").write_text(json.dumps(doc))
            rc, out = self.check(d)
            self.assertEqual(rc, 1, out)
            for g in doc["testGroups"]:
                for t in g["tests"]:
                    self.assertIn(f"tcId {t['tcId']}:", out)
            self.assertIn(f"timestamps.json: 0 passed, {total} failed", out)

    def test_workout_samples_and_record(self):
        fx = self.fx
        d = self.tmp / "workouts"
        d.mkdir()
        sig = b64(fx.sign(WORKOUT_RECORD, "-nodetach", "-noattr", "-nocerts", "-keyid"))
        run_json = {"type": "HKWorkoutTypeIdentifier", "activityType": "HKWorkoutActivityTypeRunning",
                    "startDate": "2026-11-20T07:00:00+01:00", "endDate": "2026-11-20T07:42:10+01:00", "duration": 2430,
                    "totalDistance": {"value": 6.21, "unit": "km"},
                    "events": [{"type": "HKWorkoutEventTypePause", "date": "2026-11-20T07:20:00+01:00"},
                               {"type": "HKWorkoutEventTypeLap", "date": "2026-11-20T07:30:00+01:00", "duration": 90.5}]}
        stored = {**run_json, "metadata": {"HKDigitalSignature": sig}}
        altered = json.loads(json.dumps(stored))
        altered["totalDistance"]["value"] = 6.5
        altered["events"][1]["date"] = "2026-11-20T07:31:00+01:00"
        dates = 'startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:42:10 +0100"'
        xml = (f'<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40.5" durationUnit="min" '
               f'sourceName="x" {dates}><MetadataEntry key="HKDigitalSignature" value="{sig}"/>'
               '<WorkoutEvent type="HKWorkoutEventTypePause" date="2026-11-20 07:20:00 +0100"/>'
               '<WorkoutEvent type="HKWorkoutEventTypeLap" date="2026-11-20 07:30:00 +0100" duration="1.508333" durationUnit="min"/>'
               f'<WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" {dates} sum="3.86" unit="mi"/>'
               '<WorkoutRoute sourceName="x"><FileReference path="/r.gpx"/></WorkoutRoute></Workout>')
        tests = [
            {"stored": stored, "verdict": "valid"},
            {"stored": altered, "verdict": "content-mismatch", "fields": ["events[1].date", "totalDistance"]},
            {"storedXML": xml, "verdict": "valid"},
            {"storedXML": xml.replace('sum="3.86"', 'sum="3.9"'), "verdict": "content-mismatch", "fields": ["totalDistance"]},
            {"storedXML": xml.replace("TypeRunning", "TypeWalking"), "verdict": "content-mismatch", "fields": ["activityType"]},
        ]
        for t in tests:
            t["storedForm"] = "healthExport" if "storedXML" in t else "json"
        key = fx.group_key(with_cert=False)   # a bare key: the readings predate the certificate
        write_vectors(d / "samples.json", "samples", [{"key": key, "tests": tests}])
        decoded = {"type": "HKWorkoutTypeIdentifier", "activityType": 37, "startDate": "2026-11-20T06:00:00Z",
                   "endDate": "2026-11-20T06:42:10Z", "duration": 2430, "totalDistance": {"value": 6.21, "unit": "km"},
                   "events": [{"type": 1, "date": "2026-11-20T06:20:00Z"},
                              {"type": 3, "date": "2026-11-20T06:30:00Z", "duration": 90.5}]}
        write_vectors(d / "records.json", "records", [{"key": key, "tests": [
            {"sample": run_json, "recordDer": WORKOUT_RECORD.hex(), "signature": sig, "decoded": decoded,
             "result": "valid"}]}])
        complete(d)
        rc, out = self.check(d)
        self.assertEqual(rc, 0, out)
        self.assertIn("samples.json: 5 passed, 0 failed", out)
        self.assertIn("records.json: 1 passed, 0 failed", out)


class CommittedVectorsMatchTheirSchema(unittest.TestCase):
    """Every committed vector file is an instance of TestVectors/vectors.schema.json: other
    implementations generate their readers from the schema, so a value it does not allow is a
    defect of the vectors or of the schema."""

    def test_every_vector_file_validates(self):
        import jsonschema

        directory = Path(__file__).resolve().parent.parent / "TestVectors"
        schema = json.loads((directory / "vectors.schema.json").read_text())
        validator = jsonschema.Draft202012Validator(schema)
        files = sorted(p for p in directory.glob("*.json") if p.name != "vectors.schema.json")
        self.assertGreater(len(files), 5)
        for path in files:
            with self.subTest(file=path.name):
                errors = [f"{list(e.absolute_path)}: {e.message}"
                          for e in validator.iter_errors(json.loads(path.read_text()))]
                self.assertEqual(errors, [])

    def test_a_status_outside_the_schema_is_refused(self):
        import jsonschema

        directory = Path(__file__).resolve().parent.parent / "TestVectors"
        schema = json.loads((directory / "vectors.schema.json").read_text())
        batch = json.loads((directory / "batch.json").read_text())
        batch["testGroups"][0]["tests"][0]["batches"][0]["signature"] = "mostly-valid"
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(batch))
        self.assertTrue(any("mostly-valid" in e.message for e in errors))


class DERRules(unittest.TestCase):
    def err(self, hexstr: str) -> str:
        with self.assertRaises(DERError) as cm:
            node = der.parse(bytes.fromhex(hexstr))
            {2: dervalues.integer, 1: dervalues.boolean, 6: dervalues.oid, 9: dervalues.real,
             24: dervalues.generalized_time, 5: dervalues.null, 3: dervalues.bit_string}[node.number](node)
        return cm.exception.code

    def test_rejections(self):
        self.assertEqual(self.err("020100ff"), "trailing-data")
        self.assertEqual(self.err("0281017f"), "non-minimal-length")
        self.assertEqual(self.err("02820001" + "01"), "non-minimal-length")
        self.assertEqual(self.err("3080020101" + "0000"), "indefinite-length")
        self.assertEqual(self.err("02020001"), "non-minimal-integer")
        self.assertEqual(self.err("0202ff80"), "non-minimal-integer")
        self.assertEqual(self.err("010101"), "bad-boolean-value")
        self.assertEqual(self.err("050100"), "bad-null")
        self.assertEqual(self.err("0603808101"), "non-minimal-oid")
        self.assertEqual(self.err("1f0201"), "non-minimal-tag")
        self.assertEqual(self.err("2203000000"), "constructed-primitive-type")
        def real(text: bytes) -> str:
            return f"09{len(text) + 1:02x}03" + text.hex()
        self.assertEqual(self.err(real(b"72")), "real-not-canonical")          # no ".E"
        self.assertEqual(self.err(real(b"720.E-1")), "real-not-canonical")     # trailing mantissa zero
        self.assertEqual(self.err(real(b"072.E+0")), "real-not-canonical")     # leading zero
        self.assertEqual(self.err(real(b"72.E0")), "real-not-canonical")       # zero exponent is "+0"
        self.assertEqual(self.err(real(b"12.E+1")), "real-not-canonical")      # no "+" otherwise
        self.assertEqual(self.err(real(b"12.E01")), "real-not-canonical")      # exponent leading zero
        self.assertEqual(self.err("090103"), "real-not-canonical")            # empty NR3 text
        self.assertEqual(self.err("090140"), "real-special-value")
        self.assertEqual(self.err("0903800101"), "real-binary-not-allowed")
        self.assertEqual(self.err("180e" + b"20261121080000".hex()), "bad-generalized-time")   # no Z
        self.assertEqual(self.err("1812" + b"20261121080000.10Z".hex()), "bad-generalized-time")
        self.assertEqual(self.err("1810" + b"20261121080000.Z".hex()), "bad-generalized-time")
        self.assertEqual(self.err("180f" + b"20261131080000Z".hex()), "bad-time")             # Nov 31
        self.assertEqual(self.err("030206c1"), "nonzero-padding-bits")

    def test_values(self):
        def val(h):
            n = der.parse(bytes.fromhex(h))
            return {9: dervalues.real, 6: dervalues.oid, 2: dervalues.integer}[n.number](n)
        self.assertEqual(val("0908" + b"\x03366.E-1".hex()), Decimal("36.6"))
        self.assertEqual(val("0906" + b"\x0312.E1".hex()), Decimal("120"))
        self.assertEqual(val("0900"), Decimal(0))
        self.assertEqual(val("06092a864886f70d010702"), "1.2.840.113549.1.7.2")
        self.assertEqual(val("0202ff7f"), -129)

    def test_set_of_order(self):
        good = der.parse(bytes.fromhex("3106020101020102"))
        der.check_set_of_order(good)
        bad = der.parse(bytes.fromhex("3106020102020101"))
        with self.assertRaises(DERError):
            der.check_set_of_order(bad)

    def test_workout_record_rules(self):
        rec = record.decode(WORKOUT_RECORD)
        self.assertEqual((rec.kind, rec.activity_type, rec.duration), ("workout", 37, Decimal(2430)))
        self.assertEqual([str(e["date"]) for e in rec.events], ["2026-11-20T06:20:00Z", "2026-11-20T06:30:00Z"])
        base = [_entry("fv", "020101"), _entry("t", _utf8("HKWorkoutTypeIdentifier")), _entry("s", _gt("20261120060000Z")),
                _entry("e", _gt("20261120064210Z"))]
        cases = [
            ([_entry("du", _real("243.E1"))], "record-missing-key"),                        # no at
            ([_entry("at", _utf8("37")), _entry("du", _real("243.E1"))], "record-wrong-type"),
            ([_entry("at", "020125"), _entry("du", _real("243.E1")), _entry("ev", _seq(_seq("020101")))], "record-wrong-type"),
            ([_entry("at", "020125"), _entry("du", _real("243.E1")), _entry("td", _seq(_real("621.E-2")))], "record-wrong-type"),
            ([_entry("at", "020125"), _entry("du", _real("243.E1")),
              _entry("ev", _seq(_seq("020101", _real("1.E-10"))))], "record-bad-value"),
        ]
        for extra, code in cases:
            with self.subTest(code=code, extra=extra):
                with self.assertRaises(record.RecordError) as cm:
                    record.decode(bytes.fromhex(_set(base + extra)))
                self.assertEqual(cm.exception.code, code)

    def test_record_decodes(self):
        rec = record.decode(HR_RECORD)
        self.assertEqual((rec.type, rec.value, rec.unit, rec.device), (
            "HKQuantityTypeIdentifierHeartRate", Decimal(72), "count/min", {"name": "Acme HR"}))
        with self.assertRaises(record.RecordError) as cm:
            record.decode(HR_RECORD.replace(b"\x02\x01\x01", b"\x02\x01\x03"))
        self.assertEqual(cm.exception.code, "record-unsupported-version")
        # Version 2 exists, but only for records that sign a key beyond version 1's five.
        with self.assertRaises(record.RecordError) as cm:
            record.decode(HR_RECORD.replace(b"\x02\x01\x01", b"\x02\x01\x02"))
        self.assertEqual(cm.exception.code, "record-format-version-not-minimal")

    def test_record_keys_per_kind(self):
        sleep = [_entry("fv", "020101"), _entry("t", _utf8("HKCategoryTypeIdentifierSleepAnalysis")),
                 _entry("v", "020100"), _entry("s", _gt("20261121080000Z")), _entry("e", _gt("20261121080000Z"))]
        self.assertEqual(record.decode(bytes.fromhex(_set(sleep))).kind, "category")
        for extra, code in ((_entry("u", _utf8("count")), "record-key-not-allowed"),
                            (_entry("o", "3000"), "record-key-not-allowed"),
                            (_entry("m", _set([_entry("HKTimeZone", "020101")])), "record-wrong-type"),
                            (_entry("m", _set([_entry("HKTimeZone", "0401ff")])), "record-wrong-type")):
            with self.assertRaises(record.RecordError) as cm:
                record.decode(bytes.fromhex(_set(sleep + [extra])))
            self.assertEqual(cm.exception.code, code)
        self.assertIsNone(record.decode(bytes.fromhex(_set(sleep + [_entry("d", "3100")]))).device)
        self.assertEqual(record.decode(bytes.fromhex(_set(sleep + [_entry("x", _utf8("future"))]))).unknown_keys, ["x"])

    def test_units_and_devices(self):
        from fractions import Fraction
        g = units.convert(Fraction(1), units.parse_unit("mmol<180.15588000005408>/L"), units.parse_unit("mg/dL"))
        self.assertEqual(g, Fraction("18.015588000005408"))
        self.assertEqual(parse_device_string("<<HKDevice: 0xabc>, name:Watch, manufacturer:Apple Inc., hardware:Watch7,1>"),
                         {"name": "Watch", "manufacturer": "Apple Inc.", "hardwareVersion": "Watch7,1"})


if __name__ == "__main__":
    unittest.main()
