/** Types of reference-programs.mjs, for the tests that import it. */
export declare const REFERENCES: Readonly<Record<string, string>>;
export declare const REFERENCE_PROGRAMS: Readonly<Record<string, string>>;
export declare function which(program: string, path?: string): string | undefined;
export declare function requireProgram(program: string): string;
export declare function requireFile(file: string): string;
export declare function missingPackages(): string[];
export declare function pathWithout(path?: string): { path: string; cleanup: () => void };
