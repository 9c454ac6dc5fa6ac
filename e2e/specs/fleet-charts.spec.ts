import { test } from '@playwright/test';
import { fleetChartsFlow, makeFleet } from '../support/fleet-charts-flow.ts';
import { inEachLook } from '../support/looks.ts';
import { superadmin } from '../support/viewer-data.ts';

// Issue 27 items 1, 3, 4 in CI: the fleet charts, their links (a value's bar, a distance band)
// to the fleet findings list, the column chooser, the asset fields and the import, axe on each screen, in both looks
// (TR light 1440 px, EN dark 769 px). The same flow with pictures: fleet-charts-screenshots.spec.ts (on demand).
// Every step is timed and bounded (support/fleet-charts-flow.ts): it fails naming the step rather than hanging.

test.use({ bypassCSP: true });

test('fleet charts, their links to the fleet findings list, the column chooser, the asset fields and the import', async ({ browser }) => {
  test.setTimeout(420_000);
  const admin = await superadmin();
  const fleet = await makeFleet(admin);
  await inEachLook(browser, admin, (page, look) => fleetChartsFlow(page, admin, fleet, { ...look, shot: async () => undefined }), {
    reducedMotion: true,
  });
});
