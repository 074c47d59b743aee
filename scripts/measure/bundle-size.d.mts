/** Types of bundle-size.mjs, for the tests that import it. */
export interface SizeRow {
  name: string;
  bytes: number;
  gzip: number;
}
export declare const ENTRIES: Record<string, string>;
export declare const ROOT_README: URL;
export declare const PACKAGE_README: URL;
export declare function measure(contents: string): Promise<{ bytes: number; gzip: number; inputs: string[] }>;
export declare function measureAll(): Promise<SizeRow[]>;
export declare function markdownTable(rows: readonly SizeRow[]): string;
export declare function readmeTable(text: string): { start: number; end: number; rows: SizeRow[] };
export declare function kB(bytes: number): number;
export declare function packageReadmeSize(text: string): { bytes: number; gzip: number };
export declare function withSizes(
  rootText: string,
  pkgText: string,
  rows: readonly SizeRow[],
  today?: string,
): { root: string; pkg: string };
