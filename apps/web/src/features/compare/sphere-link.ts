import type { SphereViewHandle, SphereViewState } from '../panorama/sphere-engine.ts';

/** What linking needs of a viewer (the engine's SphereViewHandle; tests give fakes). */
export type LinkableView = Pick<SphereViewHandle, 'get' | 'set' | 'onChange' | 'lastFrame' | 'renderNow' | 'onUserInput'>;
export type Side = 'a' | 'b';

export interface ViewLink {
  /** the side whose changes the other follows */
  leader: () => Side;
  /** makes a side the leader (the keyboard on a pane: keys go to the page, not to the viewer) */
  lead: (side: Side) => void;
  /** puts the follower where the leader looks (after a panorama loaded, or when syncing is switched back on) */
  resync: () => void;
  dispose: () => void;
}

/** Two 360° views that follow each other (the year compare): the side the user last pressed, wheeled or touched leads,
 *  the other takes its direction and zoom in the same call. No feedback: the follower's own change events (from being
 *  set, or from loading a panorama) never move the leader. Same frame: a change made inside the leader's render loop
 *  (a drag step, inertia) is drawn by the follower at once when the follower's loop has already run in that frame. */
export function linkViews(a: LinkableView, b: LinkableView, enabled: () => boolean = () => true): ViewLink {
  let leader: Side = 'a';
  let applying = false;
  const view = (side: Side) => (side === 'a' ? a : b);
  const follow = (from: Side, state: SphereViewState, frame: number | null) => {
    if (applying || from !== leader || !enabled()) return;
    const follower = view(from === 'a' ? 'b' : 'a');
    applying = true;
    try {
      follower.set(state);
    } finally {
      applying = false;
    }
    if (frame !== null && follower.lastFrame() === frame) follower.renderNow();
  };
  const stops = [
    a.onChange((state, frame) => follow('a', state, frame)),
    b.onChange((state, frame) => follow('b', state, frame)),
    a.onUserInput(() => {
      leader = 'a';
    }),
    b.onUserInput(() => {
      leader = 'b';
    }),
  ];
  return {
    leader: () => leader,
    lead(side) {
      leader = side;
    },
    resync() {
      if (!enabled()) return;
      follow(leader, view(leader).get(), null);
    },
    dispose() {
      for (const stop of stops) stop();
    },
  };
}

/** The smallest turn from one yaw to another, in -π..π (for comparing two views' directions across the 0/2π seam). */
export function yawDifference(from: number, to: number): number {
  const twoPi = 2 * Math.PI;
  const d = (((to - from) % twoPi) + twoPi) % twoPi;
  return d > Math.PI ? d - twoPi : d;
}
