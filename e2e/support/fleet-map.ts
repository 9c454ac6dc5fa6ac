import { expect, type Page } from '@playwright/test';
import { apiData, egeCompanyId, type Session } from './viewer-data.ts';

/** Turbines of the map specs (issue 27 item 2): three on one hill (a cluster at the fleet's zoom), one alone, one whose
 *  coordinates text is not a position ("no position"). Codes carry `tag`, so a search finds exactly these. */
export async function mapTurbines(admin: Session, tag: string) {
  const company = await egeCompanyId(admin);
  const make = (code: string, name: string, coordinates: string | undefined) =>
    apiData<{ id: number }>(admin, 'POST', '/turbines', {
      code,
      turbine_name: name,
      city: 'izmir',
      location: 'E2E harita',
      rooms: 3,
      company_id: company,
      ...(coordinates === undefined ? {} : { coordinates }),
    });
  const hill = [
    await make(`${tag}-H1`, `Harita Tepe ${tag} 1`, '38.9000,26.9000'),
    await make(`${tag}-H2`, `Harita Tepe ${tag} 2`, '38.9004,26.9006'),
    await make(`${tag}-H3`, `Harita Tepe ${tag} 3`, '38.9008,26.9012'),
  ];
  const solo = await make(`${tag}-SOLO`, `Harita Tek ${tag}`, '37.0500,35.3000');
  const lost = await make(`${tag}-LOST`, `Harita Konumsuz ${tag}`, undefined);
  return { hill: hill.map((t) => t.id), solo: solo.id, lost: lost.id };
}

/** Waits until the map has drawn the listed turbines: the container says so once MapLibre is idle. */
export async function mapDrawn(page: Page, turbines?: number) {
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const placed = turbines ?? Number(await map.getAttribute('data-placed'));
  await expect(page.getByTestId('map-canvas-box')).toHaveAttribute('data-shown', String(placed), { timeout: 30_000 });
}
