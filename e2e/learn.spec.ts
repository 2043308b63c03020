import { expect, test, type Page } from "@playwright/test";
import { lessonContentLoad } from "@/lib/content/lessonLoad";
import type { LessonPredict } from "@/lib/content/lessonTypes";
import { optionPrecision } from "@/lib/content/predictBalance";
import { expectNoSeriousA11yViolationsInBothThemes } from "./axe";
import { watchForErrors } from "./pageErrors";

// The tests read the lessons, the guide and the table from the content itself.
const { lessons, guide, comparison } = lessonContentLoad();
const leases = lessons.find((lesson) => lesson.slug === "02-leases")!;
const last = lessons[lessons.length - 1]!;

const simulation = (page: Page, title: string) => page.getByRole("region", { name: `Simulation: ${title}` });
/** The playhead's time in seconds, read from the slider's value text ("17.012 s of 60 s"). */
const playheadSeconds = async (region: ReturnType<typeof simulation>) =>
  Number.parseFloat((await region.getByRole("slider", { name: "Playhead" }).getAttribute("aria-valuetext")) ?? "NaN");

test("a lesson opens with its objectives, and its prediction is graded and then the run plays on", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto(`/learn/${leases.slug}/`);
  await expect(page.getByRole("heading", { level: 1, name: leases.title })).toBeVisible();
  await expect(page.getByRole("region", { name: "By the end of this lesson" }).getByRole("listitem")).toHaveCount(
    leases.objectives.length,
  );

  const predict = leases.blocks.find((block) => block.kind === "predict")!;
  const held = simulation(page, predict.preset.title).first();
  // A run is simulated once the learner scrolls near it.
  await held.scrollIntoViewIfNeeded();
  // Held at the moment in question: the playhead stops there and the outcome is hidden.
  await expect(held.getByText("The outcome is hidden until you answer.")).toBeVisible();
  await expect.poll(() => playheadSeconds(held)).toBeCloseTo(predict.at / 1000, 1);
  await expect(held.getByRole("button", { name: "Step forward" })).toBeDisabled();

  const form = page.getByRole("group", { name: new RegExp(predict.question.slice(0, 30)) });
  await form.getByRole("radio", { name: predict.options[predict.answer] }).check();
  // The lesson's first prediction is the one asked.
  await page.getByRole("button", { name: "Check my prediction" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Right." })).toContainText("You predicted it.");
  await expect(form.getByRole("radio").first()).toBeDisabled();

  // The run plays on past the moment (to its last event, c2's write and release), and its outcome appears.
  await expect.poll(() => playheadSeconds(held)).toBeGreaterThan(predict.at / 1000 + 0.1);
  await expect(held.getByText("Unsafe", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/learn/${leases.slug}/`);
  expect(errors).toEqual([]);
});

test("a wrong prediction is graded with the right answer", async ({ page }) => {
  await page.goto(`/learn/${leases.slug}/`);
  const predict = leases.blocks.find((block) => block.kind === "predict")!;
  const wrong = predict.options.findIndex((_, i) => i !== predict.answer);
  await page.getByRole("radio", { name: predict.options[wrong] }).first().check();
  await page.getByRole("button", { name: "Check my prediction" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Not quite." })).toContainText(
    `The answer is “${predict.options[predict.answer]}”`,
  );
});

test("a prediction owns its run: nothing on the page gives the answer before it is given, then the run plays on and the explanation follows", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const fencing = lessons.find((lesson) => lesson.slug === "04-fencing-tokens")!;
  // The first prediction: c1's stale write with token 1, after storage has accepted token 2.
  const predict = fencing.blocks.find((block): block is LessonPredict => block.kind === "predict")!;
  await page.goto(`/learn/${fencing.slug}/`);
  const runs = simulation(page, predict.preset.title);
  // One run of the preset on the whole page, held at the moment in question, with its outcome hidden.
  await expect(runs).toHaveCount(1);
  await runs.scrollIntoViewIfNeeded();
  await expect(runs.getByText("The outcome is hidden until you answer.")).toBeVisible();
  await expect.poll(() => playheadSeconds(runs)).toBeCloseTo(predict.at / 1000, 1);
  // The answer is nowhere on screen: not storage's reason, not the run's verdict, not the rejected write.
  await expect(page.getByText("1 < 2", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/rejects the write/)).toHaveCount(0);
  await expect(runs.getByText("Safe", { exact: true })).toHaveCount(0);
  await expect(runs.getByRole("button", { name: /^c1 write .*: rejected/ })).toHaveCount(0);

  const form = page.getByRole("group", { name: new RegExp(predict.question.slice(0, 30)) });
  await form.getByRole("radio", { name: predict.options[predict.answer] }).check();
  await page.getByRole("button", { name: "Check my prediction" }).first().press("Enter");
  // The result takes the focus, so a keyboard or screen-reader user goes on from there.
  const result = page
    .getByRole("status")
    .filter({ hasText: "Right." })
    .getByText(/You predicted it\./);
  await expect(result).toBeFocused();
  await expect(result).toContainText("Below it, the lesson explains what it shows.");
  // The explanation is shown, and the run plays on to storage's rejection and its verdict.
  await expect(page.getByText(/Storage rejects the write with the reason 1 < 2\./)).toBeVisible();
  await expect(page.getByText(/^The outcome under the run still reports an overlap/)).toBeVisible();
  await expect(runs.getByText("1 < 2", { exact: true })).toBeVisible();
  await expect.poll(() => playheadSeconds(runs)).toBeGreaterThan(predict.at / 1000 + 0.1);
  await expect(runs.getByRole("button", { name: /^c1 write .*: rejected/ })).toBeVisible();
  await expect(runs.getByText("Safe", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("lesson 6 asks whether a failover at Sentinel's pace grants a held lock again, and the answer shows the key would have expired first", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const redis = lessons.find((lesson) => lesson.slug === "06-redis-and-redlock")!;
  const predict = redis.blocks.find(
    (block): block is LessonPredict => block.kind === "predict" && block.preset.id === "redis-failover-sentinel",
  )!;
  await page.goto(`/learn/${redis.slug}/`);
  // Neither the rule nor the run's outcome is shown until the learner answers.
  await expect(page.getByText("TTL > detection + promotion", { exact: true })).toBeHidden();
  const run = simulation(page, predict.preset.title);
  await run.scrollIntoViewIfNeeded();
  await expect(run.getByText("The outcome is hidden until you answer.")).toBeVisible();
  await expect(run.getByText("Safe", { exact: true })).toHaveCount(0);

  const question = page.getByRole("group", { name: predict.question });
  // The question's form holds its options and its own Check button (other predictions have theirs).
  const form = page.locator("form").filter({ has: question });
  await question.getByRole("radio", { name: predict.options[predict.answer] }).check();
  await form.getByRole("button", { name: "Check my prediction" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Right." })).toBeVisible();
  await expect(page.getByText(/^c2's requests go unanswered until the replica is promoted/)).toBeVisible();
  await expect(page.getByText("TTL > detection + promotion", { exact: true })).toBeVisible();
  await expect(run.getByText("Safe", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const lesson of lessons) {
  const predictions = lesson.blocks.filter((block): block is LessonPredict => block.kind === "predict");
  if (predictions.length === 0) continue;
  test(`lesson ${lesson.number}: before a prediction is answered, its run is the only run of its preset on the page`, async ({
    page,
  }) => {
    await page.goto(`/learn/${lesson.slug}/`);
    await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
    for (const predict of predictions) {
      // Its question is asked once, and no complete run of the same preset is drawn anywhere.
      await expect(page.getByRole("group", { name: predict.question })).toHaveCount(1);
      await expect(simulation(page, predict.preset.title), `runs of ${predict.preset.id}`).toHaveCount(1);
    }
  });
}

test("dragging a live number with the keyboard changes the run that follows it, and its lab link", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto(`/learn/${leases.slug}/`);
  // The control and its run are in the first prediction's reveal: they would show the answer.
  const predict = leases.blocks.find((block): block is LessonPredict => block.kind === "predict")!;
  const live = predict.reveal.find((block) => block.kind === "live")!;
  await expect(page.getByRole("slider", { name: live.label })).toHaveCount(0);
  await page.getByRole("radio", { name: predict.options[predict.answer] }).first().check();
  await page.getByRole("button", { name: "Check my prediction" }).first().click();
  // The run the control drives is the last of its preset on the page.
  const driven = simulation(page, live.preset.title).last();
  await driven.scrollIntoViewIfNeeded();
  await expect(driven.getByText("Unsafe", { exact: true })).toBeVisible();
  await expect(driven.getByRole("link", { name: /^Open in lab/ })).toHaveAttribute(
    "href",
    `/lab/?preset=${live.preset.id}`,
  );

  const slider = page.getByRole("slider", { name: live.label });
  await slider.focus();
  // Up to 10 s: longer than the 8 s of work, so c1 finishes before its lease ends.
  for (let i = 0; i < 10; i++) await slider.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "10 s");
  await expect(driven.getByText("Safe", { exact: true })).toBeVisible();
  await expect(driven.getByText("changed by your setting")).toBeVisible();
  const href = await driven.getByRole("link", { name: /^Open in lab/ }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^/lab/\\?preset=${live.preset.id}&z=`));
  // The prediction's run above the control, and the page's URL, are untouched.
  await expect(simulation(page, live.preset.title)).toHaveCount(2);
  await expect(simulation(page, live.preset.title).first().getByText("changed by your setting")).toHaveCount(0);
  await expect(page).toHaveURL(`/learn/${leases.slug}/`);

  // Reset puts the preset back.
  await page.getByRole("button", { name: `Reset ${live.label}` }).click();
  await expect(slider).toHaveAttribute("aria-valuetext", "5 s");
  await expect(driven.getByText("Unsafe", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);

  // The link opens the lab on the changed scenario.
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "The lab", level: 1 })).toBeVisible();
  await expect(page.getByRole("slider", { name: "Lease TTL" })).toHaveAttribute("aria-valuetext", "10 s");
});

test("the TTL calculator suggests a setup with its reasoning, names a bad value and opens the lab", async ({
  page,
}) => {
  await page.goto(`/learn/${leases.slug}/`);
  const calculator = page.getByRole("region", { name: "TTL calculator" });
  // Lesson 2's worked example: W 45 s, P 5 s, 200 ppm, T 30 s.
  await expect(calculator.getByRole("definition")).toHaveText(["30 s", "10 s", "11 ms"]);
  await calculator.getByRole("spinbutton", { name: /Acceptable takeover time/ }).fill("");
  await expect(calculator.getByText("Acceptable takeover time must be a number.")).toBeVisible();
  await calculator.getByRole("spinbutton", { name: /Acceptable takeover time/ }).fill("60");
  await expect(calculator.getByRole("definition")).toHaveText(["50 s", "16.7 s", "15 ms"]);
  await calculator.getByRole("link", { name: "Try these values in the lab" }).click();
  await expect(page.getByRole("heading", { name: "The lab", level: 1 })).toBeVisible();
  await expect(page.getByRole("slider", { name: "Lease TTL" })).toHaveAttribute("aria-valuetext", "50 s");
});

test("the decision guide is walked to a recommendation with the keyboard, and Back and Restart work", async ({
  page,
}) => {
  await page.goto(`/learn/${last.slug}/`);
  const panel = page.getByRole("region", { name: "Decision guide" });
  // Correctness → not idempotent → no single owner → one database → one short transaction.
  const answers = ["Damaged data or money moved twice (a correctness lock)", "No", "No", "Yes", "Yes"];
  for (const answer of answers) {
    const button = panel.getByRole("button", { name: answer, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
  }
  const ending = guide.nodes["for-update"]!;
  if (ending.kind !== "ending") throw new Error("for-update is a recommendation");
  await expect(panel.getByRole("heading", { name: ending.recommendation })).toBeFocused();
  await expect(
    panel.getByRole("link", { name: `Lesson ${ending.lesson.number}: ${ending.lesson.title}` }),
  ).toHaveAttribute("href", `/learn/${ending.lesson.slug}/`);
  await expect(panel.getByRole("link", { name: `Open in lab: ${ending.preset.title}` })).toHaveAttribute(
    "href",
    `/lab/?preset=${ending.preset.id}`,
  );
  await expect(
    panel.getByRole("listitem").filter({ hasText: "Does the protected data live in one database?" }),
  ).toContainText("Yes");
  // The flowchart marks where the walk is.
  await expect(panel.getByText("▶ You are here")).toHaveCount(1);
  await expect(panel.getByText("✓ Answered")).toHaveCount(answers.length);

  await panel.getByRole("button", { name: "Back" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    panel.getByRole("heading", { name: "Can the read, the decision and the write happen in one short transaction?" }),
  ).toBeFocused();
  await panel.getByRole("button", { name: "Restart" }).press("Enter");
  const start = guide.nodes[guide.start]!;
  await expect(panel.getByRole("heading", { name: start.kind === "question" ? start.question : "" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Back" })).toBeDisabled();
});

test("the comparison table has headers, and its links open the lab on the right preset", async ({ page }) => {
  await page.goto(`/learn/${last.slug}/`);
  const table = page.getByRole("table", { name: /Comparison of the options/ });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Option",
    ...comparison.columns.map((column) => column.label),
  ]);
  await expect(table.getByRole("rowheader")).toHaveText(comparison.rows.map((row) => row.name));
  const linked = comparison.rows.flatMap((row) => row.cells.filter((cell) => cell.preset)).length;
  await expect(table.getByRole("link")).toHaveCount(linked);

  const etcd = comparison.rows.find((row) => row.name === "etcd")!;
  const failover = etcd.cells[comparison.columns.findIndex((column) => column.id === "failover")]!;
  await table
    .getByRole("row", { name: /^etcd/ })
    .getByRole("link", { name: new RegExp(failover.preset!.title) })
    .click();
  await expect(page).toHaveURL(`/lab/?preset=${failover.preset!.id}`);
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveValue(failover.preset!.id);
});

test("Mark as understood is kept in the learner's progress and shown on the path", async ({ page }) => {
  await page.goto(`/learn/${leases.slug}/`);
  const mark = page.getByRole("button", { name: "Mark as understood" });
  await expect(mark).toHaveAttribute("aria-pressed", "false");
  await mark.click();
  await expect(mark).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Learn", exact: true }).first().click();
  await expect(page.getByText(`1 of ${lessons.length} lessons understood`)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: leases.title })).toContainText("Understood");
  await expect(page.getByRole("link", { name: "Continue with lesson 1" })).toBeVisible();
});

test("the home page's learning path links each step to its lesson", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("region", { name: "The learning path" })
    .getByRole("link", { name: "Leases", exact: true })
    .click();
  await expect(page).toHaveURL(`/learn/${leases.slug}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(leases.title);
});

test("a lesson quotes its run's figures from the run, and links its sources on the references page", async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const consensus = lessons.find((lesson) => lesson.slug === "07-consensus-locks")!;
  await page.goto(`/learn/${consensus.slug}/`);
  // The sentence explains zk-partition's outcome, so it is shown once its prediction is answered.
  const zk = consensus.blocks.find(
    (block): block is LessonPredict => block.kind === "predict" && block.preset.id === "zk-partition",
  )!;
  const form = page.getByRole("group", { name: zk.question });
  await form.getByRole("radio", { name: zk.options[zk.answer] }).check();
  await form.locator("xpath=ancestor::form").getByRole("button", { name: "Check my prediction" }).click();
  // The figure is rendered from zk-partition's result, so it is the moment the lab shows.
  const disconnected = page.getByText(/Disconnected ended c1's belief at/);
  await expect(disconnected.locator(".run-figure").first()).toHaveText("10.0 s");
  await expect(disconnected).not.toContainText(":run");

  const sources = page.getByRole("region", { name: "Sources" });
  await expect(sources.getByRole("link")).toHaveCount(consensus.sources.length);
  await sources.getByRole("link", { name: consensus.sources[0]!.title }).click();
  await expect(page).toHaveURL(`/references/#${consensus.sources[0]!.id}`);
  const group = page.getByRole("region", { name: consensus.sources[0]!.title });
  await expect(group).toBeInViewport();
  // Every source links out to where it can be read, and the group says which lessons use it.
  await expect(group.getByRole("link", { name: /etcd: Why etcd/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(group.getByRole("link", { name: `lesson ${consensus.number}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a prediction's wrong options quote figures as precise as the right one's, so the figure gives nothing away", async ({
  page,
}) => {
  for (const slug of ["06-redis-and-redlock", "07-consensus-locks"]) {
    const lesson = lessons.find((candidate) => candidate.slug === slug)!;
    await page.goto(`/learn/${slug}/`);
    for (const predict of lesson.blocks.filter((block): block is LessonPredict => block.kind === "predict")) {
      // The options as the page names them, figures rendered.
      const names = await page
        .getByRole("group", { name: predict.question })
        .getByRole("radio")
        .evaluateAll((radios) => radios.map((radio) => radio.closest("label")?.textContent?.trim() ?? ""));
      const precision = names.map(optionPrecision);
      const right = precision[predict.answer]!;
      if (right === null) continue;
      const wrong = precision.filter((_, i) => i !== predict.answer).map((p) => p ?? -1);
      expect(
        Math.max(...wrong),
        `${slug}: "${names[predict.answer]}" against ${JSON.stringify(names)}`,
      ).toBeGreaterThanOrEqual(right);
    }
  }
});

test("lesson 8 says keepalive cannot end a frozen client's session, and how an isolation level turns a lost update into a retry", async ({
  page,
}) => {
  await page.goto("/learn/08-your-database/");
  await expect(
    page.getByText(/TCP keepalive does not: its probes are answered by the kernel on c1's host/),
  ).toBeVisible();
  const isolation = page.getByRole("heading", { level: 3, name: "Or let the isolation level refuse the lost update" });
  await expect(isolation).toBeVisible();
  await expect(page.getByText(/could not serialize access due to concurrent update/)).toBeVisible();
  await expect(page.getByText(/the application must retry the whole transaction/)).toBeVisible();
});

for (const path of ["/learn/", `/learn/${leases.slug}/`, `/learn/${last.slug}/`, "/references/"]) {
  test(`${path} has no serious accessibility violations in either theme`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
}

// Lesson 1 comes before tokens are taught (lesson 4): its runs carry none, and say nothing of them.
test("lesson 1's runs do not label beliefs with tokens that have not been taught yet", async ({ page }) => {
  await page.goto("/learn/01-what-the-lock-is-for/");
  const runs = page.getByRole("region", { name: /^Simulation: / });
  await expect(runs.first()).toBeVisible();
  expect(await runs.count()).toBeGreaterThan(0);
  for (const run of await runs.all())
    await expect(run.getByRole("group", { name: "Space-time diagram" })).toBeVisible();
  await expect(page.getByText("no token", { exact: true })).toHaveCount(0);
});
