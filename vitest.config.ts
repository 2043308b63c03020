import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", "out/**"],
    // Engine story tests run whole simulations; on a loaded 2-core CI machine some take seconds.
    testTimeout: 30_000,
    // Vitest leaves a core to itself by default, which on a 2-core machine runs the files one at a
    // time; its main process does little, so every core runs tests.
    maxWorkers: availableParallelism(),
    pool: "threads",
    // The files in one worker share its modules instead of importing everything again for each of
    // the 127: the run takes half the time. No test mocks a module; the one that sets a global
    // (lib/store/labProgress.test.ts) removes it after each test.
    isolate: false,
  },
});
