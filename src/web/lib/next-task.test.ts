import { describe, expect, it } from "vitest";
import { startEachInItsOwnTask } from "./next-task.ts";

/** Records the task each download starts in: a timer bumps the task number between them. */
function recorder() {
  let task = 0;
  let ticking = true;
  const tick = () => {
    task += 1;
    if (ticking) setTimeout(tick);
  };
  setTimeout(tick);
  return {
    current: () => task,
    stop: () => {
      ticking = false;
    },
  };
}

describe("startEachInItsOwnTask", () => {
  it("starts each download in a task of its own and resolves with their answers in order", async () => {
    const tasks = recorder();
    const startedIn: number[] = [];
    const answers = await startEachInItsOwnTask(
      ["a", "b", "c"].map((answer, i) => () => {
        startedIn.push(tasks.current());
        // The later downloads answer first: the order of the answers is the order of the starts.
        return new Promise<string>((resolve) => setTimeout(() => resolve(answer), 30 - 10 * i));
      }),
    );
    tasks.stop();
    expect(answers).toEqual(["a", "b", "c"]);
    expect(new Set(startedIn).size).toBe(3);
  });

  it("fails as the first failed download fails, and still starts the others", async () => {
    let started = 0;
    const failing = startEachInItsOwnTask([
      () => {
        started += 1;
        return Promise.reject(new Error("offline"));
      },
      () => {
        started += 1;
        return Promise.resolve("b");
      },
    ]);
    await expect(failing).rejects.toThrow("offline");
    expect(started).toBe(2);
  });

  it("resolves at once with nothing to start", async () => {
    await expect(startEachInItsOwnTask([])).resolves.toEqual([]);
  });
});
