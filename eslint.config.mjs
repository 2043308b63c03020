import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import leaseLab from "./scripts/eslint/noCycle.mjs";

// The house rules, kept by lint rather than by discipline (ARCHITECTURE.md §2, "Direction"):
// the engine imports nothing outside itself; nothing in lib/ renders; only tests use the test harness.
const uiModules = [
  {
    group: ["react", "react/*", "react-dom", "react-dom/*"],
    message: "lib/ holds pure TypeScript: React belongs in components/ and app/.",
  },
  { group: ["next", "next/*"], message: "lib/ holds pure TypeScript: Next.js belongs in app/ and components/." },
  {
    group: ["@/components/*", "@/app/*"],
    message: "lib/ must not import views: views import lib/, never the other way.",
  },
];
const testHarness = {
  group: [
    "@/lib/sim/testing",
    "@/lib/store/testing",
    "@/lib/workers/testing",
    "**/sim/testing",
    "./testing",
    "../testing",
    "**/testScenarios",
    "./testScenarios",
    "**/testClients",
    "./testClients",
  ],
  message: "The test harnesses and the engine tests' own scenarios are for tests only (*.test.ts).",
};

// Nothing imports a test: so no import cycle can pass through one, and the cycle check skips them.
const testFiles = {
  group: ["**/*.test", "**/*.test.ts", "**/*.test.tsx", "**/*.spec", "**/*.spec.ts"],
  message:
    "Nothing imports a test file: put what tests share in a module of its own (the cycle check skips tests, see below).",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // import/no-cycle skips type-only imports; lease-lab/no-cycle follows them too, through our own
    // files only (a package holds no cycle of ours), so it replaces it (scripts/eslint/noCycle.mjs).
    plugins: { "lease-lab": leaseLab },
    rules: {
      "lease-lab/no-cycle": "error",
      "lease-lab/pipeline-direction": "error",
      "no-restricted-imports": ["error", { patterns: [testHarness, testFiles] }],
    },
  },
  {
    // A number's first toLocaleString in a page loads ICU's number formats (20–36 ms in Chromium);
    // groupDigits writes the same en-US text. With options (runFacts), ICU it is.
    files: ["lib/**/*.ts", "components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length<2]",
          message:
            "Write numbers with groupDigits (lib/sim/format): toLocaleString loads ICU on the page's first call.",
        },
      ],
    },
  },
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/sim/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...uiModules, testHarness, testFiles] }] },
  },
  {
    files: ["lib/sim/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...uiModules,
            testHarness,
            testFiles,
            {
              group: ["@/*", "../../*", "!../../sim/*"],
              message: "lib/sim is the pure engine: it imports nothing outside itself.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use the harness; engine tests still import nothing outside the engine.
    files: ["**/*.test.ts", "**/*.test.tsx", "lib/sim/testing.ts", "lib/store/testing.ts", "lib/workers/testing.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [testFiles] }] },
  },
  {
    files: ["lib/sim/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...uiModules,
            testFiles,
            { group: ["@/*"], message: "Engine tests build their own scenarios from lib/sim." },
          ],
        },
      ],
    },
  },
  {
    // Nothing imports a test (testFiles, above), so no cycle can pass through one: the cycle check,
    // the costliest rule here, need not follow every test's imports (8.6 s of lint's rules → 5.1 s).
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.spec.ts"],
    rules: { "lease-lab/no-cycle": "off" },
  },
  // lint-fixture-*: the folders scripts/lintRules.test.ts plants violations in, and lints itself; a run of
  // `eslint .` beside the unit tests must not find them, nor a folder removed as it reads it.
  globalIgnores([
    ".next/**",
    "out/**",
    "dist/**",
    "public/workers/**",
    "build/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "**/lint-fixture-*/**",
  ]),
]);
