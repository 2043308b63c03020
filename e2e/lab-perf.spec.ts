import { expect, test, type Page } from "@playwright/test";
import heavy from "./heavyScenarios.json" with { type: "json" };
import { openLab } from "./lab";

/**
 * Measurements, not assertions (speed is measured and reported, never asserted by timed tests).
 * Run with LAB_PERF=1 npx playwright test e2e/lab-perf.spec.ts; the figures are printed and
 * attached to the report. Each measures in the page: frame gaps with requestAnimationFrame, and
 * input-to-paint with the Event Timing API (which reports events of 16 ms or more), and the page's
 * JS heap (CDP, after a forced collection).
 */
test.skip(!process.env.LAB_PERF, "set LAB_PERF=1 to measure the lab");
// Measuring takes a while, more so on a busy machine; the figures say how busy it was.
test.setTimeout(180_000);

/** Five clients, random pauses, 70 s: 5,146 events. */
const FIVE_THOUSAND = Buffer.from(
  JSON.stringify({
    version: 1,
    durationMs: 70_000,
    service: { kind: "redis", ttlMs: 5000 },
    clients: { count: 5, workMs: [500, 3000] },
    workload: { kind: "counter", jobsPerClient: 20 },
    chaos: { pauseEveryMs: 8000, pauseMs: [100, 8000] },
  }),
).toString("base64url");

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
}

/** Collects the gaps between animation frames for `ms` while `during` runs. */
async function frameGaps(page: Page, ms: number, during: () => Promise<void>): Promise<FrameStats> {
  await page.evaluate((duration) => {
    const w = window as unknown as { __gaps: number[] };
    w.__gaps = [];
    let last = performance.now();
    const end = last + duration;
    const frame = (now: number) => {
      w.__gaps.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, ms);
  await during();
  await page.waitForTimeout(ms + 100);
  const gaps = await page.evaluate(() =>
    (window as unknown as { __gaps: number[] }).__gaps.slice(1).sort((a, b) => a - b),
  );
  const at = (q: number) => Math.round(gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))]! * 10) / 10;
  return { frames: gaps.length, p50: at(0.5), p95: at(0.95), max: Math.round(gaps[gaps.length - 1]! * 10) / 10 };
}

/** Input-to-paint (ms) of each keyboard event since `since` that took 16 ms or more (Event Timing). */
async function slowInputs(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (start) =>
      new Promise<number[]>((resolve) => {
        const durations: number[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.startTime >= start && (e.name === "keydown" || e.name === "input")) durations.push(e.duration);
        }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
        setTimeout(() => resolve(durations), 300);
      }),
    since,
  );
}

/**
 * Presses → on a slider `presses` times after one warm-up press, and reports how many inputs
 * reached 16 ms to paint and the slowest of them (Event Timing rounds to 8 ms).
 */
async function inputToPaint(page: Page, name: string, presses: number) {
  const slider = page.getByRole("slider", { name });
  await slider.focus();
  await slider.press("ArrowRight");
  await page.waitForTimeout(200);
  // Also timed by hand: from the input event to the start of the frame after the one that paints
  // the change (two animation frames later), an upper bound on input-to-paint.
  const since = await page.evaluate(() => {
    const w = window as unknown as { __inputs: number[] };
    w.__inputs = [];
    document.addEventListener(
      "input",
      (event) =>
        requestAnimationFrame(() => requestAnimationFrame(() => w.__inputs.push(performance.now() - event.timeStamp))),
      { capture: true },
    );
    return performance.now();
  });
  for (let i = 0; i < presses; i++) {
    await slider.press(i % 2 ? "ArrowLeft" : "ArrowRight");
    await page.waitForTimeout(80);
  }
  const slow = await slowInputs(page, since);
  const byHand = (await page.evaluate(() => (window as unknown as { __inputs: number[] }).__inputs)).sort(
    (a, b) => a - b,
  );
  return {
    presses,
    eventTimingOver16ms: slow.length,
    eventTimingSlowestMs: slow.length ? Math.max(...slow) : "< 16",
    toNextFrameMedianMs: Math.round(byHand[Math.floor(byHand.length / 2)]!),
    toNextFrameMaxMs: Math.round(byHand[byHand.length - 1]!),
  };
}

/**
 * From each input on a slider to the first frame after the diagram has drawn the new run (the
 * layers the playhead reveals change), for a run simulated off the main thread: the input's own
 * paint comes at once, this is how long the learner waits for the answer.
 */
async function inputToNewRun(page: Page, name: string, presses: number) {
  const slider = page.getByRole("slider", { name });
  await slider.focus();
  await page.evaluate(() => {
    const w = window as unknown as { __runs: number[]; __since: number | null };
    w.__runs = [];
    w.__since = null;
    document.addEventListener("input", (event) => (w.__since = event.timeStamp), { capture: true });
    const layers = document.querySelector("svg[aria-label='Space-time diagram'] svg")!;
    new MutationObserver(() => {
      const since = w.__since;
      if (since === null) return;
      w.__since = null;
      requestAnimationFrame(() => w.__runs.push(performance.now() - since));
    }).observe(layers, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  for (let i = 0; i < presses; i++) {
    await slider.press(i % 2 ? "ArrowLeft" : "ArrowRight");
    await page.waitForFunction((n) => (window as unknown as { __runs: number[] }).__runs.length > n, i, {
      timeout: 30_000,
    });
  }
  const runs = (await page.evaluate(() => (window as unknown as { __runs: number[] }).__runs)).sort((a, b) => a - b);
  return {
    presses,
    medianMs: Math.round(runs[Math.floor(runs.length / 2)]!),
    maxMs: Math.round(runs[runs.length - 1]!),
  };
}

function report(name: string, value: unknown) {
  const text = `${name}: ${JSON.stringify(value)}`;
  console.log(text);
  test.info().annotations.push({ type: "measure", description: text });
}

test("input to paint when a slider moves, for the presets", async ({ page }) => {
  for (const preset of [
    "gc-pause",
    "gc-pause-fenced",
    "redlock-clock-jump",
    "etcd-fenced",
    "chaos-default",
    "zk-partition",
    "chubby-lock-delay",
  ]) {
    await openLab(page, `?preset=${preset}`);
    await expect(page.getByRole("region", { name: "Outcome" }).getByRole("status")).not.toContainText("Simulating");
    report(`input-to-paint, Clock skew, ${preset}`, await inputToPaint(page, "Clock skew", 10));
  }
});

test("frame gaps with 5,000 events: playing, zooming and panning", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLab(page, `?s=${FIVE_THOUSAND}&t=0`);
  await expect(page.getByRole("region", { name: "Outcome" }).getByRole("status")).not.toContainText("Simulating");
  // The run goes to the worker: measure once the diagram shows it (its fifth client's lane), not
  // the default run drawn in the page's HTML while it is on its way.
  await expect(
    page.getByRole("group", { name: "Space-time diagram" }).getByText("c5", { exact: true }).first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Simulating a large run in the background…")).toHaveCount(0);
  const events = await page.evaluate(() => document.querySelectorAll("svg[aria-label='Space-time diagram'] *").length);
  report("SVG elements in the diagram, fitted", events);

  await page.getByRole("combobox", { name: "Speed" }).selectOption("20");
  const play = () => page.getByRole("button", { name: "Play", exact: true }).click();
  report("frame gaps ms while playing at 20 s/s, the first time", await frameGaps(page, 3000, play));
  // A 70 s run at 20 s/s stops by itself soon after the measurement; wait for that rather than
  // racing it to the Pause button.
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible({ timeout: 30_000 });
  // Played again from the start: the browser has compiled the code that draws each frame.
  await page.getByRole("slider", { name: "Playhead" }).focus();
  await page.keyboard.press("Home");
  report("frame gaps ms while playing at 20 s/s, again", await frameGaps(page, 3000, play));
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible({ timeout: 30_000 });

  const svg = page.getByRole("group", { name: "Space-time diagram" });
  const box = (await svg.boundingBox())!;
  report(
    "frame gaps ms while zooming with Ctrl + wheel",
    await frameGaps(page, 2000, async () => {
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      await page.keyboard.down("Control");
      for (let i = 0; i < 20; i++) {
        await page.mouse.wheel(0, i < 10 ? -120 : 120);
        await page.waitForTimeout(40);
      }
      await page.keyboard.up("Control");
    }),
  );
  report(
    "frame gaps ms while dragging to pan",
    await frameGaps(page, 2000, async () => {
      await page.getByRole("button", { name: "Zoom in" }).click();
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 0; i < 30; i++) await page.mouse.move(box.x + box.width * 0.7 - i * 12, box.y + box.height / 2);
      await page.mouse.up();
    }),
  );
  report("input-to-paint, Lease TTL, 5,000-event run", await inputToPaint(page, "Lease TTL", 6));
  report("input to the new run drawn, Lease TTL, 5,000-event run", await inputToNewRun(page, "Lease TTL", 6));
});

test("JS heap while the lab holds a run at the event cap", async ({ page }) => {
  const capped = heavy.find((h) => h.name === "Redis renewed every 1 ms")!.scenario;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const heapMb = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const mb = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) / 1e5) / 10;
    return { usedMb: mb("JSHeapUsedSize"), totalMb: mb("JSHeapTotalSize") };
  };
  await openLab(page, "");
  report("JS heap, the default run", await heapMb());
  await openLab(page, `?s=${Buffer.from(JSON.stringify(capped)).toString("base64url")}`, { timeout: 120_000 });
  await expect(page.getByRole("region", { name: "Outcome" }).getByRole("status")).not.toContainText("Simulating", {
    timeout: 150_000,
  });
  // The page holds the prepared run (timeline model in typed arrays, story, facts), not the event log.
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("stopped at the event limit");
  report("JS heap, a run stopped at the 500,000-event cap", await heapMb());
});
