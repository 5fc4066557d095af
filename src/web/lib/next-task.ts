/**
 * Resolves in a task of its own: code that awaits it lets the browser paint and answer taps first, so
 * that a phone's main thread is not held by one long task of the app's start (each task past 50 ms of it
 * is time a tap waits).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Starts each download in a task of its own and resolves with them all, in order. A download started
 * from script costs a phone's main thread several milliseconds (an area's texts are a dozen files), so
 * started together they made one long task.
 */
export async function startEachInItsOwnTask<T>(starts: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const started: Promise<T>[] = [];
  for (const start of starts) {
    const download = start();
    // Handled by the Promise.all below; this keeps a failure before it is reached from being reported.
    download.catch(() => {});
    started.push(download);
    await nextTask();
  }
  return Promise.all(started);
}
