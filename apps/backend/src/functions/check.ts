// The start-up check of the functions: every import of every function must resolve without the network (`npm:` from
// the project's node_modules, local files), so a broken import is reported when the backend starts, not at the
// function's first call. The result is kept in the data folder, where `npm run status` reads it.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { listFunctions, type FunctionDefinition } from './catalog.ts';
import { denoExecutable } from './deno.ts';

const run = promisify(execFile);
export const STATUS_FILE = 'functions.json';

export interface FunctionStatus {
  name: string;
  verifyJwt: boolean;
  /** Why the function cannot start; absent when its imports resolve. */
  error?: string;
}

export type FunctionsReport = FunctionStatus[];

interface ModuleGraph {
  modules: Array<{
    specifier: string;
    error?: string;
    dependencies?: Array<{ specifier: string; code?: { error?: string } }>;
  }>;
}

/** The first import of the graph that does not resolve, in words. */
function firstProblem(graph: ModuleGraph): string | undefined {
  for (const module of graph.modules) {
    if (module.error) return module.error;
    for (const dependency of module.dependencies ?? []) {
      if (dependency.code?.error) return `${dependency.specifier}: ${dependency.code.error}`;
    }
  }
  return undefined;
}

async function checkOne(config: Config, env: Record<string, string>, fn: FunctionDefinition): Promise<FunctionStatus> {
  const args = ['info', '--json', '--no-lock', '--no-remote', '--node-modules-dir=manual'];
  if (fn.importMap) args.push(`--import-map=${fn.importMap}`);
  const status: FunctionStatus = { name: fn.name, verifyJwt: fn.verifyJwt };
  try {
    const { stdout } = await run(denoExecutable(), [...args, fn.entrypoint], {
      cwd: config.functions.projectRoot,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const problem = firstProblem(JSON.parse(stdout) as ModuleGraph);
    if (problem) status.error = problem;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    status.error = stderr || (error as Error).message;
  }
  return status;
}

export async function checkFunctions(config: Config, env: Record<string, string>): Promise<FunctionsReport> {
  const report: FunctionsReport = [];
  // Two at a time: each check is a Deno process of its own.
  const queue = listFunctions(config.functions);
  const workers = [0, 1].map(async () => {
    for (let fn = queue.shift(); fn; fn = queue.shift()) report.push(await checkOne(config, env, fn));
  });
  await Promise.all(workers);
  report.sort((a, b) => a.name.localeCompare(b.name));
  writeFileSync(path.join(config.dataDir, STATUS_FILE), JSON.stringify(report, null, 2));
  return report;
}

/** The report of the last start for this data folder, if any. */
export function readFunctionsReport(dataDir: string): FunctionsReport | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, STATUS_FILE), 'utf8')) as FunctionsReport;
  } catch {
    return undefined;
  }
}
