// The parse stage as a whole: method and path -> action and target; profile headers -> schema; and its errors.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parseRequest, type RawRequest } from './parse.ts';

const context = { schemas: ['public', 'api'] };
const raw = (overrides: Partial<RawRequest>): RawRequest => ({
  method: 'GET',
  path: '/items',
  query: '',
  headers: {},
  body: '',
  ...overrides,
});
const failure = (request: RawRequest) => {
  try {
    parseRequest(request, context);
  } catch (error) {
    return { status: (error as ApiError).status, ...(error as ApiError).body };
  }
  throw new Error('expected a failure');
};

describe('parseRequest', () => {
  it.each([
    ['GET', '/items', { kind: 'read', headOnly: false }, { kind: 'relation', name: 'items' }],
    ['HEAD', '/items', { kind: 'read', headOnly: true }, { kind: 'relation', name: 'items' }],
    ['POST', '/items', { kind: 'create' }, { kind: 'relation', name: 'items' }],
    ['PATCH', '/items', { kind: 'update' }, { kind: 'relation', name: 'items' }],
    ['DELETE', '/items', { kind: 'delete' }, { kind: 'relation', name: 'items' }],
    ['GET', '/rpc/add', { kind: 'call', method: 'GET' }, { kind: 'routine', name: 'add' }],
    ['POST', '/rpc/add', { kind: 'call', method: 'POST' }, { kind: 'routine', name: 'add' }],
    ['GET', '/', { kind: 'read', headOnly: false }, { kind: 'root' }],
    ['GET', '/my%20table', { kind: 'read', headOnly: false }, { kind: 'relation', name: 'my table' }],
  ])('%s %s', (method, path, action, target) => {
    const body = method === 'POST' || method === 'PATCH' ? '{}' : '';
    const request = parseRequest(raw({ method, path, body }), context);
    expect(request.action).toEqual(action);
    expect(request.target).toEqual(target);
  });

  it('chooses the schema from Accept-Profile on reads and Content-Profile on writes', () => {
    expect(parseRequest(raw({}), context)).toMatchObject({ schema: 'public', negotiatedByProfile: false });
    expect(parseRequest(raw({ headers: { 'accept-profile': 'api' } }), context)).toMatchObject({
      schema: 'api',
      negotiatedByProfile: true,
    });
    expect(
      parseRequest(raw({ method: 'POST', body: '{}', headers: { 'content-profile': 'api' } }), context),
    ).toMatchObject({ schema: 'api' });
  });

  it('applies the Range header to reads only', () => {
    expect(parseRequest(raw({ headers: { range: '0-4' } }), context).topLevelRange).toEqual({ offset: 0, limit: 5 });
    expect(parseRequest(raw({ method: 'DELETE', headers: { range: '0-4' } }), context).topLevelRange).toEqual({
      offset: 0,
    });
  });

  it.each([
    [raw({ path: '/a/b' }), { status: 404, code: 'PGRST125', message: 'Invalid path specified in request URL' }],
    [raw({ method: 'TRACE' }), { status: 405, code: 'PGRST117', message: 'Unsupported HTTP method: TRACE' }],
    [
      raw({ method: 'PATCH', path: '/rpc/f' }),
      { status: 405, code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' },
    ],
    [
      raw({ headers: { 'accept-profile': 'secret' } }),
      {
        status: 406,
        code: 'PGRST106',
        message: 'Invalid schema: secret',
        hint: 'Only the following schemas are exposed: public, api',
      },
    ],
    [raw({ method: 'POST', body: 'nope' }), { status: 400, code: 'PGRST102', message: 'Empty or invalid json' }],
    [raw({ query: 'limit=-2' }), { status: 416, code: 'PGRST103' }],
    [raw({ query: 'select=a(' }), { status: 400, code: 'PGRST100' }],
    [
      raw({ headers: { prefer: 'handling=strict, tx=maybe, count=exact, odd' } }),
      {
        status: 400,
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: tx=maybe, odd',
      },
    ],
  ])('refuses %o', (request, expected) => {
    expect(failure(request)).toMatchObject(expected);
  });
});
