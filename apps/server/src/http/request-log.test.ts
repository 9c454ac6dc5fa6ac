import pretty from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { logFormatFor, prettyMessage, prettyOptions } from './request-log.ts';

describe('log format', () => {
  it('is readable on a terminal and JSON lines for anything else', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json'); // a pipe or a file has no isTTY at all
  });

  it('says an access line in a few words and keeps other messages', () => {
    const access = { req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 }, responseTime: 3.4, msg: 'request completed' };
    expect(prettyMessage(access, 'msg')).toBe('GET /api/health 200 3 ms');
    expect(prettyMessage({ msg: 'Server listening at http://127.0.0.1:3000' }, 'msg')).toBe('Server listening at http://127.0.0.1:3000');
  });

  it('prints a whole access line without JSON, pid or host', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 5, 9, 30, 0),
      pid: 4242,
      hostname: 'box',
      reqId: 'req-1',
      req: { method: 'POST', url: '/api/auth/login', ip: '127.0.0.1' },
      res: { statusCode: 401 },
      responseTime: 12.7,
      msg: 'request completed',
    });
    const text = pretty.prettyFactory({ ...prettyOptions, colorize: false })(line);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/auth\/login 401 13 ms\n$/);
    expect(text).not.toContain('{');
    expect(text).not.toContain('4242');
  });
});
