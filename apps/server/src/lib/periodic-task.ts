/**
 * Runs `task` once `firstAfterMs` after start (servers restart more often than the period) and
 * then every `everyMs`, never two runs at once, until the returned function is called. A failed
 * run goes to `onError` and the next one tries again. The timers do not keep the process alive.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  timing: { firstAfterMs: number; everyMs: number },
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, timing.firstAfterMs);
  const every = setInterval(run, timing.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
