const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const dateFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short" });
const DAY = 86_400_000;

/** "now", "in 3 hours", "tomorrow", "in 5 days", "3 days ago": when a review is due, from `now`. */
export function dueRelative(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime();
  const abs = Math.abs(ms);
  if (abs < 60_000) return "now";
  if (abs < 3_600_000) return relative.format(Math.round(ms / 60_000), "minute");
  if (abs < DAY) return relative.format(Math.round(ms / 3_600_000), "hour");
  return relative.format(Math.round(ms / DAY), "day");
}

/** "Tue 4 Mar": the date a review is due, in the learner's time zone. */
export function dueDate(due: Date): string {
  return dateFormat.format(due);
}
