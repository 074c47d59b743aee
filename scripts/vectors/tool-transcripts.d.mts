/** Types of tool-transcripts.mjs, for the tests that import it. */

/** An output as stored (its text when UTF-8, else base64), or an input (also zeros, or a size and sha256 only). */
export type Stored = string | { base64: string } | { zeros: number } | { bytes: number; sha256: string };

/** How the tests compare our command with a case: see the b3sum scenario in tool-transcripts.mjs. */
export type Check = 'same' | 'exit' | 'clap';

/** A command line of a scenario; its standard input is text, zeros, or the stdout of an earlier case. */
export interface CaseStep {
  id: string;
  args: readonly string[];
  stdin?: string | { zeros: number } | { stdoutOf: string };
  group?: string;
  check?: Check;
  jitless?: boolean;
}

/** A file written between cases: the stdout of an earlier case, then `append`. */
export interface WriteStep {
  write: string;
  stdoutOf: string;
  append?: string;
}

export interface ScenarioFile {
  name: string;
  made?: string;
  folder?: boolean;
  bytes?: () => Buffer;
}

export interface Scenario {
  program: string;
  about: string;
  env: Record<string, string>;
  files: readonly ScenarioFile[];
  steps: readonly (CaseStep | WriteStep)[];
}

export interface StoredCase {
  id: string;
  args: string[];
  stdin: Stored;
  stdout: Stored;
  stderr: Stored;
  code: number | null;
}

export interface Transcript {
  scenario: string;
  about: string;
  program: string;
  package?: string;
  made: string;
  recorded: string;
  random?: boolean;
  env: Record<string, string>;
  files: { name: string; made?: string; folder?: boolean; content?: Stored }[];
  cases: StoredCase[];
}

/** A case with what the program did: its standard input, stdout, stderr and exit code. */
export interface Run extends Omit<CaseStep, 'stdin'> {
  stdin: Buffer;
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

export declare const SCENARIOS: Readonly<Record<string, Scenario>>;
export declare const B3_PARALLEL_SIZES: readonly number[];
export declare const B3_PARALLEL_FILES: readonly string[];
export declare const RHASH_NAMES: readonly string[];
export declare const RHASH_PLAIN: readonly string[];
export declare function transcriptPath(name: string): string;
export declare function bytesOf(stored: Stored): Buffer;
export declare function record(name: string, dir: string, options?: { random?: boolean }): Transcript;
export declare function readTranscript(name: string): Transcript;
export declare function runsOf(name: string, transcript: Transcript): Map<string, Run>;
export declare function prepare(name: string, dir: string, transcript: Transcript): Map<string, Run>;
export declare function differences(stored: Transcript, live: Transcript): string[];
export declare function format(transcript: Transcript): string;
