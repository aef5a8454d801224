/**
 * The app as `npm run serve` runs it (package.json): its environment assignments, node flags and script — the bundle
 * apps/server/build.ts writes, built here once per bench run from the current sources, so a figure describes what
 * ships (docs/decisions/0001-server-runs-typescript-through-tsx.md, 0015-import-memory.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../apps/server/build.ts';

const repoRoot = path.join(import.meta.dirname, '..');

export interface ServeCommand {
  /** Environment assignments before `node` in the serve script. */
  env: Record<string, string>;
  /** Node flags (the heap's settings decide an import's peak: decision 0015). */
  flags: string[];
  /** What follows `node`: the flags, then the bundle's entry (absolute). */
  args: string[];
}

let built: Promise<void> | undefined;

export async function serveCommand(): Promise<ServeCommand> {
  const serve = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve;
  const words = serve.trim().split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split('=') as [string, string]));
  const flags = words.slice(node + 1, -1);
  built ??= buildServer();
  await built;
  return { env, flags, args: [...flags, path.join(repoRoot, words.at(-1)!)] };
}

/** `node …args` from the repository's root, resolved once its output (kept as `readyOutput`) has matched `ready` `expected` times. */
export async function startProcess(args: string[], env: Record<string, string>, ready: RegExp, expected = 1): Promise<ChildProcess & { readyOutput: string }> {
  const { NODE_OPTIONS: _notInherited, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if ((output.match(new RegExp(ready, 'g')) ?? []).length >= expected) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
  return Object.assign(child, { readyOutput: output });
}

/** SIGTERM, then SIGKILL if it is still running after `graceMs` (a run of the import job it would finish first). */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
