import { Part, Rotor, RotorShape } from './motion.tsx';

export interface TurbineFigureProps {
  x: number;
  /** y of the tower foot */
  baseY: number;
  /** tower height; every other size follows from it */
  height: number;
  /** seconds per rotor turn */
  seconds?: number;
  /** starting angle of the rotor in degrees */
  phase?: number;
  /** red aviation light on the nacelle */
  light?: boolean;
}

const hubY = ({ baseY, height }: TurbineFigureProps) => baseY - height;
const lightOf = (turbine: TurbineFigureProps) => ({
  cx: turbine.x + turbine.height * 0.01,
  cy: hubY(turbine) - turbine.height * 0.026,
  r: Math.max(2, turbine.height * 0.01),
});

const rotorOf = (turbine: TurbineFigureProps, fill: string) => ({
  x: turbine.x,
  y: hubY(turbine),
  length: turbine.height * 0.48,
  hub: turbine.height * 0.022,
  fill,
  phase: turbine.phase ?? 0,
});

/** One wind turbine drawn in SVG: tapered tower and nacelle; with `still`, its rotor (three blades about the hub) and
 *  light too, which otherwise are moving parts over the picture (`TurbineParts`). */
export function TurbineFigure({ fill, still, ...turbine }: TurbineFigureProps & { fill: string; still: boolean }) {
  const { x, height, light = false } = turbine;
  const top = height * 0.012;
  const foot = height * 0.028;
  const y = hubY(turbine);
  return (
    <g>
      <path d={`M${x - foot} ${turbine.baseY}L${x - top} ${y}L${x + top} ${y}L${x + foot} ${turbine.baseY}Z`} fill={fill} />
      <rect x={x - height * 0.03} y={y - height * 0.02} width={height * 0.075} height={height * 0.038} rx={height * 0.016} fill={fill} />
      {still && <RotorShape {...rotorOf(turbine, fill)} />}
      {still && light && <circle {...lightOf(turbine)} fill="#ff5a5a" />}
    </g>
  );
}

/** The turbine's rotor (and light) as moving parts, drawn over the picture where `TurbineFigure` left them out. */
export function TurbineParts({ fill, ...turbine }: TurbineFigureProps & { fill: string }) {
  const light = lightOf(turbine);
  return (
    <>
      <Rotor {...rotorOf(turbine, fill)} seconds={turbine.seconds ?? 9} />
      {turbine.light && (
        <Part box={[light.cx - light.r, light.cy - light.r, 2 * light.r, 2 * light.r]} motion="blink">
          <circle {...light} fill="#ff5a5a" />
        </Part>
      )}
    </>
  );
}
