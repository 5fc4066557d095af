/**
 * Resolves in a task of its own: code that awaits it lets the browser paint and answer taps first, so
 * that a phone's main thread is not held by one long task of the app's start (each task past 50 ms of it
 * is time a tap waits).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
