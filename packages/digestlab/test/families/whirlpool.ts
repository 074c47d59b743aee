/** Whirlpool: what the tests know of it, written down apart from the library (see ./known.ts). */
import { WHIRLPOOL_REFERENCE } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const WHIRLPOOL: KnownFamily = {
  family: 'Whirlpool',
  sources: '`rhash --whirlpool` (RHash 1.4.3); `openssl dgst -whirlpool -provider legacy -provider default` agrees',
  algorithms: {
    WHIRLPOOL: {
      nodeName: 'whirlpool',
      digestLength: 64,
      blockLength: 64,
      oids: ['1.0.10118.3.0.55'],
      code: 41,
      chain: 64,
      broken: false,
      accepted: ['WHIRLPOOL', 'Whirlpool', '1.0.10118.3.0.55', 'OID.1.0.10118.3.0.55'],
      providers: ['ts', 'wasm'],
      entry: { module: 'whirlpool', name: 'whirlpool' },
      empty:
        '19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3',
      millionA:
        '0c99005beb57eff50a7cf005560ddf5d29057fd86b20bfd62deca0f1ccea4af51fc15490eddc47af32bb2b66c34ff9ad8c6008ad677f77126953b226e4ed8b01',
      boundaryReference: WHIRLPOOL_REFERENCE,
    },
  },
};
