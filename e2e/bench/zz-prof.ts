import { chromium } from '@playwright/test';
import { startBenchServer, stopBenchServer } from './bench-server.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
async function main() {
  const PORT = 41781;
  const server = await startBenchServer(PORT, '/tmp/prof-data', 300_000);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await ctx.newPage();
    const cdp = await ctx.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-devtools.timeline.stack'] });
    await tab.goto(`http://127.0.0.1:${PORT}${process.env.P ?? '/login'}`, { waitUntil: 'load' });
    await tab.waitForTimeout(5000);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const events = trace.traceEvents as any[];
    const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
    const isMain = (e: any) => mains.includes(`${e.pid}:${e.tid}`);
    const t0 = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ?? events[0].ts;
    const tasks = events.filter((e) => isMain(e) && e.name === 'RunTask' && e.dur > 30_000);
    for (const task of tasks) {
      const inner = events.filter((e) => isMain(e) && e.pid === task.pid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur > 5_000 && e.name !== 'RunTask');
      const names = inner.slice(0, 8).map((e) => `${e.name}${e.args?.data?.url ? `(${String(e.args.data.url).split('/').pop()}:${e.args.data.lineNumber ?? ''})` : ''}${e.args?.data?.functionName ? `[${e.args.data.functionName}]` : ''}${e.args?.data?.type ? `{${e.args.data.type}}` : ''} ${(e.dur / 1000).toFixed(0)}`);
      console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms :: ${names.join(' | ')}`);
    }
    await ctx.close();
  } finally {
    await browser.close();
    stopBenchServer(server);
  }
}
void main();
