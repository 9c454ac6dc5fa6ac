import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

/** A downloaded export as text: the CSV itself, or every XML part of the XLSX (its cells live there). */
export async function exportText(download: Download): Promise<string> {
  const bytes = await readFile((await download.path()) ?? '');
  if (download.suggestedFilename().endsWith('.csv')) return bytes.toString('utf8');
  return Object.values(unzipSync(new Uint8Array(bytes)))
    .map((part) => strFromU8(part))
    .join('\n');
}
