/**
 * The child processes of `npm run bench` (scripts/bench.ts): each in its own process group, its
 * output in a log file of the bench's temp folder, ended with its descendants (npm → tsx → node)
 * on exit, Ctrl-C or failure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";

const children = new Set<ChildProcess>();

/**
 * Starts `command` in its own process group.
 * @param log a file that receives stdout and stderr (appended); unset: the bench's own output
 */
export function startChild(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log?: string }): ChildProcess {
  const out = options.log ? openSync(options.log, "a") : "inherit";
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", out, out] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Resolves with the exit code (1 when killed by a signal). */
export function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
    else child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command to its end. @throws Error with the log's tail when it exits with another code than 0. */
export async function runChild(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: string },
): Promise<void> {
  const code = await exited(startChild(command, args, options));
  if (code !== 0) throw new Error(`${label} exited with ${code}:\n${tail(options.log)}`);
}

/** Ends a child and its descendants: SIGTERM (a graceful shutdown), SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await done;
  clearTimeout(timer);
  signalGroup(child, "SIGKILL"); // descendants that outlived their parent
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills every child still running, at once (exit path: no waiting). */
export function killAllChildren(): void {
  for (const child of children) signalGroup(child, "SIGKILL");
  children.clear();
}

/** The last `lines` lines of a log file ("" when missing). */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Polls `url` until it answers `status`.
 * @throws Error with the log's tail when the child exits first or `timeoutMs` passes
 */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: string,
  options: { headers?: Record<string, string>; status?: number; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let last = "";
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, { headers: options.headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status === (options.status ?? 200)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer ${options.status ?? 200} (${last || "the process exited"}); log:\n${tail(log)}`);
}
