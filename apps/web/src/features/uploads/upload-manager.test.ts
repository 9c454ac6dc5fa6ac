import 'fake-indexeddb/auto';
import { UPLOAD_CONCURRENCY } from '@windscope/contract';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { Placement } from './queue.ts';
import { idbQueueStore, memoryQueueStore, type QueueStore } from './queue-store.ts';
import { fakeHash, fakeManager, photo, settle, sharedTabs } from './test-fakes.ts';

const TURBINE = { id: 5, name: 'WT-05' };
const DEFAULTS: Placement = { year: 2025, blade: 'A', source: { kind: 'category', category: 'operator' } };
const states = (manager: ReturnType<typeof fakeManager>['manager']) => manager.getSnapshot().items.map((i) => `${i.name}:${i.state}`);

describe('upload manager', () => {
  it('sends three at a time, skips what the turbine already holds (asked in one batch), finishes the rest', async () => {
    const knownCalls: string[][] = [];
    const dupHash = await fakeHash(photo('x', 'same-content'));
    const { manager, transport } = fakeManager({ known: new Map([[dupHash, 'IMG_OLD.jpg']]), knownCalls });
    await manager.restore(1);
    const files = [...Array.from({ length: 6 }, (_, i) => photo(`p_${i}.jpg`)), photo('copy.jpg', 'same-content')];
    files.push(...Array.from({ length: 120 }, (_, i) => photo(`q_${i}.jpg`)));
    manager.add(TURBINE, DEFAULTS, files);
    expect(states(manager).every((s) => s.endsWith(':review'))).toBe(true);
    expect(transport.sends).toHaveLength(0); // nothing goes before the user starts
    manager.start();
    await settle(600);

    // every hash asked once; the first few alone (to start sending at once), then in batches
    expect(knownCalls.flat()).toHaveLength(127);
    expect(new Set(knownCalls.flat()).size).toBe(127);
    expect(knownCalls.length).toBeLessThan(10);
    expect(manager.getSnapshot().items.find((i) => i.name === 'copy.jpg')).toMatchObject({
      state: 'duplicate',
      duplicateOf: 'IMG_OLD.jpg',
    });
    expect(transport.open).toHaveLength(UPLOAD_CONCURRENCY);
    expect(transport.open[0]?.item.sha256).toMatch(/^p_0\.jpg0+$/); // the hash goes with the upload (tus metadata)

    for (let i = 0; i < 6; i++) {
      transport.finish(`p_${i}.jpg`);
      await settle();
      expect(transport.open.length).toBeLessThanOrEqual(UPLOAD_CONCURRENCY);
    }
    expect(transport.sends.map((s) => s.file.name)).not.toContain('copy.jpg');
    expect(manager.getSnapshot().totals).toMatchObject({ done: 6, duplicate: 1, active: 120 });
  });

  it('skips a second copy of the same content in the same queue', async () => {
    const { manager, transport } = fakeManager();
    await manager.restore(1);
    manager.add(TURBINE, DEFAULTS, [photo('a.jpg', 'twin'), photo('b.jpg', 'twin')]);
    manager.start();
    await settle(40);
    expect(transport.sends.map((s) => s.file.name)).toEqual(['a.jpg']);
    expect(manager.getSnapshot().items[1]).toMatchObject({ state: 'duplicate', duplicateOf: 'a.jpg' });
  });

  it("shows a refusal with the server's message and never sends it again; retry all failed sends only the failed", async () => {
    const { manager, transport } = fakeManager();
    await manager.restore(1);
    manager.add(TURBINE, DEFAULTS, [photo('bad.jpg'), photo('cut.jpg'), photo('ok.jpg')]);
    manager.start();
    await settle(40);
    transport.finish('bad.jpg', { kind: 'refused', code: 'PHOTO_TYPE', message: 'Dosya türü desteklenmiyor' });
    transport.finish('cut.jpg', { kind: 'failed' });
    transport.finish('ok.jpg');
    await settle();
    expect(states(manager)).toEqual(['bad.jpg:refused', 'cut.jpg:failed', 'ok.jpg:done']);
    expect(manager.getSnapshot().items[0]?.message).toBe('Dosya türü desteklenmiyor');

    manager.retryFailed();
    await settle();
    expect(transport.open.map((s) => s.file.name)).toEqual(['cut.jpg']);
    transport.finish('cut.jpg');
    await settle();
    expect(states(manager)).toEqual(['bad.jpg:refused', 'cut.jpg:done', 'ok.jpg:done']);
    expect(transport.sends.filter((s) => s.file.name === 'bad.jpg')).toHaveLength(1);
  });

  it('a "name taken" refusal for content the turbine holds under that name is our own earlier attempt: done', async () => {
    const known = new Map<string, string>();
    const { manager, transport } = fakeManager({ known });
    await manager.restore(1);
    manager.add(TURBINE, DEFAULTS, [photo('mine.jpg'), photo('theirs.jpg')]);
    manager.start();
    await settle(40);
    // the server stored both contents before (answers lost); only mine.jpg's content is under the name mine.jpg
    known.set(await fakeHash(photo('x', 'mine.jpg')), 'mine.jpg');
    known.set(await fakeHash(photo('x', 'theirs.jpg')), 'other_name.jpg');
    const taken = { kind: 'refused', code: 'PHOTO_DUPLICATE_NAMES', message: 'Aynı isimde fotoğraflar zaten mevcut' } as const;
    transport.finish('mine.jpg', taken);
    transport.finish('theirs.jpg', taken);
    await settle();
    expect(states(manager)).toEqual(['mine.jpg:done', 'theirs.jpg:refused']);
  });

  it('pause stops what is in flight and starts nothing; resume continues from the upload URL', async () => {
    const { manager, transport } = fakeManager();
    await manager.restore(1);
    manager.add(TURBINE, DEFAULTS, [photo('a.jpg')]);
    manager.start();
    await settle(40);
    transport.open[0]?.url('/api/uploads/abc');
    transport.open[0]?.progress(3);
    manager.pause();
    await settle();
    expect(transport.open).toHaveLength(0);
    expect(manager.getSnapshot()).toMatchObject({ paused: true });
    expect(manager.getSnapshot().items[0]).toMatchObject({ state: 'ready', uploadUrl: '/api/uploads/abc', sent: 3 });
    manager.resume();
    await settle();
    expect(transport.open[0]?.item.uploadUrl).toBe('/api/uploads/abc');
  });

  it('asks the known hashes again when the question fails', async () => {
    let failures = 1;
    const { manager, transport } = fakeManager({ failKnown: () => failures-- > 0, checkRetryMs: 300 });
    await manager.restore(1);
    manager.add(TURBINE, DEFAULTS, [photo('a.jpg')]);
    manager.start();
    await settle(20);
    expect(states(manager)).toEqual(['a.jpg:checking']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(transport.open).toHaveLength(1);
  });

  it('suggests placement from the photo while in review, and keeps what the user corrected', async () => {
    const { manager } = fakeManager({ facts: (file) => (file.name.startsWith('DJI') ? { drone: true, year: 2024 } : {}) });
    await manager.restore(1);
    const [dji, kanat] = manager.add(TURBINE, DEFAULTS, [photo('DJI_0001.JPG'), photo('KanatC_1.jpg')]);
    manager.setPlacement([dji as string], { blade: 'B' });
    await settle();
    const [a, b] = manager.getSnapshot().items;
    // the capture year is offered, the chosen year stays (issue 24 item 14)
    expect(a).toMatchObject({
      placement: { year: 2025, blade: 'B', source: { category: 'drone' } },
      origins: { year: 'default', blade: 'user', source: 'photo' },
      takenYear: { year: 2024, from: 'photo' },
    });
    expect(b).toMatchObject({
      id: kanat,
      placement: { year: 2025, blade: 'C', source: { category: 'operator' } },
      origins: { blade: 'name', source: 'default' },
    });
    expect(b?.takenYear).toBeUndefined();
  });

  it('takes the capture year only when the user accepts it, per photo or for all; what is sent carries the chosen year', async () => {
    const years: Record<string, number> = { 'a.jpg': 2024, 'b.jpg': 2023, 'c.jpg': 2025 };
    const { manager, transport } = fakeManager({ facts: (file) => ({ year: years[file.name] }) });
    await manager.restore(1);
    const [a, b, c, d] = manager.add(TURBINE, DEFAULTS, [
      photo('a.jpg'),
      photo('b.jpg'),
      photo('c.jpg'),
      photo('DJI_20240614103012_0042_V.JPG'),
    ]);
    await settle();
    const year = (id: string | undefined) => manager.getSnapshot().items.find((item) => item.id === id)?.placement.year;
    expect([a, b, c, d].map(year)).toEqual([2025, 2025, 2025, 2025]);

    manager.acceptTakenYears([a as string]);
    expect(manager.getSnapshot().items[0]).toMatchObject({ placement: { year: 2024 }, origins: { year: 'photo' } });
    expect([b, c, d].map(year)).toEqual([2025, 2025, 2025]);
    // "for all": every photo with a year of its own; c was taken in the chosen year
    manager.acceptTakenYears([b, c, d] as string[]);
    expect([a, b, c, d].map(year)).toEqual([2024, 2023, 2025, 2024]);
    expect(manager.getSnapshot().items[3]?.origins.year).toBe('name');

    manager.start();
    await settle(40);
    expect(transport.sends.map((send) => [send.file.name, send.item.placement.year])).toEqual([
      ['a.jpg', 2024],
      ['b.jpg', 2023],
      ['c.jpg', 2025],
    ]);
  });

  it('counts the files refused on selection with their reason; they are never sent', async () => {
    const { manager, transport } = fakeManager();
    await manager.restore(1);
    manager.add(
      TURBINE,
      DEFAULTS,
      [photo('good_1.jpg'), photo('good_2.jpg'), photo('good_3.jpg')],
      [
        { file: photo('fake.jpg', '<html>'), code: 'PHOTO_UNSUPPORTED_TYPE', message: '1 dosya desteklenmeyen türde: fake.jpg' },
        { file: photo('huge.jpg'), code: 'PHOTO_TOO_LARGE', message: '1 dosya 200 MB sınırını aşıyor: huge.jpg' },
      ],
    );
    expect(states(manager)).toEqual([
      'good_1.jpg:review',
      'good_2.jpg:review',
      'good_3.jpg:review',
      'fake.jpg:refused',
      'huge.jpg:refused',
    ]);
    expect(manager.getSnapshot().items[3]).toMatchObject({
      code: 'PHOTO_UNSUPPORTED_TYPE',
      message: '1 dosya desteklenmeyen türde: fake.jpg',
    });
    manager.start();
    await settle(40);
    for (const name of ['good_1.jpg', 'good_2.jpg', 'good_3.jpg']) transport.finish(name);
    await settle();
    expect(manager.getSnapshot().totals).toMatchObject({ files: 5, done: 3, refused: 2 });
    expect(transport.sends.map((send) => send.file.name)).toEqual(['good_1.jpg', 'good_2.jpg', 'good_3.jpg']);
  });

  it('offers the rooms of the turbine the files were chosen for', async () => {
    const { manager } = fakeManager();
    await manager.restore(1);
    manager.add({ ...TURBINE, rooms: 4 }, DEFAULTS, [photo('a.jpg')]);
    expect(manager.getSnapshot().items[0]?.turbineRooms).toBe(4);
  });

  it('a session ending mid-queue counts only the files still going up by themselves (issue 24 item 16)', async () => {
    const waiting: number[] = [];
    const { manager, transport } = fakeManager({ onUnauthorized: (count) => waiting.push(count) });
    await manager.restore(1);
    manager.add(
      TURBINE,
      DEFAULTS,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => photo(`${n}.jpg`)),
    );
    manager.add({ id: 6, name: 'WT-06' }, DEFAULTS, [photo('later.jpg')]); // still in review
    manager.start(
      manager
        .getSnapshot()
        .items.filter((item) => item.turbineId === TURBINE.id)
        .map((item) => item.id),
    );
    await settle(40);
    transport.finish('a.jpg');
    transport.finish('b.jpg', { kind: 'failed' });
    transport.finish('c.jpg', { kind: 'refused', code: 'PHOTO_DAMAGED', message: 'bozuk' });
    await settle(40);
    // d, e, f are sending: the server says 401 to one of them
    transport.finish('d.jpg', { kind: 'unauthorized' });
    await settle(40);
    expect(waiting).toEqual([3]);
    expect(states(manager)).toEqual([
      'a.jpg:done',
      'b.jpg:failed',
      'c.jpg:refused',
      'd.jpg:ready',
      'e.jpg:ready',
      'f.jpg:ready',
      'later.jpg:review',
    ]);
  });
});

describe('after a failure', () => {
  it('a failed request shows no speed and no time left at once (waiting for the connection), until bytes move again', async () => {
    let clock = 1_000_000;
    const { manager, transport } = fakeManager();
    (manager as unknown as { now: () => number }).now = () => clock;
    await manager.restore(7);
    manager.add(TURBINE, DEFAULTS, [photo('a.jpg', 'a'.repeat(4000))]);
    manager.start();
    await settle(60);
    const send = transport.open[0];
    if (!send) throw new Error('not sent');
    for (let i = 1; i <= 4; i++) {
      clock += 500;
      send.progress(i * 500);
    }
    expect(manager.getSnapshot().speed).toBeGreaterThan(0);
    expect(manager.getSnapshot().secondsLeft).not.toBeNull();
    send.stalled();
    // no fading of the last speed over 8 s: the failure is shown now
    expect(manager.getSnapshot().speed).toBe(0);
    expect(manager.getSnapshot().secondsLeft).toBeNull();
    clock += 500;
    send.progress(2500);
    clock += 1500;
    send.progress(3000);
    expect(manager.getSnapshot().speed).toBeGreaterThan(0);
    // a request that hangs (no answer, no bytes): after 3 s without a byte the link counts as down too
    clock += 3500;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(manager.getSnapshot().speed).toBe(0);
    expect(manager.getSnapshot().secondsLeft).toBeNull();
    manager.reset();
  });

  it('a file shows done only once the kept queue says so: a tab closed at that moment finds it done next time', async () => {
    const kept = memoryQueueStore();
    let release: () => void = () => undefined;
    let slow = false;
    const store: QueueStore = {
      load: kept.load,
      save: async (userId, items) => {
        await kept.save(userId, items);
        // written, but the write has not said so yet
        if (slow) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const first = fakeManager({ store });
    await first.manager.restore(7);
    first.manager.add(TURBINE, DEFAULTS, [photo('a.jpg'), photo('b.jpg')]);
    first.manager.start();
    await settle(60);
    await first.manager.flush();
    slow = true;
    first.transport.finish('a.jpg');
    await settle();
    // the write is under way: not shown as done yet
    expect(states(first.manager)).toEqual(['a.jpg:sending', 'b.jpg:sending']);
    release();
    await settle();
    expect(states(first.manager)).toEqual(['a.jpg:done', 'b.jpg:sending']);
    // the tab closes now: the next visit finds a.jpg done (not "file needed")
    const meanwhile = fakeManager({ store: kept });
    await meanwhile.manager.restore(7);
    expect(states(meanwhile.manager)).toEqual(['a.jpg:done', 'b.jpg:missing']);
    // a progress save of b meanwhile keeps a's end
    first.transport.open[0]?.progress(3);
    slow = false;
    await first.manager.flush();
    const later = fakeManager({ store: kept });
    await later.manager.restore(7);
    expect(states(later.manager)).toEqual(['a.jpg:done', 'b.jpg:missing']);
  });
});

describe('a second tab of the same user', () => {
  it("shows the owning tab's queue read-only and hands it what the user does; takes the queue over once that tab is gone", async () => {
    const tabs = sharedTabs();
    const store = memoryQueueStore();
    const firstTab = tabs.tab();
    const first = fakeManager({ store, sharing: firstTab });
    const second = fakeManager({ store, sharing: tabs.tab() });
    await first.manager.restore(7);
    first.manager.add(TURBINE, DEFAULTS, [photo('a.jpg'), photo('b.jpg')]);
    first.manager.start();
    await settle(60);
    await first.manager.restore(7);
    await second.manager.restore(7);
    await settle(60);
    // the second tab shows the first one's live queue: not "left from your last visit", no files asked for
    expect(second.manager.getSnapshot().follower).toBe(true);
    expect(states(second.manager)).toEqual(['a.jpg:sending', 'b.jpg:sending']);
    expect(second.manager.getSnapshot().askForFiles).toBe(false);
    expect(second.transport.sends).toHaveLength(0);
    first.transport.finish('a.jpg');
    await settle(60);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    expect(states(second.manager)).toEqual(['a.jpg:done', 'b.jpg:sending']);
    // what the user does there is done by the owner: files chosen in the second tab are sent by the first
    second.manager.add(TURBINE, DEFAULTS, [photo('c.jpg')]);
    await settle(60);
    expect(states(first.manager)).toEqual(['a.jpg:done', 'b.jpg:sending', 'c.jpg:review']);
    second.manager.pause();
    await settle();
    expect(first.manager.getSnapshot().paused).toBe(true);
    second.manager.resume();
    await settle(60);
    expect(first.manager.getSnapshot().paused).toBe(false);
    await first.manager.flush();

    // the first tab is closed: the second takes the queue over as kept, and asks for the unfinished files
    firstTab.close();
    await settle(60);
    expect(second.manager.getSnapshot().follower).toBe(false);
    expect(states(second.manager)).toEqual(['a.jpg:done', 'b.jpg:missing', 'c.jpg:missing']);
    expect(second.manager.getSnapshot().askForFiles).toBe(true);
    second.manager.provideFiles([photo('b.jpg')]);
    await settle(60);
    expect(second.transport.open.map((s) => s.file.name)).toEqual(['b.jpg']);
    first.manager.reset();
    second.manager.reset();
  });
});

describe('files chosen while the tab asks whether the queue is its own', () => {
  it('stay in review (not "file needed") when the queue turns out to be this tab\'s', async () => {
    const store = memoryQueueStore();
    const tabs = sharedTabs();
    const tab = tabs.tab();
    let decide: (owner: boolean) => void = () => undefined;
    const slow = { ...tab, own: () => new Promise<boolean>((resolve) => (decide = resolve)) };
    const { manager } = fakeManager({ store, sharing: slow });
    const restored = manager.restore(7);
    manager.add(TURBINE, DEFAULTS, [photo('a.jpg')]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await store.load(7)).toEqual([]);
    decide(true);
    await restored;
    await settle(20);
    expect(states(manager)).toEqual(['a.jpg:review']);
    manager.reset();
  });
});

describe('the queue in IndexedDB', () => {
  it('survives a reload: finished files stay finished, the others ask for their files once and resume from their upload URL', async () => {
    const store = idbQueueStore(createStore('uploads-test-1', 'queue'));
    const first = fakeManager({ store });
    await first.manager.restore(7);
    const files = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg')];
    first.manager.add(TURBINE, DEFAULTS, files);
    first.manager.start();
    await settle(60);
    first.transport.finish('a.jpg');
    first.transport.open.find((s) => s.file.name === 'b.jpg')?.url('/api/uploads/b1');
    first.transport.open.find((s) => s.file.name === 'b.jpg')?.progress(1);
    await settle();
    await first.manager.flush();

    // the tab is reloaded: a new manager, same database
    const second = fakeManager({ store });
    await second.manager.restore(7);
    expect(states(second.manager)).toEqual(['a.jpg:done', 'b.jpg:missing', 'c.jpg:missing', 'd.jpg:missing']);
    expect(second.manager.getSnapshot().askForFiles).toBe(true);
    // another user on this computer sees none of it
    const stranger = fakeManager({ store });
    await stranger.manager.restore(8);
    expect(stranger.manager.getSnapshot().items).toHaveLength(0);

    // the user picks the card again (one file was edited since: another modification time, it stays missing)
    const again = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg', 'd.jpg', 1_800_000_000_000)];
    const result = second.manager.provideFiles(again);
    expect(result.matched).toBe(2);
    expect(result.unmatched.map((f) => f.name)).toEqual(['a.jpg', 'd.jpg']);
    expect(second.manager.getSnapshot().askForFiles).toBe(false);
    await settle(60);
    const resumed = second.transport.open.find((s) => s.file.name === 'b.jpg');
    expect(resumed?.item.uploadUrl).toBe('/api/uploads/b1'); // tus asks this URL for its offset: only the rest is sent
    expect(second.transport.sends.map((s) => s.file.name).sort()).toEqual(['b.jpg', 'c.jpg']);
    second.transport.finish('b.jpg');
    second.transport.finish('c.jpg');
    await settle();
    second.manager.forgetMissing();
    await second.manager.flush();
    const third = fakeManager({ store });
    await third.manager.restore(7);
    expect(states(third.manager)).toEqual(['a.jpg:done', 'b.jpg:done', 'c.jpg:done']);
  });
});
