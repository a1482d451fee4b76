"""``tagteam serve --tls-cert --tls-key``: the page over HTTPS and its socket over WSS, with a self-signed
certificate made here; the banner says whether the page is encrypted, and a bind beyond this machine without a
certificate warns in one line."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import os
import re
import ssl
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tagteam.cli.serve import banner


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1, signed by its own key, valid a day either side of now."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path


def _serve(home: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, TAGTEAM_HOME=str(home), PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "tagteam", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )


def _banner(proc: subprocess.Popen[str], lines: int = 4, deadline: float = 30.0) -> list[str]:
    assert proc.stdout is not None
    said: list[str] = []
    end = time.monotonic() + deadline
    while len(said) < lines and time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        said.append(line.rstrip("\n"))
    return said


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err


def test_the_page_and_its_socket_go_over_https_and_wss_with_the_certificate_given(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    proc = _serve(tmp_path, "--tls-cert", str(cert), "--tls-key", str(key), "--max-pages", "1")
    try:
        said = _banner(proc)
        m = re.search(r"https://localhost:(\d+)/", said[0] if said else "")
        assert m, said
        assert "The page is encrypted (HTTPS and WSS" in said[3], said
        port = int(m.group(1))
        base = f"https://localhost:{port}"
        trust = ssl.create_default_context(cafile=str(cert))

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{base}/", ssl=trust) as r:
                    assert r.status == 200 and "wss://" in await r.text()
                ws = await http.ws_connect(f"{base}/ws/join", origin=base, ssl=trust)
                first = b""
                while len(first) < 200:  # the join app's first frames, over WSS
                    msg = await ws.receive(30)
                    assert msg.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), msg
                    first += msg.data if isinstance(msg.data, bytes) else msg.data.encode()
                await ws.close()
                with pytest.raises(aiohttp.ClientError):  # plain HTTP on the same port is not served
                    async with http.get(f"http://localhost:{port}/") as plain:
                        await plain.read()
                        if plain.status >= 400:
                            raise aiohttp.ClientResponseError(plain.request_info, (), status=plain.status)

        asyncio.run(asyncio.wait_for(go(), 90))
    finally:
        err = _stop(proc)
    assert "Traceback" not in err and "unencrypted" not in err, err


@pytest.mark.parametrize("broken", ["half", "not a certificate", "missing"])
def test_a_certificate_that_cannot_be_used_is_one_line_and_status_2(tmp_path: Path, broken: str) -> None:
    cert, key = self_signed(tmp_path)
    if broken == "half":
        args = ["--tls-cert", str(cert)]
    elif broken == "missing":
        args = ["--tls-cert", str(tmp_path / "nope.pem"), "--tls-key", str(key)]
    else:
        cert.write_text("hello\n")
        args = ["--tls-cert", str(cert), "--tls-key", str(key)]
    r = subprocess.run(
        [sys.executable, "-m", "tagteam", "serve", "--port", "0", *args],
        capture_output=True, text=True, timeout=60, env=dict(os.environ, TAGTEAM_HOME=str(tmp_path)),
    )
    assert r.returncode == 2, r
    line = r.stderr.strip()
    assert "\n" not in line and "Traceback" not in line and line.startswith("tagteam serve: error: "), line
    assert ("--tls-key" in line) if broken == "half" else ("cannot use the certificate" in line), line


def test_a_bind_beyond_this_machine_without_a_certificate_warns_in_one_line(tmp_path: Path) -> None:
    proc = _serve(tmp_path, "--bind", "0.0.0.0")
    try:
        said = _banner(proc)
        assert any("not encrypted" in line for line in said), said
    finally:
        err = _stop(proc)
    warnings = [line for line in err.splitlines() if "unencrypted" in line]
    assert len(warnings) == 1 and "--tls-cert" in warnings[0], err


def test_the_banner_says_whether_the_page_is_encrypted() -> None:
    sealed = banner("0.0.0.0", 8443, 2, encrypted=True)
    assert sealed[0].startswith("Tag Team in the browser: https://0.0.0.0:8443/")
    assert any(line.startswith("The page is encrypted") for line in sealed)
    assert not any("not encrypted" in line for line in sealed)
    assert any("anyone who can reach port 8443" in line for line in sealed)
    plain = banner("0.0.0.0", 8000, 2)
    assert sum("not encrypted" in line for line in plain) == 1
