// Every storage operation a signed-in person can ask for, under each single grant a project may write as a policy
// (read, insert, update or delete, on buckets or objects, each limited to what the person owns): what is allowed
// succeeds, and what is not gets Storage's status and message, as Storage's own policy tests expect them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let sb: StorageBackend;
beforeAll(async () => {
  sb = await startStorageBackend();
});
afterAll(() => sb.stop());

type Grant =
  | 'readBuckets'
  | 'readObjects'
  | 'insertBuckets'
  | 'insertObjects'
  | 'updateBuckets'
  | 'updateObjects'
  | 'deleteBuckets'
  | 'deleteObjects';

/** Each grant as a policy for the authenticated role, limited to the person with id `uid`. */
function policySql(grant: Grant, uid: string, name: string): string {
  const [action, table] = /^(read|insert|update|delete)(Buckets|Objects)$/.exec(grant)!.slice(1);
  const command = action === 'read' ? 'select' : action;
  const rule = action === 'insert' ? `with check (auth.uid() = '${uid}')` : `using (owner = '${uid}')`;
  return `create policy "${name}" on storage.${table.toLowerCase()} for ${command} to authenticated ${rule}`;
}

type Operation =
  | 'upload'
  | 'upsert'
  | 'createBucket'
  | 'getBucket'
  | 'listBuckets'
  | 'updateBucket'
  | 'deleteBucket'
  | 'download'
  | 'remove'
  | 'move'
  | 'copy';

interface Step {
  op: Operation;
  status: number;
  /** The message of the error answered. */
  message?: string;
  /** Grants added for this step only. */
  with?: Grant[];
  /**
   * The bucket of this step only: a new one owned by the person, or the last such one; by default the scenario's
   * own bucket.
   */
  bucket?: 'new' | 'last';
  /** The object this step and those after it use. */
  object?: string;
  /** As the service role rather than the person. */
  asService?: boolean;
}

const DENIED = 'new row violates row-level security policy';
const NO_BUCKET = 'Bucket not found';
const NO_OBJECT = 'Object not found';

const scenarios: { name: string; grants: Grant[]; ownBucket?: false; steps: Step[] }[] = [
  {
    name: 'reading objects only',
    grants: ['readObjects'],
    steps: [
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'updateBucket', status: 400, message: NO_BUCKET },
      { op: 'getBucket', status: 400, message: NO_BUCKET },
      { op: 'upload', status: 200, with: ['insertObjects'] },
      { op: 'download', status: 200 },
      { op: 'remove', status: 400, message: NO_OBJECT },
      { op: 'upload', status: 200, with: ['insertObjects'], bucket: 'new', object: 'second.txt' },
      { op: 'copy', status: 400, bucket: 'last' },
      { op: 'move', status: 400, bucket: 'last' },
    ],
  },
  {
    name: 'reading buckets only',
    grants: ['readBuckets'],
    steps: [
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'updateBucket', status: 400, message: NO_BUCKET },
      { op: 'getBucket', status: 200 },
      { op: 'listBuckets', status: 200 },
      { op: 'upload', status: 200, with: ['insertObjects'] },
      { op: 'download', status: 400, message: NO_OBJECT },
      { op: 'remove', status: 400, message: NO_OBJECT },
    ],
  },
  {
    name: 'inserting objects only',
    grants: ['insertObjects'],
    steps: [
      { op: 'createBucket', status: 400 },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'updateBucket', status: 400, message: NO_BUCKET },
      { op: 'upload', status: 200 },
      { op: 'upsert', status: 400 },
      { op: 'download', status: 400 },
      { op: 'remove', status: 400 },
    ],
  },
  {
    name: 'creating buckets only',
    grants: ['insertBuckets'],
    ownBucket: false,
    steps: [
      { op: 'createBucket', status: 200 },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'updateBucket', status: 400, message: NO_BUCKET },
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'] },
      { op: 'download', status: 400 },
      { op: 'remove', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'], bucket: 'new', object: 'second.txt' },
      { op: 'copy', status: 400, bucket: 'last' },
      { op: 'move', status: 400, bucket: 'last' },
    ],
  },
  {
    name: 'reading and updating buckets',
    grants: ['updateBuckets', 'readBuckets'],
    steps: [
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'] },
      { op: 'download', status: 400, message: NO_OBJECT },
      { op: 'remove', status: 400, message: NO_OBJECT },
      { op: 'updateBucket', status: 200 },
      { op: 'getBucket', status: 200 },
    ],
  },
  {
    name: 'inserting, updating and reading objects',
    grants: ['insertObjects', 'updateObjects', 'readObjects'],
    steps: [
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
      { op: 'upload', status: 200, bucket: 'new', object: 'to-replace.txt' },
      // In the scenario's own bucket, where the name is still free: a plain insert.
      { op: 'upsert', status: 200 },
      { op: 'download', status: 200 },
      { op: 'remove', status: 400, message: NO_OBJECT },
      { op: 'updateBucket', status: 400 },
      { op: 'getBucket', status: 400 },
    ],
  },
  {
    name: 'reading and deleting buckets',
    grants: ['deleteBuckets', 'readBuckets'],
    steps: [
      { op: 'getBucket', status: 200 },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'] },
      { op: 'download', status: 400, message: NO_OBJECT },
      { op: 'remove', status: 400, message: NO_OBJECT },
      { op: 'remove', status: 200, asService: true },
      { op: 'deleteBucket', status: 200 },
    ],
  },
  {
    name: 'reading and deleting objects',
    grants: ['deleteObjects', 'readObjects'],
    steps: [
      { op: 'getBucket', status: 400, message: NO_BUCKET },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'], bucket: 'new', object: 'to-remove' },
      { op: 'remove', status: 200, bucket: 'last' },
      { op: 'download', status: 400, message: NO_OBJECT, bucket: 'last' },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
    ],
  },
  {
    name: 'reading and updating objects (moving them)',
    grants: ['readObjects', 'updateObjects'],
    steps: [
      { op: 'getBucket', status: 400, message: NO_BUCKET },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'upload', status: 400, message: DENIED },
      { op: 'upsert', status: 400 },
      { op: 'upload', status: 200, with: ['insertObjects'], bucket: 'new', object: 'to-move.txt' },
      { op: 'move', status: 200, bucket: 'last' },
      { op: 'remove', status: 400 },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
    ],
  },
  {
    name: 'reading and inserting objects (copying them)',
    grants: ['readObjects', 'insertObjects'],
    steps: [
      { op: 'getBucket', status: 400, message: NO_BUCKET },
      { op: 'createBucket', status: 400, message: DENIED },
      { op: 'upload', status: 200, bucket: 'new', object: 'first.txt' },
      { op: 'upsert', status: 400, bucket: 'last' },
      { op: 'upload', status: 200, bucket: 'new', object: 'to-copy.txt' },
      { op: 'copy', status: 200, bucket: 'last' },
      { op: 'remove', status: 400 },
      { op: 'deleteBucket', status: 400, message: NO_BUCKET },
    ],
  },
];

function request(op: Operation, bucket: string, object: string, token: string): Promise<Response> {
  const base = `${sb.url}/storage/v1`;
  const headers = { authorization: `Bearer ${token}` };
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const upload = (upsert: boolean) => {
    const form = new FormData();
    form.append('file', new Blob(['the file'], { type: 'text/plain' }), 'file.txt');
    return fetch(`${base}/object/${bucket}/${object}`, {
      method: 'POST',
      headers: { ...headers, ...(upsert ? { 'x-upsert': 'true' } : {}) },
      body: form,
    });
  };
  switch (op) {
    case 'upload':
      return upload(false);
    case 'upsert':
      return upload(true);
    case 'createBucket':
      return json('POST', '/bucket', { name: bucket });
    case 'getBucket':
      return fetch(`${base}/bucket/${bucket}`, { headers });
    case 'listBuckets':
      return fetch(`${base}/bucket`, { headers });
    case 'updateBucket':
      return json('PUT', `/bucket/${bucket}`, { public: true });
    case 'deleteBucket':
      return fetch(`${base}/bucket/${bucket}`, { method: 'DELETE', headers });
    case 'download':
      return fetch(`${base}/object/authenticated/${bucket}/${object}`, { headers });
    case 'remove':
      return fetch(`${base}/object/${bucket}/${object}`, { method: 'DELETE', headers });
    case 'move':
      return json('POST', '/object/move', { bucketId: bucket, sourceKey: object, destinationKey: `moved-${object}` });
    case 'copy':
      return json('POST', '/object/copy', { bucketId: bucket, sourceKey: object, destinationKey: `copied-${object}` });
  }
}

describe('what each grant allows', () => {
  it.each(scenarios)('$name', async ({ grants, ownBucket, steps }) => {
    const { db, keys } = sb.backend.deps;
    const person = await sb.person();
    const token = (await person.client.auth.getSession()).data.session!.access_token;
    const addPolicies = async (list: Grant[]) => {
      const names = list.map((grant) => ({ grant, name: `${grant}-${randomUUID()}` }));
      for (const { grant, name } of names) await db.exec(policySql(grant, person.id, name));
      return names;
    };
    const dropPolicies = async (names: { grant: Grant; name: string }[]) => {
      for (const { grant, name } of names) {
        await db.exec(`drop policy "${name}" on storage.${grant.endsWith('Buckets') ? 'buckets' : 'objects'}`);
      }
    };
    const createOwnBucket = (id: string) =>
      db.exec(`insert into storage.buckets (id, name, owner, owner_id) values ('${id}', '${id}', '${person.id}',
        '${person.id}')`);

    const mainBucket = `bucket-${randomUUID()}`;
    let object = `${randomUUID()}.txt`;
    const policies = await addPolicies(grants);
    if (ownBucket !== false) await createOwnBucket(mainBucket);
    try {
      let last = mainBucket;
      for (const step of steps) {
        if (step.bucket === 'new') {
          last = `bucket-${randomUUID()}`;
          await createOwnBucket(last);
        }
        const bucket = step.bucket ? last : mainBucket;
        if (step.object) object = step.object;
        const local = await addPolicies(step.with ?? []);
        try {
          const response = await request(step.op, bucket, object, step.asService ? keys.serviceRoleKey : token);
          const text = await response.text();
          const body = (response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : {}) as {
            message?: string;
          };
          expect({ op: step.op, status: response.status, answer: text }).toMatchObject({
            op: step.op,
            status: step.status,
          });
          if (step.message)
            expect({ op: step.op, message: body.message }).toEqual({ op: step.op, message: step.message });
        } finally {
          await dropPolicies(local);
        }
      }
    } finally {
      await dropPolicies(policies);
    }
  });
});
