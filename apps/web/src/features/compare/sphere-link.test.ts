import { describe, expect, it } from 'vitest';
import type { SphereViewState } from '../panorama/sphere-engine.ts';
import { type LinkableView, linkViews, yawDifference } from './sphere-link.ts';

/** A stand-in for a viewer's view handle: set() reports the change like Photo Sphere Viewer's events do. */
function fakeView(frame = { now: 0 }) {
  let state: SphereViewState = { yaw: 0, pitch: 0, zoom: 0 };
  const changes = new Set<(view: SphereViewState, frame: number) => void>();
  const inputs = new Set<() => void>();
  const calls = { set: 0, renderNow: 0 };
  let loopFrame = 0;
  const view: LinkableView & { user: (next: Partial<SphereViewState>) => void; input: () => void; loop: () => void; calls: typeof calls } =
    {
      calls,
      get: () => state,
      set(next) {
        calls.set += 1;
        const same = next.yaw === state.yaw && next.pitch === state.pitch && next.zoom === state.zoom;
        state = { ...next };
        // the viewer reports only a real change, as its dynamics do
        if (!same) for (const listener of changes) listener(state, frame.now);
      },
      onChange(listener) {
        changes.add(listener);
        return () => changes.delete(listener);
      },
      lastFrame: () => loopFrame,
      renderNow() {
        calls.renderNow += 1;
      },
      onUserInput(listener) {
        inputs.add(listener);
        return () => inputs.delete(listener);
      },
      /** the user drags or zooms this view */
      user(next) {
        state = { ...state, ...next };
        for (const listener of changes) listener(state, frame.now);
      },
      input() {
        for (const listener of inputs) listener();
      },
      /** this view's render loop runs in the current frame */
      loop() {
        loopFrame = frame.now;
      },
    };
  return view;
}

describe('two linked 360° views (year compare)', () => {
  it('the follower takes the leader’s direction and zoom', () => {
    const a = fakeView();
    const b = fakeView();
    linkViews(a, b);
    a.input();
    a.user({ yaw: 1.2, pitch: -0.3, zoom: 40 });
    expect(b.get()).toEqual({ yaw: 1.2, pitch: -0.3, zoom: 40 });
  });

  it('whichever side the user presses leads, both ways', () => {
    const a = fakeView();
    const b = fakeView();
    const link = linkViews(a, b);
    b.input();
    expect(link.leader()).toBe('b');
    b.user({ yaw: 4, zoom: 10 });
    expect(a.get()).toMatchObject({ yaw: 4, zoom: 10 });
    a.input();
    a.user({ yaw: 2 });
    expect(b.get().yaw).toBe(2);
  });

  it('has no feedback loop: the follower’s own change events never move the leader back', () => {
    const a = fakeView();
    const b = fakeView();
    linkViews(a, b);
    a.input();
    a.user({ yaw: 0.5 });
    a.user({ yaw: 0.6 });
    expect(b.calls.set).toBe(2);
    expect(a.calls.set).toBe(0);
  });

  it('ignores the follower resetting itself (a panorama loading) and puts it back on resync', () => {
    const a = fakeView();
    const b = fakeView();
    const link = linkViews(a, b);
    a.input();
    a.user({ yaw: 3, pitch: 0.2, zoom: 50 });
    b.user({ yaw: 0, pitch: 0, zoom: 0 });
    expect(a.get()).toEqual({ yaw: 3, pitch: 0.2, zoom: 50 });
    link.resync();
    expect(b.get()).toEqual({ yaw: 3, pitch: 0.2, zoom: 50 });
  });

  it('draws the follower at once only when its loop already ran in the leader’s frame', () => {
    const frame = { now: 16 };
    const a = fakeView(frame);
    const b = fakeView(frame);
    linkViews(a, b);
    b.input();
    // a's loop has not run in this frame yet: it draws the new view itself
    b.user({ yaw: 1 });
    expect(a.calls.renderNow).toBe(0);
    // a ran first in the frame, then b's loop moved b
    frame.now = 33;
    a.loop();
    b.user({ yaw: 1.1 });
    expect(a.calls.renderNow).toBe(1);
    expect(a.get().yaw).toBe(1.1);
  });

  it('does nothing while syncing is off, and disposes its listeners', () => {
    let on = false;
    const a = fakeView();
    const b = fakeView();
    const link = linkViews(a, b, () => on);
    a.user({ yaw: 2 });
    expect(b.get().yaw).toBe(0);
    on = true;
    link.resync();
    expect(b.get().yaw).toBe(2);
    link.dispose();
    a.user({ yaw: 3 });
    expect(b.get().yaw).toBe(2);
  });
});

describe('yawDifference', () => {
  it('turns the short way across the seam', () => {
    expect(yawDifference(6.2, 0.1)).toBeCloseTo(0.1 + 2 * Math.PI - 6.2, 6);
    expect(yawDifference(0.1, 6.2)).toBeCloseTo(-(0.1 + 2 * Math.PI - 6.2), 6);
    expect(yawDifference(1, 1.5)).toBeCloseTo(0.5, 6);
  });
});
