// Serves the static export in out/ with no dependencies: `npm start` and the Playwright tests use it.
import { createServer } from "node:http";
import { MAX_HEADER_SIZE, requireBuild, staticHandler } from "./staticSite.mjs";

const host = "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);

await requireBuild();
createServer({ maxHeaderSize: MAX_HEADER_SIZE }, staticHandler()).listen(port, host, () => {
  console.log(`Lease Lab is being served at http://${host}:${port}`);
});
