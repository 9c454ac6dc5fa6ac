import { panoramaSvg, renderJpeg } from '../../apps/server/src/db/demo-media/images.ts';
import { apiData, createTurbine, createUser, egeCompanyId, makePhoto, type Session, superadmin, uploadPhotos } from './viewer-data.ts';

/** A turbine for the year compare (issue 16): blade A room 1 has a 360° panorama in 2025 and two in 2026, blade A's
 *  drone photos one in each year; a delamination seen in both years (a sighting per year), a crack new in 2026 inside,
 *  an erosion on the drone photos of both years. */
export interface CompareFixture {
  admin: Session;
  turbineId: number;
  panoramas: { y2025: number; y2026: number; y2026b: number };
  drones: { y2025: number; y2026: number };
  findings: { delamination: number; crack: number; erosion: number };
}

export async function compareFixture(label: string): Promise<CompareFixture> {
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  const turbineId = await createTurbine(admin, company, {
    code: `E2E-CMP-${label}-${Date.now()}`,
    turbine_name: 'E2E Year Compare',
    rooms: 2,
  });
  const operator = await createUser(admin, company, 'operator', 'Deniz');
  const manager = await createUser(admin, company, 'company_manager', 'Ece');
  const [p2025] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [
    { name: 'a1-2025.jpg', bytes: await renderJpeg(panoramaSvg('E2E · A · 1 · 2025', 40)) },
  ]);
  const p2026 = await uploadPhotos(admin, turbineId, { year: 2026, blade: 'A', room: 1 }, [
    { name: 'a1-2026-01.jpg', bytes: await renderJpeg(panoramaSvg('E2E · A · 1 · 2026', 48)) },
    { name: 'a1-2026-02.jpg', bytes: await renderJpeg(panoramaSvg('E2E · A · 1 · 2026 · 2', 56)) },
  ]);
  const [d2025] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'drone' }, [
    { name: 'drone-a-2025.jpg', bytes: await makePhoto('drone A 2025', 1600, 1200, 1) },
  ]);
  const [d2026] = await uploadPhotos(admin, turbineId, { year: 2026, blade: 'A', category: 'drone' }, [
    { name: 'drone-a-2026.jpg', bytes: await makePhoto('drone A 2026', 1600, 1200, 2) },
  ]);
  const ids = {
    y2025: p2025?.id ?? 0,
    y2026: p2026.find((p) => p.originalName === 'a1-2026-01.jpg')?.id ?? 0,
    y2026b: p2026.find((p) => p.originalName === 'a1-2026-02.jpg')?.id ?? 0,
  };
  // stored yaw runs from the image's left edge: π is where the view opens
  const outline = (yaw: number, pitch: number, grow = 0) => [
    [yaw - 0.12 - grow, pitch + 0.08 + grow],
    [yaw + 0.12 + grow, pitch + 0.08 + grow],
    [yaw + 0.12 + grow, pitch - 0.08 - grow],
    [yaw - 0.12 - grow, pitch - 0.08 - grow],
  ];
  const create = (body: object) => apiData<{ id: number; version: number }>(operator, 'POST', `/turbines/${turbineId}/findings`, body);
  const delamination = await create({
    blade: 'A',
    surface: 'interior',
    room: 1,
    type: 'delamination',
    severity: 2,
    observation: { photo_id: ids.y2025, geometry: { space: 'panorama', shape: 'polygon', points: outline(Math.PI + 0.3, 0.05) } },
  });
  await apiData(operator, 'POST', `/turbines/${turbineId}/findings/${delamination.id}/observations`, {
    photo_id: ids.y2026,
    geometry: { space: 'panorama', shape: 'polygon', points: outline(Math.PI + 0.3, 0.05, 0.06) },
    kind: 'sighting',
    severity: 3,
  });
  const crack = await create({
    blade: 'A',
    surface: 'interior',
    room: 1,
    type: 'crack',
    severity: 4,
    observation: { photo_id: ids.y2026, geometry: { space: 'panorama', shape: 'point', points: [[Math.PI - 0.35, -0.2]] } },
  });
  const box = (x: number, y: number, w: number, h: number) => ({
    space: 'flat',
    shape: 'rectangle',
    points: [
      [x, y],
      [x + w, y + h],
    ],
  });
  const erosion = await create({
    blade: 'A',
    surface: 'LE',
    type: 'erosion',
    severity: 2,
    observation: { photo_id: d2025?.id, geometry: box(0.5, 0.3, 0.15, 0.08) },
  });
  await apiData(operator, 'POST', `/turbines/${turbineId}/findings/${erosion.id}/observations`, {
    photo_id: d2026?.id,
    geometry: box(0.48, 0.28, 0.22, 0.1),
    kind: 'sighting',
    severity: 3,
  });
  // confirmed by someone other than the author (two-person rule): drafts are hidden from customers only
  const detail = await apiData<{ version: number }>(admin, 'GET', `/turbines/${turbineId}/findings/${delamination.id}`);
  await apiData(manager, 'POST', `/turbines/${turbineId}/findings/${delamination.id}/status`, { to: 'confirmed', version: detail.version });
  return {
    admin,
    turbineId,
    panoramas: ids,
    drones: { y2025: d2025?.id ?? 0, y2026: d2026?.id ?? 0 },
    findings: { delamination: delamination.id, crack: crack.id, erosion: erosion.id },
  };
}
