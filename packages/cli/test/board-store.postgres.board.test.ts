/** The store suite against a PostgreSQL server (a database per test): `npm run test:board`. */
import { openStore } from '../src/board/open.js';
import { storeSuite } from './board-suite.js';
import { freshDatabase } from './postgres-db.js';

storeSuite('PostgreSQL', async () => openStore(await freshDatabase('store')));
