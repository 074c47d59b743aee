/**
 * Every peer library behind its adapter. Peers are dependencies of @digestlab/lab only, never of the library.
 * Each is loaded by dynamic import when its row first runs, so a peer that cannot load on a runtime (say, one that
 * needs Node's Buffer in a browser) fails its own row and nothing else.
 */
import type { Row } from '../rows.js';
import { blake3Wasm } from './blake3-wasm.js';
import { cryptoJsRow } from './crypto-js.js';
import { jsMd2, jsMd5, jsMd5Top, jsSha1, jsSha1Top, jsSha3, jsSha256, jsSha256Top, jsSha512 } from './emn178.js';
import { hashWasm } from './hash-wasm.js';
import { jsshaRow } from './jssha.js';
import { noble } from './noble.js';
import { nodeCryptoHash } from './node-crypto-hash.js';
import { forgeRow } from './node-forge.js';
import { shajsRow } from './sha-js.js';
import { sparkMd5Row } from './spark-md5.js';
import { xxhashWasm } from './xxhash-wasm.js';

/** node:crypto.hash first: beside the host's node:crypto (createHash) row in every table. */
export const PEERS: readonly Row[] = [
  nodeCryptoHash,
  noble,
  hashWasm,
  blake3Wasm,
  xxhashWasm,
  jsSha256,
  jsSha256Top,
  jsSha1,
  jsSha1Top,
  jsSha512,
  jsMd5,
  jsMd5Top,
  jsMd2,
  jsSha3,
  cryptoJsRow,
  forgeRow,
  jsshaRow,
  sparkMd5Row,
  shajsRow,
];

/** npm packages the peers come from, for reading their installed versions. */
export const PEER_PACKAGES: readonly string[] = [...new Set(PEERS.map((p) => p.library))];
