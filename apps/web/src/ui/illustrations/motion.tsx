import type { ReactNode } from 'react';
import classes from './motion.module.css';

/** Our scenes are drawn in 1600 x 900 units. */
export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 900;

export type Motion = 'spin' | 'bob' | 'pulse' | 'rise' | 'blink' | 'bobBlink';

export interface PartProps {
  /** the part's box in scene units: x, y, width, height (a spinning part turns about the box's centre) */
  box: readonly [x: number, y: number, width: number, height: number];
  /** none: a still part drawn over a moving one, as the picture layers them */
  motion?: Motion;
  seconds?: number;
  /** seconds before it starts */
  delay?: number;
  /** SVG content in scene units */
  children: ReactNode;
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/** One moving part of a scene: a box of its own over the picture, moved by the compositor (transform, opacity). */
export function Part({ box: [x, y, width, height], motion, seconds, delay, children }: PartProps) {
  return (
    <span
      className={motion ? `${classes.part} ${classes[motion]}` : classes.part}
      style={{
        left: percent(x, SCENE_WIDTH),
        top: percent(y, SCENE_HEIGHT),
        width: percent(width, SCENE_WIDTH),
        height: percent(height, SCENE_HEIGHT),
        animationDuration: seconds === undefined ? undefined : `${seconds}s`,
        animationDelay: delay ? `${delay}s` : undefined,
      }}
    >
      <svg viewBox={`${x} ${y} ${width} ${height}`} aria-hidden="true" focusable="false">
        {children}
      </svg>
    </span>
  );
}

/** The scene's units over its stage, cropped like the picture under it. */
export function SceneFrame({ hidden, children }: { hidden?: boolean; children: ReactNode }) {
  return (
    <span className={classes.frame} hidden={hidden}>
      {children}
    </span>
  );
}

/** a scene picture's box (app/global.css: a class every page has, so the home page needs no file more for it) */
export const stageClass = 'ws-stage';

/** The blade of every rotor in our scenes, 100 units long from the hub (scaled per turbine). */
export const BLADE_PATH = 'M-3.5 0C-6-30-2.5-75 0-100 2-70 5-35 3 0Z';

export interface RotorProps {
  /** the hub */
  x: number;
  y: number;
  /** blade length in scene units */
  length: number;
  /** hub radius */
  hub: number;
  fill: string;
  seconds: number;
  /** the angle it is drawn at when still, in degrees */
  phase: number;
}

/** Three blades and a hub, at rest. */
export function RotorShape({ x, y, length, hub, fill, phase }: Omit<RotorProps, 'seconds'>) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${phase})`} fill={fill}>
      {[0, 120, 240].map((angle) => (
        <path key={angle} d={BLADE_PATH} transform={`rotate(${angle}) scale(${length / 100})`} />
      ))}
      <circle r={hub} />
    </g>
  );
}

/** The rotor turning about its hub: the still picture's rotor as a moving part. */
export function Rotor({ seconds, ...rotor }: RotorProps) {
  const { x, y, length } = rotor;
  return (
    <Part box={[x - length, y - length, 2 * length, 2 * length]} motion="spin" seconds={seconds}>
      <RotorShape {...rotor} />
    </Part>
  );
}
