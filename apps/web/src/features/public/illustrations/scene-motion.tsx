// The moving parts of the public site's scene pictures (issue 22), loaded after the page: the first paint shows the
// still picture; this draws the same scene as a picture without its moving parts plus the parts as boxes of their own
// over it, moved by the compositor (an animation inside an SVG picture is restyled and repainted on the main thread
// every frame). At rest, picture and parts are the still picture: the swap cannot be seen.
import { Fragment, useId, useState } from 'react';
import { Part, Rotor, SceneFrame } from '../../../ui/illustrations/motion.tsx';
import bladeInspection from './blade-inspection-base.svg?no-inline';
import rovFoundation from './rov-foundation-base.svg?no-inline';
import rovSurvey from './rov-survey-base.svg?no-inline';
import type { SceneName } from './scenes.ts';

/** the underwater robot of both ROV scenes, at the origin, 240 x 150 units */
function RovBody({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <rect x="-118" y="-16" width="32" height="34" rx="8" fill="#0c1a26" />
      <rect x="-96" y="-32" width="192" height="78" rx="8" fill="#1a2a39" />
      <path d="M-80-32v78M0-32v78M80-32v78" stroke="#2d4357" strokeWidth="5" />
      <rect x="-104" y="-86" width="208" height="58" rx="14" fill="#f2b630" />
      <path d="M-104-60h208" stroke="#d8961a" strokeWidth="6" />
      <rect x="-60" y="-78" width="44" height="12" rx="4" fill="#0a1f3f" fillOpacity=".75" />
      <rect x="-30" y="46" width="60" height="14" rx="4" fill="#0c1a26" />
      <circle cx="96" cy="-12" r="10" fill="#fff6d5" />
      <circle cx="96" cy="24" r="14" fill="#08131d" stroke="#61bfd3" strokeWidth="3" />
      <circle cx="100" cy="22" r="5" fill="#61bfd3" />
      <path d="M58 46l32 26 40-12" fill="none" stroke="#a9b8c7" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M130 60l10-8m-10 8 8 10" stroke="#a9b8c7" strokeWidth="5" strokeLinecap="round" />
    </g>
  );
}

/** bubbles rising from the robot: [x, y, radius, seconds, delay] */
function Bubbles({ items }: { items: [number, number, number, number, number][] }) {
  return items.map(([cx, cy, r, seconds, delay]) => (
    <Part key={`${cx}-${cy}`} box={[cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2]} motion="rise" seconds={seconds} delay={delay}>
      <circle cx={cx} cy={cy} r={r} fill="none" stroke="#cdeff5" strokeOpacity=".55" strokeWidth="2" />
    </Part>
  ));
}

/** small turbines on the horizon: [x, y, phase, seconds, blade length, hub radius] */
function Rotors({ fill, items }: { fill: string; items: [number, number, number, number, number, number][] }) {
  return items.map(([x, y, phase, seconds, length, hub]) => (
    <Rotor key={`${x}-${y}`} x={x} y={y} phase={phase} seconds={seconds} length={length} hub={hub} fill={fill} />
  ));
}

function BladeParts({ id }: { id: string }) {
  return (
    <>
      <Rotors
        fill="#b6d7e3"
        items={[
          [90, 640, 0, 7, 30, 1.4],
          [200, 632, 41, 8, 30, 1.5],
          [310, 624, 82, 9, 40, 1.7],
          [420, 640, 123, 7, 30, 1.4],
          [530, 632, 164, 8, 30, 1.5],
          [640, 624, 205, 9, 40, 1.7],
          [1530, 640, 246, 7, 30, 1.4],
        ]}
      />
      {/* the drone's scan beam */}
      <Part box={[950, 272, 182, 218]} motion="pulse">
        <defs>
          <linearGradient id={`${id}-scan`} x1="0" x2="1">
            <stop offset="0" stopColor="#97d6e3" stopOpacity=".7" />
            <stop offset="1" stopColor="#97d6e3" stopOpacity=".12" />
          </linearGradient>
        </defs>
        <path d="M984 272 1132 392 950 490Z" fill={`url(#${id}-scan)`} />
      </Part>
      {/* the damage it found, drawn over the beam */}
      <Part box={[990, 390, 100, 92]}>
        <g transform="translate(1040 436) rotate(-25)">
          <rect x="-44" y="-26" width="88" height="52" rx="4" fill="none" stroke="#f2c14e" strokeWidth="3.5" strokeDasharray="12 7" />
          <circle r="6" fill="#f2c14e" />
        </g>
      </Part>
      <Part box={[878, 200, 204, 77]} motion="bob">
        <g transform="translate(980 236)">
          <path d="M-62-16 0 0l62-16M-62 16 0 0l62 16" stroke="#1c3a57" strokeWidth="7" strokeLinecap="round" />
          <rect x="-69" y="-30" width="14" height="14" rx="3" fill="#1c3a57" />
          <ellipse cx="-62" cy="-31" rx="40" ry="5" fill="#e7f3f8" fillOpacity=".55" />
          <rect x="55" y="-30" width="14" height="14" rx="3" fill="#1c3a57" />
          <ellipse cx="62" cy="-31" rx="40" ry="5" fill="#e7f3f8" fillOpacity=".55" />
          <rect x="-40" y="-15" width="80" height="30" rx="13" fill="#eef5f9" />
          <rect x="-40" y="-3" width="80" height="6" fill="#0a8fb2" />
          <path d="M-8 15h16v8H-8z" fill="#1c3a57" />
          <circle cy="30" r="11" fill="#0f2f5c" />
          <circle cx="4" cy="31" r="5" fill="#61bfd3" />
        </g>
      </Part>
      {/* the drone's light: bobs with it and blinks */}
      <Part box={[1007, 227, 6, 6]} motion="bobBlink">
        <circle cx="1010" cy="230" r="3" fill="#ff5a5a" />
      </Part>
    </>
  );
}

function RovFoundationParts({ id }: { id: string }) {
  return (
    <>
      <Part box={[1002, 420, 198, 210]} motion="pulse">
        <defs>
          <linearGradient id={`${id}-beam`} x1="0" x2="1">
            <stop offset="0" stopColor="#fff6d5" stopOpacity=".6" />
            <stop offset="1" stopColor="#fff6d5" stopOpacity=".04" />
          </linearGradient>
        </defs>
        <path d="M1002 505 1200 420v210Z" fill={`url(#${id}-beam)`} />
      </Part>
      <Part box={[792, 434, 260, 162]}>
        <RovBody transform="translate(910 520)" />
      </Part>
      <Bubbles
        items={[
          [1060, 470, 6, 5, 0],
          [1080, 430, 4, 6, 0.9],
          [1130, 560, 5, 7, 1.8],
          [1000, 410, 3, 5, 2.7],
          [1160, 500, 4, 6, 3.6],
        ]}
      />
    </>
  );
}

function RovSurveyParts({ id }: { id: string }) {
  // [x, y, phase, seconds, hub radius, light x, light y]
  const turbines: [number, number, number, number, number, number, number][] = [
    [120, 242, 0, 8, 2, 120.9, 239.7],
    [260, 256, 53, 9, 1.7, 260.8, 254],
    [400, 242, 106, 10, 2, 400.9, 239.7],
    [540, 256, 159, 8, 1.7, 540.8, 254],
    [700, 242, 212, 9, 2, 700.9, 239.7],
    [1460, 256, 265, 10, 1.7, 1460.8, 254],
  ];
  return (
    <>
      {turbines.map(([x, y, phase, seconds, hub, lightX, lightY]) => (
        <Fragment key={x}>
          <Rotor x={x} y={y} phase={phase} seconds={seconds} length={40} hub={hub} fill="#d6ebf2" />
          {/* the nacelle's aviation light */}
          <Part box={[lightX - 2, lightY - 2, 4, 4]} motion="blink">
            <circle cx={lightX} cy={lightY} r="2" fill="#ff5a5a" />
          </Part>
        </Fragment>
      ))}
      <Part box={[640, 655, 520, 145]} motion="pulse">
        <defs>
          <radialGradient id={`${id}-son`} cx=".5" cy="0">
            <stop offset="0" stopColor="#61bfd3" stopOpacity=".5" />
            <stop offset="1" stopColor="#61bfd3" stopOpacity="0" />
          </radialGradient>
        </defs>
        <path d="M880 655 640 800h520Z" fill={`url(#${id}-son)`} />
      </Part>
      <Part box={[700, 540, 340, 240]}>
        <path d="M780 716q100 30 200 0M720 752q160 44 320 0" fill="none" stroke="#61bfd3" strokeOpacity=".5" strokeWidth="3" />
        <RovBody transform="translate(900 610) scale(-0.8 0.8)" />
      </Part>
      <Bubbles
        items={[
          [1000, 560, 5, 5, 0],
          [940, 520, 3, 6, 0.9],
          [1040, 600, 4, 7, 1.8],
        ]}
      />
    </>
  );
}

const SCENE_PARTS = {
  blade: { picture: bladeInspection, Parts: BladeParts },
  rovFoundation: { picture: rovFoundation, Parts: RovFoundationParts },
  rovSurvey: { picture: rovSurvey, Parts: RovSurveyParts },
} as const;

/** The scene in motion, over its still picture; shown once its own picture has loaded. */
export default function SceneMotion({ name }: { name: SceneName }) {
  const id = useId().replace(/:/g, '');
  const [ready, setReady] = useState(false);
  const { picture, Parts } = SCENE_PARTS[name];
  return (
    <SceneFrame hidden={!ready}>
      <img
        src={picture}
        alt=""
        decoding="async"
        draggable={false}
        ref={(img) => void (img?.complete && setReady(true))}
        onLoad={() => setReady(true)}
      />
      <Parts id={id} />
    </SceneFrame>
  );
}
