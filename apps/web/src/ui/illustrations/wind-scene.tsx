import { useReducedMotion } from '@mantine/hooks';
import { useId } from 'react';
import { SceneFrame, stageClass } from './motion.tsx';
import { TurbineFigure, type TurbineFigureProps, TurbineParts } from './turbine-figure.tsx';

export const WIND_SCENES = ['ridge', 'offshore', 'night'] as const;
export type WindSceneVariant = (typeof WIND_SCENES)[number];

/** Turbines of one depth of a scene, in one colour. */
interface TurbineGroup {
  fill: string;
  items: TurbineFigureProps[];
}

/** Stars at fixed pseudo-random places (same picture on every render). */
const STARS = Array.from({ length: 80 }, (_, i) => {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12345.6789;
  return { x: (a - Math.floor(a)) * 1600, y: (b - Math.floor(b)) * 520, r: 0.6 + ((i * 7) % 5) * 0.3 };
});

function Turbines({ group, still }: { group: TurbineGroup; still: boolean }) {
  return group.items.map((item) => <TurbineFigure key={`${item.x}-${item.baseY}`} {...item} fill={group.fill} still={still} />);
}

const RIDGE = {
  back: {
    fill: '#d3e8f0',
    items: [
      { x: 170, baseY: 626, height: 120, seconds: 8, phase: 20 },
      { x: 300, baseY: 622, height: 108, seconds: 9, phase: 70 },
      { x: 1390, baseY: 640, height: 112, seconds: 8.5, phase: 45 },
      { x: 1500, baseY: 636, height: 100, seconds: 10, phase: 95 },
    ],
  },
  middle: {
    fill: '#e9f4f8',
    items: [
      { x: 540, baseY: 702, height: 205, seconds: 10, phase: 10 },
      { x: 1010, baseY: 662, height: 190, seconds: 11, phase: 60 },
      { x: 1250, baseY: 672, height: 178, seconds: 9.5, phase: 100 },
    ],
  },
  front: { fill: '#f5fafc', items: [{ x: 820, baseY: 796, height: 360, seconds: 12, phase: 35 }] },
} satisfies Record<string, TurbineGroup>;

const OFFSHORE = {
  far: {
    fill: '#cfe6ee',
    items: [120, 235, 350, 465, 1180, 1295, 1410, 1525].map((x, i) => ({ x, baseY: 606, height: 72, seconds: 7 + (i % 3), phase: i * 37 })),
  },
  middle: {
    fill: '#e8f3f7',
    items: [
      { x: 700, baseY: 662, height: 170, seconds: 10, phase: 15 },
      { x: 1000, baseY: 650, height: 150, seconds: 9, phase: 80 },
    ],
  },
  near: {
    fill: '#f5fafc',
    items: [
      { x: 1250, baseY: 762, height: 380, seconds: 12, phase: 50 },
      { x: 420, baseY: 744, height: 300, seconds: 11, phase: 5 },
    ],
  },
} satisfies Record<string, TurbineGroup>;

const NIGHT = {
  back: {
    fill: '#1e4567',
    items: [
      { x: 260, baseY: 640, height: 150, seconds: 9, phase: 30, light: true },
      { x: 470, baseY: 642, height: 140, seconds: 10, phase: 75, light: true },
      { x: 1120, baseY: 626, height: 160, seconds: 8.5, phase: 10, light: true },
      { x: 1360, baseY: 628, height: 140, seconds: 9.5, phase: 55, light: true },
    ],
  },
  front: { fill: '#17385a', items: [{ x: 760, baseY: 772, height: 340, seconds: 12, phase: 40, light: true }] },
} satisfies Record<string, TurbineGroup>;

function Ridge({ id, still }: SceneProps) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0a1f3f" />
          <stop offset="0.5" stopColor="#184a7e" />
          <stop offset="0.78" stopColor="#3d93b8" />
          <stop offset="0.92" stopColor="#a7d8d9" />
          <stop offset="1" stopColor="#f6d8a8" />
        </linearGradient>
        <radialGradient id={`${id}-sun`}>
          <stop offset="0" stopColor="#fff3da" stopOpacity="0.95" />
          <stop offset="0.25" stopColor="#ffd9a0" stopOpacity="0.5" />
          <stop offset="1" stopColor="#ffd9a0" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1600" height="900" fill={`url(#${id}-sky)`} />
      <circle cx="1150" cy="630" r="300" fill={`url(#${id}-sun)`} />
      <circle cx="1150" cy="630" r="46" fill="#fff4df" />
      <path d="M0 640C200 600 380 610 560 640C760 675 900 600 1100 610C1300 620 1450 650 1600 630V900H0Z" fill="#2f7398" />
      <Turbines group={RIDGE.back} still={still} />
      <path d="M0 720C220 660 420 690 640 700C860 712 1040 650 1260 670C1420 684 1520 700 1600 690V900H0Z" fill="#1c5277" />
      <Turbines group={RIDGE.middle} still={still} />
      <path d="M0 800C260 740 520 770 760 790C1000 810 1220 760 1600 780V900H0Z" fill="#0f3252" />
      <Turbines group={RIDGE.front} still={still} />
    </>
  );
}

function Offshore({ id, still }: SceneProps) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#07182f" />
          <stop offset="0.6" stopColor="#14456f" />
          <stop offset="0.9" stopColor="#4d9cbf" />
          <stop offset="1" stopColor="#bfe3ea" />
        </linearGradient>
        <linearGradient id={`${id}-sea`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#176487" />
          <stop offset="1" stopColor="#061c31" />
        </linearGradient>
      </defs>
      <rect width="1600" height="605" fill={`url(#${id}-sky)`} />
      <rect y="604" width="1600" height="296" fill={`url(#${id}-sea)`} />
      <path d="M0 606C120 596 260 598 380 604H0ZM1240 606C1330 594 1480 592 1600 598V606Z" fill="#1d5878" />
      <Turbines group={OFFSHORE.far} still={still} />
      <Turbines group={OFFSHORE.middle} still={still} />
      <g stroke="#bfe3ea" strokeOpacity="0.16" strokeWidth="2" strokeLinecap="round">
        <path d="M80 680h180M420 720h240M900 690h160M1180 740h260M260 800h300M760 830h280M1300 860h220" />
      </g>
      <rect x="1238" y="760" width="24" height="26" fill="#f2c14e" />
      <rect x="409" y="742" width="22" height="22" fill="#f2c14e" />
      <Turbines group={OFFSHORE.near} still={still} />
    </>
  );
}

function Night({ id, still }: SceneProps) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#040b18" />
          <stop offset="0.6" stopColor="#0c2746" />
          <stop offset="1" stopColor="#1f5a7a" />
        </linearGradient>
        <radialGradient id={`${id}-moon`}>
          <stop offset="0" stopColor="#eaf4ff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#eaf4ff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1600" height="900" fill={`url(#${id}-sky)`} />
      <g fill="#ffffff">
        {STARS.map((star) => (
          <circle key={`${star.x}-${star.y}`} cx={star.x} cy={star.y} r={star.r} opacity={0.35 + (star.r % 1) * 0.5} />
        ))}
      </g>
      <circle cx="1320" cy="170" r="140" fill={`url(#${id}-moon)`} />
      <circle cx="1320" cy="170" r="42" fill="#eef6ff" />
      <path d="M0 660C240 610 460 640 700 650C940 660 1160 600 1600 640V900H0Z" fill="#0e2a45" />
      <Turbines group={NIGHT.back} still={still} />
      <path d="M0 780C300 720 600 760 900 770C1200 780 1400 740 1600 750V900H0Z" fill="#081b30" />
      <Turbines group={NIGHT.front} still={still} />
    </>
  );
}

interface SceneProps {
  id: string;
  /** rotors and lights drawn in the picture; otherwise they are moving parts over it */
  still: boolean;
}

const SCENES = {
  ridge: { Picture: Ridge, turbines: Object.values(RIDGE) },
  offshore: { Picture: Offshore, turbines: Object.values(OFFSHORE) },
  night: { Picture: Night, turbines: Object.values(NIGHT) },
} as const;

/** Our own wind-farm illustrations (no third-party photos); rotors turn and lights blink unless the user prefers reduced
 *  motion or the scene is `still` (a slideshow's hidden slides). The moving parts are boxes of their own over the
 *  picture, moved by the compositor: drawn inside the SVG they cost the main thread style and paint work every frame. */
export function WindScene({ variant, className, still = false }: { variant: WindSceneVariant; className?: string; still?: boolean }) {
  const id = useId().replace(/:/g, '');
  const reduceMotion = useReducedMotion();
  const { Picture, turbines } = SCENES[variant];
  const moving = !reduceMotion && !still;
  return (
    <span className={className ? `${stageClass} ${className}` : stageClass} aria-hidden="true" data-moving={moving || undefined}>
      <SceneFrame>
        <svg viewBox="0 0 1600 900" aria-hidden="true" focusable="false">
          <Picture id={id} still={!moving} />
        </svg>
        {moving &&
          turbines.flatMap((group) =>
            group.items.map((item) => <TurbineParts key={`${item.x}-${item.baseY}`} {...item} fill={group.fill} />),
          )}
      </SceneFrame>
    </span>
  );
}
