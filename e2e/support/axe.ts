import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core injected into the page (the current @axe-core/playwright needs Node 22). The app's Content-Security-Policy
// (script-src 'self') rightly refuses an inline script tag: specs that use this set test.use({ bypassCSP: true }).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Waits (at most 3 s) for the page's finite CSS transitions and animations to end: an element fading in or out (a
 *  toast arriving or leaving) is judged at its final colours, not at a half-transparent frame. Endless ones (spinners)
 *  are not waited for. */
export async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 3000))]);
  });
}

/** The page's serious and critical axe violations (colour contrast included, and the experimental
 *  label-content-name-mismatch), one line each, once transitions end.
 *  A page that shows some is judged again a second later, and that verdict counts: a screen caught between two states
 *  (a route's chunk still loading, a list refetching) is judged as the user sees it once it has settled. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const first = await violationsNow(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(1000);
  return violationsNow(page);
}

async function violationsNow(page: Page): Promise<string[]> {
  await settleTransitions(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    // label-content-name-mismatch is one of axe's "experimental" rules, off by default; the audits ran it (issue 24,
    // item 24: a control's name must hold the words it shows, or speech input cannot reach it)
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(', ')})`,
    );
}
