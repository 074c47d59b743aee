/**
 * `digestlab cksum` as a drop-in for coreutils 9.1's cksum, against what cksum printed for the cksum scenario
 * (scripts/vectors/cksum-scenario.mjs), stored in vectors/tools/cksum.json: CRC, sysv and bsd lines, every digest
 * tagged and untagged, -z, -l, standard input, missing files and folders, refusals, -c both ways. No outside program
 * is run here: cksum.refs.test.ts runs cksum again. What we do differently on purpose is in cksum-extensions.test.ts.
 */
import { CKSUM_MODE, describeToolMode } from './tool-mode.js';
import { stored } from './transcripts.js';

describeToolMode(CKSUM_MODE, 'digestlab cksum as coreutils 9.1 (vectors/tools/cksum.json)', () => stored('cksum'));
