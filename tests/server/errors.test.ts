import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppServer } from '../../src/server/app.ts';
import { rawRequest, startServer } from './helpers.ts';

describe('failures', () => {
  it('answers 500 without details and logs the cause when the client is not built', async () => {
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'empty-dist-'));
    const logs: object[] = [];
    const server = await startServer({ basePath: '/maps', product: 'tcs', distDir: emptyDist, clientConfigJson: '{}', log: (e) => logs.push(e) });
    try {
      const res = await rawRequest(server.port, 'GET', '/maps/');
      expect(res.status).toBe(500);
      expect(res.body.toString('utf8')).toBe('Internal Server Error\n');
      await vi.waitFor(() => expect(logs).toContainEqual(expect.objectContaining({ level: 'error', error: expect.stringContaining('index.html is missing') })));
    } finally {
      await server.close();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });

  it('refuses invalid options at creation', () => {
    const options = { basePath: '/maps', product: 'tcs', distDir: tmpdir(), clientConfigJson: '{}' };
    expect(() => createAppServer({ ...options, basePath: 'maps' })).toThrow(/basePath/);
    expect(() => createAppServer({ ...options, clientConfigJson: '{not json' })).toThrow(SyntaxError);
  });
});
