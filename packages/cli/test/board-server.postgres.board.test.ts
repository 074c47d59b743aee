/** `digestlab web` as a board on PostgreSQL (a database per test): `npm run test:board`. */
import { boardServerSuite } from './board-server-suite.js';
import { freshDatabase } from './postgres-db.js';

boardServerSuite('PostgreSQL', freshDatabase);
