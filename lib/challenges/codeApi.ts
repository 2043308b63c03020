/** What the editor on /code knows of the learner's API (read from lib/sim/code/api.ts at build time by lib/content/codeApiDocs.ts). */
export interface ApiDoc {
  /** As the learner writes it: "sleep", "redis.set". */
  name: string;
  /** The `api` property the member belongs to ("redis"), or null for a member of `api` itself. */
  owner: string | null;
  member: string;
  kind: "method" | "property";
  /** "redis.set(key: string, value: string, options: { NX: true; PX?: number }): Step<"OK" | null>" */
  signature: string;
  doc: string;
}
