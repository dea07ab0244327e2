// Which functions exist and where their code is: a folder `supabase/functions/<name>/` with an index.ts, or the
// `entrypoint` of `[functions.<name>]` in config.toml, as the Supabase CLI finds them. A name from a URL is only ever
// a slug, and its folder must really lie inside supabase/functions, so nothing outside it is reached.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { FUNCTION_NAME, type FunctionsConfig } from './config.ts';

export interface FunctionDefinition {
  name: string;
  /** Absolute path of the module Deno runs. */
  entrypoint: string;
  /** The folder the function may read (its entrypoint's folder). */
  dir: string;
  verifyJwt: boolean;
  importMap?: string;
  /** Files the function may read besides its folder (config.toml's static_files). */
  staticFiles: string[];
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const inside = (folder: string, file: string) => file.startsWith(folder + path.sep);

export function findFunction(config: FunctionsConfig, name: string): FunctionDefinition | undefined {
  if (!FUNCTION_NAME.test(name)) return undefined;
  const section = Object.hasOwn(config.sections, name) ? config.sections[name] : undefined;
  if (section?.enabled === false) return undefined;
  const resolve = (file: string) => path.resolve(config.supabaseDir, file);
  let entrypoint: string;
  if (section?.entrypoint) {
    // The project's own configuration names the file; it may lie anywhere the project chooses.
    entrypoint = resolve(section.entrypoint);
    if (!isFile(entrypoint)) return undefined;
  } else {
    entrypoint = path.join(config.dir, name, 'index.ts');
    if (!isFile(entrypoint) || !inside(realpathSync(config.dir), realpathSync(entrypoint))) return undefined;
  }
  return {
    name,
    entrypoint,
    dir: path.dirname(entrypoint),
    verifyJwt: section?.verify_jwt ?? true,
    importMap: section?.import_map ? resolve(section.import_map) : undefined,
    staticFiles: (section?.static_files ?? []).map(resolve),
  };
}

/** Every function of the project, for the start-up check and `npm run status`. */
export function listFunctions(config: FunctionsConfig): FunctionDefinition[] {
  const names = new Set(Object.keys(config.sections));
  if (existsSync(config.dir)) {
    for (const entry of readdirSync(config.dir, { withFileTypes: true })) {
      if (entry.isDirectory() && FUNCTION_NAME.test(entry.name)) names.add(entry.name);
    }
  }
  return [...names]
    .sort()
    .map((name) => findFunction(config, name))
    .filter((definition): definition is FunctionDefinition => definition !== undefined);
}
