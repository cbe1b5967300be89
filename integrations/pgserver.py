"""A throw-away PostgreSQL server on loopback in a temporary directory, for the tests.

initdb refuses to run as root, so as root the server runs as the unprivileged user `nobody`
(runuser), in a directory that user owns.
"""
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def _bin_dir():
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").is_file():
            return candidate
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise SystemExit("initdb not found (Debian: apt-get install postgresql; scripts/install-deps installs it)")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self):
        self.bin = _bin_dir()
        self.top = Path(tempfile.mkdtemp(prefix="healthsig-pg-"))
        self.data = self.top / "data"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        self.url = f"postgresql://healthsig@127.0.0.1:{self.port}/postgres"

    def _run(self, args):
        if self.as_root:
            args = ["runuser", "-u", "nobody", "--"] + args
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def __enter__(self):
        if self.as_root:
            os.chmod(self.top, 0o755)
            shutil.chown(self.top, user="nobody")
        self._run([str(self.bin / "initdb"), "-D", str(self.data), "-U", "healthsig", "--auth=trust",
                   "--encoding=UTF8", "--locale=C", "--no-sync"])
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.top} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.top / "log"), "-o", options,
                   "-w", "-t", "60", "start"])
        return self

    def __exit__(self, *exc):
        try:
            self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])
        finally:
            shutil.rmtree(self.top, ignore_errors=True)

    def psql_csv(self, sql):
        """Rows of a query as lists of strings (None for NULL)."""
        import csv
        import io
        result = subprocess.run(["psql", self.url, "-X", "-q", "--csv", "-v", "ON_ERROR_STOP=1", "-P", "null=\\N",
                                 "-c", sql], capture_output=True, text=True, check=False,
                                env={**os.environ, "PGTZ": "UTC"})
        if result.returncode != 0:
            raise RuntimeError(f"psql: {result.stderr}\n{sql}")
        rows = list(csv.reader(io.StringIO(result.stdout)))
        return [[None if v == "\\N" else v for v in row] for row in rows[1:]]
