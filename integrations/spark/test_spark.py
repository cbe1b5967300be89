"""The Spark job in local mode (local[2]) on generated files: its Parquet verdicts equal a
single-process `healthsig verify` of the same files, row for row, and a run that breaks fails
the job."""
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from checks import check, expect_equal, finish  # noqa: E402
import testdata  # noqa: E402

JOB = testdata.ROOT / "integrations" / "spark" / "verify_job.py"


# Spark's INFO lines (a hundred a run) would bury the checks' own output.
QUIET_LOG = "-Dlog4j2.configurationFile=" + str(Path(__file__).resolve().parent / "log4j2-quiet.properties")


def spark_submit_command():
    """spark-submit from PATH, else the one inside the pyspark package (pip may install its
    scripts into a directory that is not on PATH)."""
    import shutil
    found = shutil.which("spark-submit")
    if found:
        return found
    import pyspark
    return str(Path(pyspark.__file__).resolve().parent / "bin" / "spark-submit")


def spark_submit(*arguments):
    # Chunks of 7 report lines: every file's report is cut into several, across files too.
    environment = {**os.environ, "PYSPARK_PYTHON": sys.executable, "PYSPARK_DRIVER_PYTHON": sys.executable,
                   "VERIFY_JOB_LINES_PER_CHUNK": "7"}
    return subprocess.run([spark_submit_command(), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                           "--conf", "spark.ui.showConsoleProgress=false",
                           "--driver-java-options", QUIET_LOG, str(JOB), *map(str, arguments)],
                          capture_output=True, text=True, env=environment)


def expected_rows(ndjson, origin):
    """The job's columns, computed here from verify's own lines."""
    rows, summary = [], None
    for number, line in enumerate(ndjson.splitlines(), start=1):
        entry = json.loads(line)
        if "summary" in entry:
            summary = entry["summary"]
            continue
        signer, device = entry.get("signer") or {}, entry.get("device") or {}
        rows.append({"origin": origin, "entry": number, "position": entry.get("position"), "line": entry.get("line"),
                     "verdict": entry["verdict"], "reason_code": entry.get("reasonCode"), "reason": entry.get("reason"),
                     "type": entry.get("type"), "start_date": entry.get("startDate"), "end_date": entry.get("endDate"),
                     "value": entry.get("value"), "unit": entry.get("unit"), "source": entry.get("source"),
                     "device_name": device.get("name"), "device_model": device.get("model"),
                     "signer_key_id": signer.get("keyId"), "signer_subject": signer.get("subject"),
                     "mismatches": [{"field": m["field"], "signed": m["signed"], "stored": m["stored"]}
                                    for m in entry.get("mismatches", [])],
                     "may_be_correlation_member_copy": entry.get("mayBeCorrelationMemberCopy", False)})
    return rows, summary


def as_plain(row):
    plain = row.asDict(recursive=True)
    plain["mismatches"] = [dict(m) for m in plain["mismatches"]]
    return plain


def main():
    healthsig = testdata.healthsig_binary()
    with tempfile.TemporaryDirectory(prefix="healthsig-spark-") as tmp:
        tmp = Path(tmp)
        trust, inputs = testdata.make_dataset(tmp, healthsig)
        # Two more files, so that two partitions get several files each.
        for copy in ("strap", "scale"):
            extra = tmp / "more" / f"{copy}-again.jsonl"
            extra.parent.mkdir(exist_ok=True)
            extra.write_bytes((tmp / "inputs" / f"{copy}.jsonl").read_bytes())
        files = sorted([str(p) for p in inputs] + [str(p) for p in (tmp / "more").iterdir()])
        # The tarball as scripts/package lays it out (a release build is too slow for this test).
        tarball = tmp / "healthsig-test-linux.tar.gz"
        with tarfile.open(tarball, "w:gz") as archive:
            archive.add(healthsig, arcname="healthsig-test-linux/bin/healthsig")

        out = tmp / "out"
        run = spark_submit("--healthsig", tarball, "--trust", trust, "--out", out,
                           tmp / "inputs", str(tmp / "more" / "*.jsonl"))

        expected, summaries = [], {}
        for path in files:
            rows, summary = expected_rows(testdata.verify_ndjson(healthsig, trust, path, origin=path).decode(), path)
            expected += rows
            summaries[path] = (summary, len(rows))

        @check("the Spark job exits 0 and names what it wrote")
        def job_succeeds():
            # spark-submit passes the Python driver's standard error on to its standard output.
            output = run.stdout + run.stderr
            expect_equal(run.returncode, 0, f"spark-submit exit\n{output[-3000:]}")
            if f"verify_job: {len(files)} files in 2 partitions, {len(expected)} entries" not in output:
                raise AssertionError(output[-3000:])

        from pyspark.sql import SparkSession
        spark = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
                 .config("spark.driver.extraJavaOptions", QUIET_LOG).config("spark.ui.showConsoleProgress", "false")
                 .appName("healthsig verify_job test").getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        try:
            @check("its Parquet verdicts equal a single-process verify of the same files, row for row")
            def verdicts_equal():
                actual = [as_plain(r) for r in spark.read.parquet(str(out / "verdicts")).collect()]
                key = lambda r: (r["origin"], r["entry"])
                expect_equal(len(actual), len(expected), "rows")
                for got, want in zip(sorted(actual, key=key), sorted(expected, key=key)):
                    expect_equal(got, want, f"row {want['origin']} #{want['entry']}")
                verdicts = {r["verdict"] for r in expected}
                expect_equal(verdicts, {"valid", "unsigned", "malformed", "bad-signature", "untrusted-signer",
                                        "content-mismatch", "unreadable"}, "verdicts the test data covers")

            @check("its summary table has one row per file, the file's summary line")
            def summaries_equal():
                rows = spark.read.parquet(str(out / "summary")).collect()
                expect_equal(sorted(r["origin"] for r in rows), files, "origins")
                for r in rows:
                    summary, entries = summaries[r["origin"]]
                    expect_equal(json.loads(r["summary_json"]), summary, f"{r['origin']} summary")
                    expect_equal((r["entries"], r["valid"], r["unsigned"], r["unreadable"]),
                                 (entries, summary["counts"]["valid"], summary["counts"]["unsigned"],
                                  summary.get("unreadable", 0)), f"{r['origin']} counts")
                    incomplete = sum(1 for b in summary.get("batches", []) if b["signature"] != "valid" or b["absent"])
                    expect_equal(r["incomplete_batches"], incomplete, f"{r['origin']} incomplete batches")
        finally:
            spark.stop()

        @check("a run that breaks (trust material healthsig cannot read: exit 2) fails the job")
        def broken_run_fails():
            bad_trust = tmp / "bad-trust"
            bad_trust.mkdir()
            (bad_trust / "garbage.pem").write_text("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n")
            failed = spark_submit("--healthsig", healthsig, "--trust", bad_trust, "--out", tmp / "out-bad",
                                  tmp / "inputs" / "batch.jsonl")
            if failed.returncode == 0:
                raise AssertionError("spark-submit exited 0 on a broken run")
            output = failed.stdout + failed.stderr
            if "healthsig verify exited 2" not in output:
                raise AssertionError(output[-3000:])
            if (tmp / "out-bad" / "verdicts" / "_SUCCESS").exists():
                raise AssertionError("verdicts written for a broken run")

        @check("an input that matches nothing stops the job before Spark starts")
        def missing_input():
            result = subprocess.run([sys.executable, str(JOB), "--healthsig", str(healthsig), "--trust", str(trust),
                                     "--out", str(tmp / "out-none"), str(tmp / "absent" / "*.jsonl")],
                                    capture_output=True, text=True)
            expect_equal((result.returncode, result.stderr),
                         (1, f"verify_job: {tmp / 'absent' / '*.jsonl'}: no such file or directory\n"), "result")
    finish()


if __name__ == "__main__":
    main()
