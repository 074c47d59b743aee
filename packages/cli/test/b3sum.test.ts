/**
 * `digestlab sum -a blake3` as a drop-in for Debian's b3sum 1.2.0, against what b3sum printed for the b3sum scenario
 * of scripts/vectors/tool-transcripts.mjs, stored in vectors/tools/b3sum.json: lines, escaped names, standard input,
 * -l, --no-names, --raw, --keyed, --derive-key, missing files, clap's usage errors, -c both ways, node --jitless. No
 * outside program is run here: b3sum.refs.test.ts runs b3sum again (the stored file still true, and fresh random
 * files). The tests themselves are in b3sum-mode.ts.
 */
import { describeB3sumMode } from './b3sum-mode.js';
import { stored } from './transcripts.js';

describeB3sumMode('digestlab sum -a blake3 as b3sum 1.2.0 (vectors/tools/b3sum.json)', () => stored('b3sum'));
