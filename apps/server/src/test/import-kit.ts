import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { call } from './factories.ts';
import { injectMultipart, multipart } from './records.ts';

/** API steps of an import for the routes tests of every kind: upload, detail, mapping, run, undo, export. */
export interface Who {
  token: string;
  orgId: string;
}

export function importKit(t: TestApp, word: 'customer' | 'company' | 'deal' | 'schedule') {
  const url = (path: string, orgId: string) => `/api/${word}${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
  const upload = (who: Who, data: Buffer, name = 'file.csv', contentType = 'text/csv') =>
    injectMultipart(t.app, url('/import', who.orgId), who.token, multipart({}, { field: 'file', filename: name, contentType, data }));
  const detail = (who: Who, id: string, language = 'en-US') =>
    call(t.app, 'GET', url(`/import/detail/${id}`, who.orgId), { token: who.token, headers: { 'accept-language': language } });
  /** Upload, keep the guessed mapping (or the given one), run, and wait for the in-process job. */
  async function run(who: Who, file: string | Buffer, options: { mapping?: string[]; duplicates?: 'skip' | 'update' | 'create'; name?: string } = {}) {
    const up = await upload(who, typeof file === 'string' ? Buffer.from(file) : file, options.name);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.data.id as string;
    const d = await detail(who, id);
    const field = await call(t.app, 'POST', url(`/import/field/${id}`, who.orgId), {
      token: who.token,
      body: { mapping: options.mapping ?? d.body.data.mapping, duplicates: options.duplicates ?? 'skip' },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    const stored = await call(t.app, 'POST', url(`/import/store/${id}`, who.orgId), { token: who.token });
    expect(stored.status).toBe(200);
    await t.app.background.idle();
    return { id, detail: (await detail(who, id)).body.data };
  }
  /** Starts the undo (202, undoing) and waits for the in-process job: the status is the start's, the body the detail after it. */
  async function undo(who: Who, id: string) {
    const started = await call(t.app, 'POST', url(`/import/undo/${id}`, who.orgId), { token: who.token });
    if (started.status !== 202) return started;
    expect(started.body.data.state).toBe('undoing');
    await t.app.background.idle();
    return { status: started.status, body: (await detail(who, id)).body };
  }
  const exportFile = (who: Who, payload: Record<string, unknown>, language = 'en-US') =>
    t.app.inject({ method: 'POST', url: url('/export', who.orgId), headers: { authorization: `Bearer ${who.token}`, 'accept-language': language }, payload });
  return { url, upload, detail, run, undo, exportFile };
}
