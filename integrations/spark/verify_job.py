"""healthsig verify on Apache Spark: every sample of many inputs verified, verdicts as Parquet.

    spark-submit integrations/spark/verify_job.py --healthsig BINARY_OR_TARBALL --trust TRUST_DIR \\
        --out OUT_DIR INPUT...

INPUT: files, directories (searched recursively for JSON Lines, JSON, export.xml and export.zip)
or globs, on a file system every executor sees at the same path (local mode, NFS, a mounted
bucket). Whole files are assigned to partitions, never split, so a batch of batch-signed samples
is always verified whole. The healthsig binary (or the tarball scripts/package makes) and the
trust material are shipped to the executors with SparkContext.addFile; each file is verified by
`healthsig verify --fail-on never --format ndjson --origin FILE`. A task fails (and Spark retries
it) only when healthsig exits non-zero, which with --fail-on never means the run broke, or when
its output lacks the summary line. Writes OUT_DIR/verdicts (one row per report entry: every
sample, and every input healthsig could not read) and OUT_DIR/summary (one row per file), both
Parquet. Details: docs/DATA-TEAMS.md.
"""
import argparse
import glob
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

INPUT_SUFFIXES = (".jsonl", ".ndjson", ".json", ".xml", ".zip")
TRUST_SUFFIXES = (".pem", ".crt", ".cer", ".pub")
# Names of the shipped files: without a .tar or .tar.gz suffix, which SparkContext.addFile would
# unpack on its own into the executors' working directories.
TRUST_ARCHIVE = "healthsig-trust"
SHIPPED_HEALTHSIG = "healthsig-shipped"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="spark-submit integrations/spark/verify_job.py",
        usage="spark-submit integrations/spark/verify_job.py --healthsig BINARY_OR_TARBALL --trust TRUST_DIR "
              "--out OUT_DIR INPUT...",
        description="Verify health-sample files with healthsig on Spark, whole files per partition (never split); "
                    "write the verdicts and a per-file summary as Parquet (docs/DATA-TEAMS.md).")
    parser.add_argument("--healthsig", required=True, metavar="BINARY_OR_TARBALL",
                        help="the healthsig binary, or the .tar.gz scripts/package writes")
    parser.add_argument("--trust", required=True, metavar="TRUST_DIR",
                        help="a directory of trusted certificates and public keys (or one PEM file)")
    parser.add_argument("--out", required=True, metavar="OUT_DIR",
                        help="where to write verdicts/ and summary/ (must not exist)")
    parser.add_argument("--partitions", type=int, default=0, metavar="N",
                        help="partitions (default: Spark's default parallelism, at most one per file)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="healthsig worker threads per file (default 1: Spark runs a task per core)")
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files, directories or globs")
    arguments = parser.parse_args(argv)
    if arguments.jobs < 1:
        parser.error("--jobs must be at least 1")
    if arguments.partitions < 0:
        parser.error("--partitions must be at least 1 (0: the default)")
    return arguments


def list_inputs(patterns):
    """Absolute paths of the input files, sorted, each once. A pattern that matches nothing is an
    error: a job over a mistyped path must not succeed with nothing verified."""
    found = set()
    for pattern in patterns:
        matches = sorted(glob.glob(pattern, recursive=True)) if glob.has_magic(pattern) else [pattern]
        matches = [m for m in matches if os.path.exists(m)]
        if not matches:
            raise SystemExit(f"verify_job: {pattern}: no such file or directory")
        for match in matches:
            if os.path.isdir(match):
                for directory, _, files in os.walk(match):
                    found.update(os.path.abspath(os.path.join(directory, f)) for f in files
                                 if f.lower().endswith(INPUT_SUFFIXES))
            else:
                found.add(os.path.abspath(match))
    if not found:
        raise SystemExit("verify_job: no input files (directories are searched for " + ", ".join(INPUT_SUFFIXES) + ")")
    return sorted(found)


def partition_files(files, count):
    """Whole files into `count` groups of similar total size: largest first, each into the
    lightest group so far."""
    groups = [[] for _ in range(count)]
    loads = [0] * count
    for path in sorted(files, key=lambda p: (-os.path.getsize(p), p)):
        lightest = loads.index(min(loads))
        groups[lightest].append(path)
        loads[lightest] += os.path.getsize(path)
    return [sorted(group) for group in groups if group]


def trust_archive(trust, directory):
    """The trust material as one tar file, so a directory ships as one SparkFiles entry."""
    path = os.path.join(directory, TRUST_ARCHIVE)
    with tarfile.open(path, "w") as archive:
        if os.path.isdir(trust):
            names = sorted(n for n in os.listdir(trust) if os.path.isfile(os.path.join(trust, n)))
            if not names:
                raise SystemExit(f"verify_job: {trust}: no files")
            for name in names:
                archive.add(os.path.join(trust, name), arcname=os.path.join("trust", name))
        elif os.path.isfile(trust):
            archive.add(trust, arcname=os.path.join("trust", os.path.basename(trust) or "trust.pem"))
        else:
            raise SystemExit(f"verify_job: {trust}: no such file or directory")
    return path


def executor_tools():
    """On an executor: the healthsig binary and the trust directory, unpacked once per executor
    from the files the driver added (an atomic rename settles two tasks unpacking at once)."""
    from pyspark import SparkFiles
    root = SparkFiles.getRootDirectory()
    ready = os.path.join(root, "healthsig-unpacked")
    if not os.path.isdir(ready):
        staging = tempfile.mkdtemp(prefix="healthsig-unpacking-", dir=root)
        shipped = SparkFiles.get(SHIPPED_HEALTHSIG)
        if tarfile.is_tarfile(shipped):
            with tarfile.open(shipped) as archive:
                members = [m for m in archive.getmembers() if m.name.endswith("/bin/healthsig") and m.isfile()]
                if len(members) != 1:
                    raise RuntimeError(f"--healthsig tarball: expected one */bin/healthsig in the tarball, found {len(members)}")
                source = archive.extractfile(members[0])
                with open(os.path.join(staging, "healthsig"), "wb") as target:
                    shutil.copyfileobj(source, target)
        else:
            shutil.copyfile(shipped, os.path.join(staging, "healthsig"))
        os.chmod(os.path.join(staging, "healthsig"), 0o755)
        trust_dir = os.path.join(staging, "trust")
        os.mkdir(trust_dir)
        with tarfile.open(SparkFiles.get(TRUST_ARCHIVE)) as archive:
            for member in archive.getmembers():
                name = member.name[len("trust/"):] if member.name.startswith("trust/") else ""
                if not member.isfile() or not name or "/" in name or name.startswith("."):
                    raise RuntimeError(f"{TRUST_ARCHIVE}: unexpected entry {member.name}")
                with open(os.path.join(trust_dir, name), "wb") as target:
                    shutil.copyfileobj(archive.extractfile(member), target)
        try:
            os.rename(staging, ready)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)  # another task got there first
    return os.path.join(ready, "healthsig"), os.path.join(ready, "trust")


# Report lines handed to the JVM per row: a row per line cost more, in Python pickling and JVM
# conversion, than healthsig's verification of the sample. The environment variable is for tests,
# which cut their small reports into several chunks.
LINES_PER_CHUNK = int(os.environ.get("VERIFY_JOB_LINES_PER_CHUNK", "4096"))


def verify_files(paths, jobs, lines_per_chunk):
    """On an executor: verify each file, yielding ("v", N, lines) for chunks of its report entries
    (N: the number of the chunk's first entry in the file, the lines as healthsig wrote them,
    joined by line breaks) and ("s", entries, line) for its summary line. The JVM splits and parses
    them, column by column. Raises, failing the task, when healthsig exits non-zero or its output
    does not end with exactly one summary line."""
    binary, trust = executor_tools()
    for path in paths:
        command = [binary, "verify", "--trust", trust, "--in", path, "--format", "ndjson", "--fail-on", "never",
                   "--origin", path, "--quiet", "--jobs", str(jobs)]
        with tempfile.TemporaryFile() as errors:
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, stdin=subprocess.DEVNULL)
            summary = None
            entries = 0
            chunk = []
            for raw in io.BufferedReader(process.stdout, buffer_size=1 << 20):
                if summary is not None:
                    process.kill()
                    raise RuntimeError(f"{path}: healthsig wrote a line after its summary line")
                # verify writes members in sorted order: the summary line, and only it, starts so.
                if raw.startswith(b'{"summary":'):
                    summary = raw.decode("utf-8")
                    continue
                if not raw.endswith(b"\n"):
                    raw += b"\n"
                chunk.append(raw)
                if len(chunk) == lines_per_chunk:
                    yield ("v", entries + 1, b"".join(chunk)[:-1].decode("utf-8"))
                    entries += len(chunk)
                    chunk = []
            if chunk:
                yield ("v", entries + 1, b"".join(chunk)[:-1].decode("utf-8"))
                entries += len(chunk)
            status = process.wait()
            errors.seek(0)
            message = errors.read().decode("utf-8", "replace").strip()
        if status != 0:
            raise RuntimeError(f"{path}: healthsig verify exited {status} (the run broke; "
                               f"with --fail-on never verdicts never do that): {message}")
        if summary is None:
            raise RuntimeError(f"{path}: healthsig verify ended without its summary line: {message}")
        yield ("s", entries, summary)


def output_frames(entry_chunks, summary_lines):
    """The verdicts and summary DataFrames from verify_files' ("v", number, lines) and
    ("s", entries, line) rows."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import (ArrayType, BooleanType, IntegerType, LongType, StringType, StructField,
                                   StructType)
    text = StringType()
    mismatch = StructType([StructField("field", text), StructField("signed", text), StructField("stored", text)])
    entry = StructType([
        StructField("origin", text), StructField("position", IntegerType()), StructField("line", IntegerType()),
        StructField("verdict", text), StructField("reasonCode", text), StructField("reason", text),
        StructField("type", text), StructField("startDate", text), StructField("endDate", text),
        StructField("value", text), StructField("unit", text), StructField("source", text),
        StructField("device", StructType([StructField("name", text), StructField("model", text)])),
        StructField("signer", StructType([StructField("keyId", text), StructField("subject", text)])),
        StructField("mismatches", ArrayType(mismatch)), StructField("mayBeCorrelationMemberCopy", BooleanType()),
    ])
    count = LongType()
    summary = StructType([StructField("summary", StructType([
        StructField("origin", text),
        StructField("counts", StructType([StructField(k, count) for k in (
            "valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch", "revoked")])),
        StructField("unreadable", count), StructField("correlationMemberCopies", count),
        StructField("batches", ArrayType(StructType([
            StructField("id", text), StructField("signature", text), StructField("present", count),
            StructField("absent", count), StructField("count", count)]))),
    ]))])
    # A line that is not what healthsig writes fails the job rather than becoming a row of nulls.
    strict = {"mode": "FAILFAST"}
    e = F.from_json("line", entry, strict).alias("e")
    verdicts = entry_chunks.select(
        "number", F.posexplode(F.split("text", "\n")).alias("offset", "line")
    ).select(e, (F.col("number") + F.col("offset")).alias("entry")).select(
        F.col("e.origin").alias("origin"), "entry", F.col("e.position").alias("position"),
        F.col("e.line").alias("line"), F.col("e.verdict").alias("verdict"),
        F.col("e.reasonCode").alias("reason_code"), F.col("e.reason").alias("reason"), F.col("e.type").alias("type"),
        F.col("e.startDate").alias("start_date"), F.col("e.endDate").alias("end_date"),
        F.col("e.value").alias("value"), F.col("e.unit").alias("unit"), F.col("e.source").alias("source"),
        F.col("e.device.name").alias("device_name"), F.col("e.device.model").alias("device_model"),
        F.col("e.signer.keyId").alias("signer_key_id"), F.col("e.signer.subject").alias("signer_subject"),
        F.coalesce(F.col("e.mismatches"), F.array().cast(ArrayType(mismatch))).alias("mismatches"),
        F.coalesce(F.col("e.mayBeCorrelationMemberCopy"), F.lit(False)).alias("may_be_correlation_member_copy"))
    s = F.from_json("text", summary, strict).alias("s")
    summaries = summary_lines.select(
        s, F.col("number").cast(count).alias("entries"), F.get_json_object("text", "$.summary").alias("summary_json")
    ).select(
        F.col("s.summary.origin").alias("origin"), "entries",
        *[F.coalesce(F.col(f"s.summary.counts.`{k}`"), F.lit(0)).alias(k.replace("-", "_")) for k in (
            "valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch", "revoked")],
        F.coalesce(F.col("s.summary.unreadable"), F.lit(0)).alias("unreadable"),
        F.coalesce(F.col("s.summary.correlationMemberCopies"), F.lit(0)).alias("correlation_member_copies"),
        F.coalesce(F.size("s.summary.batches"), F.lit(0)).cast(count).alias("batches"),
        F.coalesce(F.size(F.filter("s.summary.batches", lambda b: (b["signature"] != "valid")
                                   | (F.coalesce(b["absent"], F.lit(0)) != 0))), F.lit(0)).cast(count)
        .alias("incomplete_batches"),
        "summary_json")
    return verdicts, summaries


def main(argv):
    arguments = parse_arguments(argv)
    files = list_inputs(arguments.inputs)
    if os.path.exists(arguments.out):
        raise SystemExit(f"verify_job: {arguments.out} exists; give a new directory")
    if not os.path.isfile(arguments.healthsig):
        raise SystemExit(f"verify_job: {arguments.healthsig}: no such file")

    from pyspark import StorageLevel
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("healthsig verify").getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("WARN")
    staging = tempfile.mkdtemp(prefix="healthsig-job-")
    try:
        shutil.copyfile(arguments.healthsig, os.path.join(staging, SHIPPED_HEALTHSIG))
        context.addFile(os.path.join(staging, SHIPPED_HEALTHSIG))
        context.addFile(trust_archive(arguments.trust, staging))
        count = min(len(files), arguments.partitions or context.defaultParallelism)
        groups = partition_files(files, count)
        jobs = arguments.jobs
        # Both tables come from one run of healthsig per file: its chunks of report lines are kept
        # on the executors' disks (memory would have to hold a whole partition's report) and read
        # twice, once per table.
        chunks = context.parallelize(range(len(groups)), len(groups)).mapPartitionsWithIndex(
            lambda index, _: verify_files(groups[index], jobs, LINES_PER_CHUNK))
        chunks.persist(StorageLevel.DISK_ONLY)
        schema = "kind string, number int, text string"
        verdicts, summaries = output_frames(
            spark.createDataFrame(chunks.filter(lambda row: row[0] == "v"), schema, verifySchema=False),
            spark.createDataFrame(chunks.filter(lambda row: row[0] == "s"), schema, verifySchema=False))
        verdicts.write.parquet(os.path.join(arguments.out, "verdicts"))
        summaries.write.parquet(os.path.join(arguments.out, "summary"))
        totals = spark.read.parquet(os.path.join(arguments.out, "summary")).groupBy().sum(
            "entries", "valid", "unsigned", "malformed", "bad_signature", "untrusted_signer", "content_mismatch",
            "unreadable").collect()[0]
        print(f"verify_job: {len(files)} files in {len(groups)} partitions, {totals[0]} entries: valid={totals[1]} "
              f"unsigned={totals[2]} malformed={totals[3]} bad-signature={totals[4]} untrusted-signer={totals[5]} "
              f"content-mismatch={totals[6]} unreadable={totals[7]}; Parquet in {arguments.out}/verdicts and "
              f"{arguments.out}/summary", file=sys.stderr)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
