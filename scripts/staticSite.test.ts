import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, get as request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticHandler } from "./staticSite.mjs";

// Raw HTTP, so the test sees the bytes on the wire: fetch would undo the gzip itself.
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    }).on("error", reject);
  });
}

describe("the static server", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "lease-lab-site-"));
  const page = "<!DOCTYPE html><title>Lab</title>" + "<p>a paused client believes it holds the lock</p>".repeat(50);
  let server: Server;
  let base = "";
  beforeAll(async () => {
    writeFileSync(path.join(root, "index.html"), page);
    writeFileSync(path.join(root, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    server = createServer(staticHandler(root));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("gzips a page for a browser that accepts gzip, and the page comes back whole", async () => {
    const res = await get(`${base}/`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.encoding).toBe("gzip");
    expect(res.body.length).toBeLessThan(page.length / 4);
    expect(gunzipSync(res.body).toString()).toBe(page);
  });

  it("sends the page as it is to a client that does not ask for gzip, and never gzips an image", async () => {
    const plain = await get(`${base}/`);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const image = await get(`${base}/logo.png`, { "accept-encoding": "gzip" });
    expect(image.encoding).toBeUndefined();
    expect([...image.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("serves a page that a new build changed as it is now, not as it was first compressed", async () => {
    writeFileSync(path.join(root, "about.html"), "<title>About</title>" + "<p>first build</p>".repeat(20));
    const first = await get(`${base}/about`, { "accept-encoding": "gzip" });
    expect(gunzipSync(first.body).toString()).toContain("first build");
    const rebuilt = "<title>About</title>" + "<p>second, longer build</p>".repeat(20);
    writeFileSync(path.join(root, "about.html"), rebuilt);
    const second = await get(`${base}/about`, { "accept-encoding": "gzip" });
    expect(gunzipSync(second.body).toString()).toBe(rebuilt);
  });
});
