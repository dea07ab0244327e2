// Listing v2 a page at a time in every order Storage offers (name, created_at, updated_at, each both ways), with and
// without the delimiter and with a prefix: each page continues where the last ended, and the whole walk gives every
// key and folder once, in order. A folder sorts by when its first key was made, whichever time column is asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

const BUCKET = 'list-order';
const PREFIX = 'aal';

/** A three-letter name: aaa, AAB, AAC, AAD, aae, ... (a few upper-case ones sort before every lower-case one). */
function nameOf(n: number): string {
  const letter = (k: number) => String.fromCharCode(97 + (k % 26));
  const name = letter(Math.floor(n / 676)) + letter(Math.floor(n / 26)) + letter(n);
  return n >= 1 && n <= 3 ? name.toUpperCase() : name;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const rootObjects: string[] = [];
const rootFolders: string[] = [];
const nested: Record<string, string[]> = {};
for (let i = 0; i < 30; i++) {
  const name = nameOf(i);
  if (i > 5) rootObjects.push(`${name}.txt`);
  if (i < 18) {
    const folder = `${name}/`;
    rootFolders.push(folder);
    nested[folder] = Array.from({ length: name === PREFIX ? 9 : 3 }, (_, j) => `${folder}dummy-${name}-${j}.txt`);
  }
}
rootObjects.sort(byCodeUnit);
rootFolders.sort(byCodeUnit);
const allKeys = [...rootObjects, ...Object.values(nested).flat()].sort(byCodeUnit);
const prefixKeys = nested[`${PREFIX}/`].slice().sort(byCodeUnit);

/** Orders the uploads below leave, filled in as they happen. */
const made = { objects: [] as string[], folders: [] as string[], all: [] as string[], inPrefix: [] as string[] };
const updated = { objects: [] as string[], all: [] as string[], inPrefix: [] as string[] };

let sb: StorageBackend;
const upload = (key: string, upsert = false) =>
  sb.service.storage
    .from(BUCKET)
    .upload(key, 'test content', { upsert })
    .then(({ error }) => {
      if (error) throw error;
    });

beforeAll(async () => {
  sb = await startStorageBackend();
  await sb.service.storage.createBucket(BUCKET);
  // Made in a shuffled order, so that neither time column follows the names.
  const shuffled = allKeys.slice().sort(() => Math.random() - 0.5);
  for (const key of shuffled) {
    await upload(key);
    made.all.push(key);
    if (key.includes('/')) {
      const folder = `${key.split('/')[0]}/`;
      if (!made.folders.includes(folder)) made.folders.push(folder);
      if (folder === `${PREFIX}/`) made.inPrefix.push(key);
    } else {
      made.objects.push(key);
    }
  }
  updated.objects.push(...made.objects);
  updated.all.push(...made.all);
  updated.inPrefix.push(...made.inPrefix);
  const moveToEnd = (list: string[], key: string) => list.splice(list.indexOf(key), 1) && list.push(key);
  // Replacing a key moves it to the end of the updated_at order (and leaves its created_at).
  for (let i = 0; i < 10; i++) {
    const key = updated.objects[0];
    await upload(key, true);
    moveToEnd(updated.objects, key);
    moveToEnd(updated.all, key);
  }
  // The first key made in the folder: replacing it must not move the folder in either time order.
  const first = updated.inPrefix[0];
  await upload(first, true);
  moveToEnd(updated.inPrefix, first);
  moveToEnd(updated.all, first);
}, 120_000);
afterAll(() => sb.stop());

const reversed = (list: string[]) => list.slice().reverse();

interface Case {
  options: Record<string, unknown>;
  objects: () => string[];
  folders: () => string[];
}

const sort = (column: string, order: string) => ({ sortBy: { column, order } });
const cases: Record<string, Case> = {
  'with the delimiter, by name': {
    options: { with_delimiter: true },
    objects: () => rootObjects,
    folders: () => rootFolders,
  },
  'with the delimiter, by name descending': {
    options: { with_delimiter: true, ...sort('name', 'desc') },
    objects: () => reversed(rootObjects),
    folders: () => reversed(rootFolders),
  },
  'with the delimiter, by created_at': {
    options: { with_delimiter: true, ...sort('created_at', 'asc') },
    objects: () => made.objects,
    folders: () => made.folders,
  },
  'with the delimiter, by created_at descending': {
    options: { with_delimiter: true, ...sort('created_at', 'desc') },
    objects: () => reversed(made.objects),
    folders: () => reversed(made.folders),
  },
  'with the delimiter, by updated_at': {
    options: { with_delimiter: true, ...sort('updated_at', 'asc') },
    objects: () => updated.objects,
    folders: () => made.folders,
  },
  'with the delimiter, by updated_at descending': {
    options: { with_delimiter: true, ...sort('updated_at', 'desc') },
    objects: () => reversed(updated.objects),
    folders: () => reversed(made.folders),
  },
  'without the delimiter, by name': { options: {}, objects: () => allKeys, folders: () => [] },
  'without the delimiter, by name descending': {
    options: sort('name', 'desc'),
    objects: () => reversed(allKeys),
    folders: () => [],
  },
  'without the delimiter, by created_at': {
    options: sort('created_at', 'asc'),
    objects: () => made.all,
    folders: () => [],
  },
  'without the delimiter, by updated_at descending': {
    options: sort('updated_at', 'desc'),
    objects: () => reversed(updated.all),
    folders: () => [],
  },
  'in a folder, by name': {
    options: { with_delimiter: true, prefix: `${PREFIX}/` },
    objects: () => prefixKeys,
    folders: () => [],
  },
  'in a folder, by created_at descending': {
    options: { with_delimiter: true, prefix: `${PREFIX}/`, ...sort('created_at', 'desc') },
    objects: () => reversed(made.inPrefix),
    folders: () => [],
  },
  'in a folder, by updated_at': {
    options: { with_delimiter: true, prefix: `${PREFIX}/`, ...sort('updated_at', 'asc') },
    objects: () => updated.inPrefix,
    folders: () => [],
  },
  'a prefix that is not a whole folder name, with the delimiter': {
    options: { with_delimiter: true, prefix: PREFIX },
    objects: () => [`${PREFIX}.txt`],
    folders: () => [`${PREFIX}/`],
  },
  'a prefix that is not a whole folder name, without the delimiter': {
    options: { prefix: PREFIX },
    objects: () => [`${PREFIX}.txt`, ...prefixKeys],
    folders: () => [],
  },
};

describe('list v2, five at a time', () => {
  it.each(Object.entries(cases))('%s', async (_, { options, objects, folders }) => {
    const seen = { objects: [] as string[], folders: [] as string[] };
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const response = await fetch(`${sb.url}/storage/v1/object/list-v2/${BUCKET}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ ...options, limit: 5, cursor }),
      });
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        hasNext: boolean;
        nextCursor?: string;
        objects: { name: string }[];
        folders: { name: string }[];
      };
      seen.objects.push(...page.objects.map((object) => object.name));
      seen.folders.push(...page.folders.map((folder) => folder.name));
      pages++;
      if (!page.hasNext) {
        expect(page.nextCursor).toBeUndefined();
        break;
      }
      cursor = page.nextCursor;
      expect(cursor).toBeDefined();
    }
    expect(seen.objects).toEqual(objects());
    expect(seen.folders).toEqual(folders());
    expect(pages).toBe(Math.ceil((objects().length + folders().length) / 5));
  });
});
