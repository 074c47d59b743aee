#!/usr/bin/env python3
"""BLAKE2b and BLAKE2s vectors from CPython's hashlib (its own BLAKE2, Modules/_blake2), and HMAC over them from
CPython's hmac: vectors/blake2/hashlib.json. Run from the repository root:

    python3 scripts/vectors/gen-blake2-vectors.py > vectors/blake2/hashlib.json

Messages are bytes i * 7 + 3 (mod 256), of lengths around the block edges; every output length with and without a
key of the longest size; keys of every size class; salts and personalizations of 0, 1, the longest - 1 and the
longest bytes (zero-padded by hashlib); all of them together.
"""
import hashlib
import hmac
import json
import platform
import sys


def msg(n):
    return bytes((i * 7 + 3) & 0xFF for i in range(n))


def case(f, n, **kw):
    out = {"length": n}
    for k, v in kw.items():
        out[k] = v.hex() if isinstance(v, bytes) else v
    params = {("person" if k == "personalization" else k): v for k, v in kw.items()}
    if "outputLength" in params:
        params["digest_size"] = params.pop("outputLength")
    out["digest"] = f(msg(n), **params).hexdigest()
    return out


def family(f, word):
    block, most, short = 16 * word, 8 * word, 2 * word
    lengths = [0, 1, 3, block - 1, block, block + 1, 2 * block - 1, 2 * block, 2 * block + 1, 1000]
    cases = [case(f, n) for n in lengths]
    for n in range(1, most + 1):
        cases.append(case(f, 3, outputLength=n))
        cases.append(case(f, block + 1, outputLength=n, key=msg(most)))
    for k in [1, 2, most - 1, most]:
        for n in [0, 1, block, block + 1]:
            cases.append(case(f, n, key=msg(k)[::-1]))
    for s in [0, 1, short - 1, short]:
        cases.append(case(f, 100, salt=msg(s)))
        cases.append(case(f, 100, personalization=msg(s)[::-1]))
    for n in [0, block, 3 * block + 5]:
        cases.append(case(f, n, outputLength=most // 2 + 3, key=msg(5), salt=msg(short), personalization=msg(3)))
    return cases


def hmacs(f):
    out = []
    for k in [0, 1, 64, 65, 128, 129, 200]:
        for n in [0, 3, 129]:
            key = msg(k)[::-1]
            out.append({"key": key.hex(), "length": n, "mac": hmac.new(key, msg(n), f).hexdigest()})
    return out


json.dump(
    {
        "generator": "scripts/vectors/gen-blake2-vectors.py (CPython %s, hashlib.blake2b/blake2s, hmac.new)" % platform.python_version(),
        "message": "bytes (i * 7 + 3) mod 256 of the case's length; keys, salts and personalizations as hex",
        "BLAKE2b": family(hashlib.blake2b, 8),
        "BLAKE2s": family(hashlib.blake2s, 4),
        "HmacBLAKE2b": hmacs(hashlib.blake2b),
        "HmacBLAKE2s": hmacs(hashlib.blake2s),
    },
    sys.stdout,
    indent=1,
)
sys.stdout.write("\n")
