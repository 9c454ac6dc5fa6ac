import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { TUS_PATH } from '@windscope/contract';
import type { TestApp } from './harness.ts';

/** tus' Upload-Metadata header: `key base64(value)` pairs; undefined values are left out. */
export function tusMetadata(meta: Record<string, string | number | undefined>): string {
  return Object.entries(meta)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');
}

const TUS = { 'tus-resumable': '1.0.0' };

/** tus requests through app.inject, as tus-js-client sends them. */
export function tusClient(t: TestApp, token: string, language?: 'tr' | 'en') {
  const lang = language ? { 'x-language': language } : {};
  return {
    /** with `bytes`, the creation carries them (creation-with-upload) */
    create(meta: Record<string, string | number | undefined>, length: number | null, headers: Record<string, string> = {}, bytes?: Buffer) {
      return t.call(token, {
        method: 'POST',
        url: TUS_PATH,
        ...(bytes ? { payload: bytes } : {}),
        headers: {
          ...(bytes ? { 'content-type': 'application/offset+octet-stream' } : {}),
          ...TUS,
          ...lang,
          ...(length === null ? {} : { 'upload-length': String(length) }),
          'upload-metadata': tusMetadata(meta),
          ...headers,
        },
      });
    },
    head(id: string) {
      return t.call(token, { method: 'HEAD', url: `${TUS_PATH}/${id}`, headers: { ...TUS, ...lang } });
    },
    patch(id: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
      return t.call(token, {
        method: 'PATCH',
        url: `${TUS_PATH}/${id}`,
        payload: bytes,
        headers: { ...TUS, ...lang, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers },
      });
    },
    remove(id: string) {
      return t.call(token, { method: 'DELETE', url: `${TUS_PATH}/${id}`, headers: { ...TUS, ...lang } });
    },
    outcome(id: string) {
      return t.call(token, { method: 'GET', url: `${TUS_PATH}/${id}/outcome`, headers: lang });
    },
  };
}

/** The upload id of a creation answer (its Location). */
export function uploadIdOf(res: LightMyRequestResponse | { headers: http.IncomingHttpHeaders }): string {
  const location = String(res.headers.location ?? '');
  const id = location.split('/').pop() ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) throw new Error(`no upload in the answer (location ${JSON.stringify(location)})`);
  return id;
}

/** Sends the whole upload in pieces of `chunk` bytes, each PATCH at the offset the previous one answered. */
export async function sendInPieces(client: ReturnType<typeof tusClient>, id: string, bytes: Buffer, chunk: number, from = 0) {
  let offset = from;
  let last: LightMyRequestResponse | null = null;
  while (offset < bytes.length) {
    last = await client.patch(id, offset, bytes.subarray(offset, offset + chunk));
    if (last.statusCode !== 204 && last.statusCode !== 200) return last;
    offset = Number(last.headers['upload-offset']);
  }
  if (!last) throw new Error('nothing to send');
  return last;
}

/** A PATCH over a real connection that sends only `sendBytes` of `bytes` (declaring them all), then cuts the
 *  connection: a link dropped mid-chunk. Resolves once the socket is gone. */
export function cutPatch(port: number, token: string, id: string, offset: number, bytes: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `${TUS_PATH}/${id}`,
      headers: {
        ...TUS,
        authorization: `Bearer ${token}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    request.write(bytes.subarray(0, sendBytes), () => {
      // let the server take what arrived, then drop the link
      setTimeout(() => request.destroy(), 150);
    });
  });
}
