import { unique } from './factories.ts';
import type { BadInput, PreparedCall, RouteCase, RouteContext } from './route-table.ts';
import { formBody } from './uploads.ts';

/** Issue 27: the turbine list's export and its import (turbines/turbine-export.ts, turbine-import.ts). */
async function importCall(c: RouteContext, lines: string[]): Promise<PreparedCall> {
  const body = await formBody({}, [{ name: 'turbines.csv', bytes: Buffer.from(`${lines.join('\r\n')}\r\n`) }], 'file');
  return {
    query: `?dry_run=false&company_id=${c.companyId}`,
    payload: body.payload,
    headers: body.headers,
    resource: { companyId: c.companyId },
  };
}

/** A multipart body with one CSV file, built at once (badInput is synchronous). */
function sheet(lines: string[]): { headers: Record<string, string>; payload: Buffer } {
  const boundary = 'windscope-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(lines.join('\r\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

export const TURBINE_SHEET_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/turbines/export': {
    needs: 'turbine.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ query: `?format=csv&manufacturer=Enercon&filter_company_id=${c.companyId}` }),
  },
  'POST /api/turbines/import': {
    needs: 'turbine.create',
    ok: 200,
    tenantRow: false,
    prepare: (c) => importCall(c, ['Kod,Şehir,Konum,Üretici', `IMP-${unique()},izmir,Matrix,Enercon`]),
    badInput: (): BadInput[] => [
      { label: 'not a sheet', ...sheet(['\u0000\u0001']), status: 400, code: 'TURBINE_IMPORT_FILE_INVALID' },
      { label: 'no code column', ...sheet(['Ad,Şehir', 'x,y']), status: 400, code: 'TURBINE_IMPORT_NO_CODE_COLUMN' },
      { label: 'no rows', ...sheet(['Kod']), status: 400, code: 'TURBINE_IMPORT_EMPTY' },
    ],
  },
};
