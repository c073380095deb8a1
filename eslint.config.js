/**
 * ESLint's configuration (flat config, ESLint 9): what each rule set is for and what is turned
 * off and why is in docs/decisions/033-lint-and-format.md. `npm run lint` runs it with no warning
 * allowed; `npm test` runs it first (scripts/test-all.sh). Formatting is Prettier's alone
 * (.prettierrc): eslint-config-prettier, last, turns off every rule that would fight it.
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * `LINT_TYPES=off` lints without type information: a few seconds instead of a minute. `npm run
 * lint:fix` runs that pass first (import order), because `--fix` with types rebuilds the program
 * after every file it fixes and takes tens of minutes on hundreds of files; its second, typed
 * pass then has only the type-aware fixes left. `npm run lint` and `npm test` always use types.
 */
const typed = process.env.LINT_TYPES !== "off";

export default tseslint.config(
  {
    // What is generated, installed or written by a run; .gitignore's folders and the migrations'
    // snapshots (JSON, not linted anyway).
    ignores: [
      "node_modules/",
      "build/",
      ".react-router/",
      "data/",
      ".test-results/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
    ],
  },
  js.configs.recommended,
  // Type-aware rules (floating promises, misused promises, unsafe `any` flows): one TypeScript
  // program for the whole repository through the project service, built from tsconfig.json.
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    // Without types, the disables of type-aware rules look unused: not reported (nor removed by --fix).
    linterOptions: { reportUnusedDisableDirectives: typed ? "error" : "off" },
    rules: {
      // React Router's own control flow: a loader or action throws `redirect(...)`, `data(...)` or
      // a Response, and the framework renders it. Anything else thrown must still be an Error.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // The code's convention for a value left out on purpose: `const { key: _key, ...props }`
      // (conform's props without React's key), `const { passwordHash, ...user }`, `_`-named args.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // A caught error handed on as it came (`reject(error)`), as only-throw-error allows for `throw`.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      // Off: an `async` function without `await` is how this code meets a contract that takes a
      // function returning a Promise (loaders, `cached(db, key, async () => …)`, outbox handlers,
      // mail transports, test doubles); rewriting each as `() => Promise.resolve(…)` says less.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // The two .mjs scripts are outside tsconfig.json: syntax rules only.
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests: vitest's asymmetric matchers (`expect.any(Number)`, `expect.stringMatching(…)`) are
    // typed `any` by vitest itself, and test set-up destructures functions that @types/node
    // declares as methods (`const { join } = await import("node:path")` inside `vi.hoisted`).
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // An effect that misses a dependency reads stale values: an error, not advice.
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A branch's label holds its radio and its name two spans deep (checkout's pickup list).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // One block of imports, no blank lines (as the code has them): side effects first (their order
    // matters: app/zod-jitless.ts), then packages (node: built-ins among them), then `~/`, then
    // relative paths. Autofixed by `npm run lint:fix`.
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": ["error", { groups: [["^\\u0000", "^node:", "^@?\\w", "^~/", "^\\."]] }],
      "simple-import-sort/exports": "error",
    },
  },
  {
    // Inside app/ a module names another by where it lives (`~/cart/cart-rules`), never by a
    // climb from where it is: moves stay greppable and a file's imports read the same everywhere.
    // A climb out of app/ has no alias and stays: the locales (locales/*/common.json) and the
    // tests' support and mocks that app/'s unit tests share with tests/.
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(?!\\.\\./|locales/|tests/)",
              message: "Inside app/, import through the `~/` alias instead of a `../` path.",
            },
          ],
        },
      ],
    },
  },
  ...(typed ? [] : [tseslint.configs.disableTypeChecked]),
  prettier,
);
