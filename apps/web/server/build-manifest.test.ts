import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifestRoutes } from './build-manifest';

const build = { id: 'abc123', timestamp: 1_700_000_000_000 };
let baseUrl = '';
let close: () => void = () => {};

beforeAll(async () => {
  const app = express().use(buildManifestRoutes(build));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe('build manifest routes', () => {
  it('serves the running build as the latest', async () => {
    const response = await fetch(`${baseUrl}/builds/latest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(await response.json()).toEqual(build);
  });

  it("serves the running build's meta manifest", async () => {
    const response = await fetch(`${baseUrl}/builds/meta/abc123.json`);
    expect(await response.json()).toEqual(build);
  });

  it('answers 404 for another build id', async () => {
    expect((await fetch(`${baseUrl}/builds/meta/other.json`)).status).toBe(404);
  });
});
