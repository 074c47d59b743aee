/** What the bench view gives a run's view (bench-run.ts, overflow-view.ts): the Worker, the boxes, the page's lines. */
export interface RunViewDeps {
  worker: Worker;
  progressBox: HTMLElement;
  resultsBox: HTMLElement;
  collector: Promise<boolean>;
  /** The page's state for readers and tests: running, done, error. */
  state(s: string): void;
  /** Shows the page's error line. */
  showError(message: string): void;
  /** Called once the run has ended, whatever the outcome. */
  ended(): void;
}
