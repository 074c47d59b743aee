/** The little a store needs of a SQL connection, so that one store's code runs on PGlite and on PostgreSQL alike. */

/** One parameterised statement; resolves to its rows. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Sql {
  query: Query;
  /** Runs `f` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(f: (q: Query) => Promise<T>): Promise<T>;
  /** Statements that take no parameters, several at once. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}
