/** Rows for campaign tests (issue 17), written directly: the routes themselves are what the tests call. */
import type { CampaignMethod } from '@windscope/contract';
import { campaignTurbines, campaigns, campaignWaivers } from '../src/db/schema.ts';
import type { UserRow } from '../src/users/presenter.ts';
import { unique } from './factories.ts';
import type { TestApp } from './harness.ts';

export async function insertCampaign(
  t: TestApp,
  companyId: number,
  turbineIds: number[],
  options: { methods?: CampaignMethod[]; year?: number; createdBy?: number | null; name?: string } = {},
) {
  const [row] = await t.app.ctx.db
    .insert(campaigns)
    .values({
      companyId,
      name: options.name ?? `Kampanya ${unique()}`,
      year: options.year ?? 2026,
      methods: options.methods ?? ['drone'],
      plannedStart: '2026-05-01',
      plannedEnd: '2026-06-30',
      createdBy: options.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error('campaign not inserted');
  if (turbineIds.length > 0)
    await t.app.ctx.db.insert(campaignTurbines).values(turbineIds.map((turbineId) => ({ campaignId: row.id, turbineId })));
  return row;
}

export async function insertWaiver(
  t: TestApp,
  campaignId: number,
  turbineId: number,
  by: UserRow,
  cell: { method?: CampaignMethod; blade?: 'A' | 'B' | 'C' | null } = {},
) {
  const [row] = await t.app.ctx.db
    .insert(campaignWaivers)
    .values({
      campaignId,
      turbineId,
      method: cell.method ?? 'drone',
      blade: cell.blade === undefined ? 'A' : cell.blade,
      reason: 'Rüzgâr çok kuvvetliydi',
      createdBy: by.id,
    })
    .returning();
  if (!row) throw new Error('waiver not inserted');
  return row;
}
