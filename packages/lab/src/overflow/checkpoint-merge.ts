/**
 * A resumed checkpoint merged with the jobs of the run that continues it: a finished job keeps its record, a saved
 * state becomes the job's resume point, and a job the checkpoint lacks starts from nothing.
 */
import { UsageError } from '../select.js';
import {
  CHECKPOINT_SCHEMA,
  type CheckpointFile,
  decodeState,
  type JobCheckpoint,
  type RunParams,
} from './checkpoint.js';
import type { PlannedJob } from './job.js';
import type { Resumed } from './resume.js';

/**
 * The checkpoint a run starts from: each job's saved entry when the resumed checkpoint has one (a finished record is
 * kept, a saved state becomes the job's resume point), else an empty entry. Sets `record` and `resume` on the jobs.
 */
export function mergeResume(jobs: PlannedJob[], run: RunParams, resumed?: Resumed): CheckpointFile {
  const cp: CheckpointFile = { schema: CHECKPOINT_SCHEMA, updated: '', run, jobs: {} };
  for (const job of jobs) {
    const saved = resumed?.checkpoint.jobs[job.key];
    const entry: JobCheckpoint = saved ?? {
      algorithm: job.algorithm,
      provider: job.provider,
      bytes: 0,
      seconds: 0,
      state: null,
      record: null,
    };
    cp.jobs[job.key] = entry;
    if (!saved) continue;
    // a SHAKE record saved before records had outputLength gets the job's (it is matched to its expectation by it)
    if (saved.record) {
      const old = saved.record.outputLength === undefined && job.outputLength !== undefined;
      job.record = old ? { ...saved.record, outputLength: job.outputLength } : { ...saved.record };
    } else if (saved.state) {
      let state: Uint8Array;
      try {
        state = decodeState(saved.state);
      } catch {
        throw new UsageError(`checkpoint ${resumed?.source}: job "${job.key}" has a damaged state`);
      }
      job.resume = { bytes: saved.bytes, seconds: saved.seconds, state };
    }
  }
  return cp;
}
