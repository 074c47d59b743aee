/**
 * Parser of NIST CAVP response files (vectors/cavp/*.rsp) and of the files written in the same format
 * (vectors/rfc/rfc-1321.txt, vectors/md2-java.txt, and the HMAC vectors vectors/hmac/rfc-*.txt with a key each).
 *
 *   ShortMsg / LongMsg:  Len = <bits>  Msg = <hex>  MD = <hex>    (Len = 0 is written Msg = 00: the empty message)
 *   HMAC:                Len = <bits>  Key = <hex>  Msg = <hex>  MD = <hex>  (the MAC)
 *   Monte:               Seed = <hex>, then COUNT = <j>  MD = <hex> for each of the 100 checkpoints
 *   SHAKE:               Output instead of MD; Monte starts from Msg instead of Seed, and each checkpoint gives
 *                        Outputlen = <bits>; VariableOut records are COUNT, Outputlen, Msg, Output
 *
 * `#` lines are comments. `[L = n]` gives the digest length (in bytes in the SHA-1/SHA-2 files, in bits in the
 * SHA-3 ones); other `[Name = n]` headers are kept in `params`; a bracketed line without a value is a note.
 * Anything else is an error, so a format change cannot silently leave a test with nothing to check.
 */
import { hexToBytes } from './common.js';

export interface MsgVector {
  /** Message length in bits, as the file gives it. */
  len: number;
  msg: Uint8Array;
  /** HMAC vectors: the key. */
  key?: Uint8Array;
  /** Expected digest (or MAC), lowercase hex. */
  md: string;
  /** Output length in bits, where each record gives its own (SHAKE VariableOut). */
  outputLen?: number;
}

export interface MonteCheckpoint {
  count: number;
  md: string;
  /** SHAKE: the checkpoint's output length in bits. */
  outputLen?: number;
}

export interface Rsp {
  /** Digest length from `[L = n]`, when the file has it: bytes (SHA-1, SHA-2) or bits (SHA-3). */
  l?: number;
  /** The other `[Name = n]` headers: SHAKE's `Outputlen`, `Minimum Output Length (bits)`, ... */
  params: Record<string, number>;
  vectors: MsgVector[];
  /** Monte files: the initial seed. */
  seed?: Uint8Array;
  monte: MonteCheckpoint[];
}

function hex(value: string, where: string): string {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(value)) throw new Error(`${where}: not hex bytes: ${value.slice(0, 40)}`);
  return value.toLowerCase();
}

export function parseRsp(text: string, name = 'rsp'): Rsp {
  const out: Rsp = { vectors: [], monte: [], params: {} };
  let len: number | undefined;
  let msg: string | undefined;
  let macKey: string | undefined;
  let count: number | undefined;
  let outputLen: number | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const where = `${name}:${i + 1}`;
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([^=\]]+?)\s*=\s*(\d+)\]$/.exec(line);
    if (header) {
      if (header[1] === 'L') out.l = Number(header[2]);
      else out.params[header[1]] = Number(header[2]);
      continue;
    }
    if (/^\[[^=\]]*\]$/.test(line)) continue;
    const kv = /^(\w+)\s*=\s*(\S*)$/.exec(line);
    if (!kv) throw new Error(`${where}: cannot parse ${JSON.stringify(line)}`);
    const [, key, value] = kv;
    switch (key) {
      case 'Len':
        len = Number(value);
        if (!Number.isSafeInteger(len) || len < 0 || len % 8 !== 0) throw new Error(`${where}: Len ${value}`);
        break;
      case 'Msg':
        // without Len or COUNT before it: the initial message of a SHAKE Monte file
        if (len === undefined && count === undefined) out.seed = hexToBytes(hex(value, where));
        else msg = hex(value, where);
        break;
      case 'Outputlen':
        outputLen = Number(value);
        if (!Number.isSafeInteger(outputLen) || outputLen % 8 !== 0) throw new Error(`${where}: Outputlen ${value}`);
        break;
      case 'Key':
        macKey = hex(value, where);
        break;
      case 'Seed':
        out.seed = hexToBytes(hex(value, where));
        break;
      case 'COUNT':
        count = Number(value);
        if (!Number.isSafeInteger(count)) throw new Error(`${where}: COUNT ${value}`);
        break;
      case 'MD':
      case 'Output': {
        const md = hex(value, where);
        if (out.l !== undefined && md.length !== 2 * out.l && md.length * 4 !== out.l) {
          throw new Error(`${where}: ${key} is not of length ${out.l}`);
        }
        const bits = outputLen ?? out.params.Outputlen;
        if (bits !== undefined && md.length * 4 !== bits) throw new Error(`${where}: ${key} is not ${bits} bits`);
        if (count !== undefined && msg !== undefined) {
          // a VariableOut record
          const bytes = hexToBytes(msg);
          out.vectors.push({ len: 8 * bytes.length, msg: bytes, md, outputLen: bits });
          [count, msg, outputLen] = [undefined, undefined, undefined];
        } else if (count !== undefined) {
          out.monte.push({ count, md, ...(outputLen === undefined ? {} : { outputLen }) });
          count = undefined;
          outputLen = undefined;
        } else if (len !== undefined && msg !== undefined) {
          // Len = 0 comes with Msg = 00: one byte written, none meant.
          const bytes = len === 0 ? new Uint8Array(0) : hexToBytes(msg);
          if (bytes.length * 8 !== len)
            throw new Error(`${where}: Msg has ${bytes.length} bytes, Len says ${len} bits`);
          out.vectors.push(
            macKey === undefined ? { len, msg: bytes, md } : { len, msg: bytes, key: hexToBytes(macKey), md },
          );
          len = undefined;
          msg = undefined;
          macKey = undefined;
        } else {
          throw new Error(`${where}: MD without Len and Msg, or COUNT`);
        }
        break;
      }
      default:
        throw new Error(`${where}: unknown key ${key}`);
    }
  }
  if (
    len !== undefined ||
    msg !== undefined ||
    macKey !== undefined ||
    count !== undefined ||
    outputLen !== undefined
  ) {
    throw new Error(`${name}: unfinished record`);
  }
  return out;
}
