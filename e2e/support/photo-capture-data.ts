import { captureExif, pointFrom } from '../../apps/server/src/db/demo-media/capture-exif.ts';
import { droneSvg, panoramaSvg, renderJpeg, surfaceSvg } from '../../apps/server/src/db/demo-media/images.ts';
import { apiData, egeCompanyId, type Session, superadmin, uploadPhotos } from './viewer-data.ts';

/** A turbine of its own for the capture-date and GPS specs (issue 24 item 22), with photos whose EXIF a camera could
 *  have written: capture times a few minutes apart, positions so many metres from the turbine. The coordinates are
 *  typed with spaces, as people do. */
export const SITE = { latitude: 39.1842, longitude: 27.0861 };
export const SITE_TEXT = '39.1842 , 27.0861';

export interface CaptureFixture {
  admin: Session;
  turbineId: number;
  /** a turbine without coordinates, with one drone photo that has a position */
  bareTurbineId: number;
}

const taken = (iso: string) => new Date(iso);

export async function makeCaptureFixture(label: string): Promise<CaptureFixture> {
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  const code = `E2E-CAP-${label}-${Date.now().toString(36)}`.toUpperCase();
  const turbine = await apiData<{ id: number }>(admin, 'POST', '/turbines', {
    turbine_name: `Capture ${label}`,
    city: 'izmir',
    code,
    location: 'Bergama, E2E',
    rooms: 3,
    company_id: company,
    coordinates: SITE_TEXT,
  });
  const year = 2025;
  // uploaded in this order, so upload dates and capture dates disagree: the orders differ
  await uploadPhotos(admin, turbine.id, { year, blade: 'B', category: 'drone' }, [
    {
      name: 'drone-b-2.jpg',
      bytes: await renderJpeg(
        droneSvg('drone B 2', 200),
        captureExif({ takenAt: taken('2025-06-14T10:30:12Z'), position: pointFrom(SITE, 85, 85) }),
      ),
    },
  ]);
  await uploadPhotos(admin, turbine.id, { year, blade: 'C', category: 'robot' }, [
    { name: 'robot-c-1.jpg', bytes: await renderJpeg(surfaceSvg('robot C 1', 30, true)) },
  ]);
  await uploadPhotos(admin, turbine.id, { year, blade: 'A', category: 'drone' }, [
    {
      name: 'drone-a-10.jpg',
      bytes: await renderJpeg(
        droneSvg('drone A 10', 180),
        captureExif({ takenAt: taken('2025-06-14T09:05:00Z'), position: pointFrom(SITE, 150, -1340) }),
      ),
    },
  ]);
  await uploadPhotos(admin, turbine.id, { year, blade: 'A', category: 'operator' }, [
    {
      name: 'operator-a-3.jpg',
      bytes: await renderJpeg(
        surfaceSvg('operator A 3', 30, false),
        captureExif({ takenAt: taken('2025-06-15T07:00:00Z'), position: pointFrom(SITE, 12, -9) }),
      ),
    },
  ]);
  await uploadPhotos(admin, turbine.id, { year, blade: 'A', room: 1 }, [
    {
      name: 'pano-a1-1.jpg',
      bytes: await renderJpeg(panoramaSvg('A · 1 · 1', 40), captureExif({ takenAt: taken('2025-06-13T16:45:00Z') })),
    },
  ]);

  const bare = await apiData<{ id: number }>(admin, 'POST', '/turbines', {
    turbine_name: `Capture ${label} bare`,
    city: 'izmir',
    code: `${code}-B`,
    location: 'Bergama, E2E',
    rooms: 3,
    company_id: company,
  });
  await uploadPhotos(admin, bare.id, { year, blade: 'A', category: 'drone' }, [
    {
      name: 'drone-far.jpg',
      bytes: await renderJpeg(
        droneSvg('drone far', 210),
        captureExif({ takenAt: taken('2025-06-14T11:00:00Z'), position: pointFrom(SITE, 85, 85) }),
      ),
    },
  ]);
  return { admin, turbineId: turbine.id, bareTurbineId: bare.id };
}

export async function removeCaptureFixture(fixture: CaptureFixture | undefined) {
  if (!fixture) return;
  for (const id of [fixture.turbineId, fixture.bareTurbineId]) await apiData(fixture.admin, 'DELETE', `/turbines/${id}`).catch(() => {});
}
