export interface TurbineFigureProps {
  x: number;
  /** y of the tower foot */
  baseY: number;
  /** tower height; every other size follows from it */
  height: number;
  fill: string;
  /** seconds per rotor turn */
  seconds?: number;
  /** starting angle of the rotor in degrees */
  phase?: number;
  /** red aviation light on the nacelle */
  light?: boolean;
  animate: boolean;
}

function bladePath(length: number): string {
  const l = length;
  return `M${-0.035 * l} 0C${-0.06 * l} ${-0.3 * l} ${-0.025 * l} ${-0.75 * l} 0 ${-l}C${0.02 * l} ${-0.7 * l} ${0.05 * l} ${-0.35 * l} ${0.03 * l} 0Z`;
}

/** One wind turbine drawn in SVG: tapered tower, nacelle, three blades turning about the hub. */
export function TurbineFigure({ x, baseY, height, fill, seconds = 9, phase = 0, light = false, animate }: TurbineFigureProps) {
  const hubY = baseY - height;
  const top = height * 0.012;
  const foot = height * 0.028;
  const blade = bladePath(height * 0.48);
  return (
    <g>
      <path d={`M${x - foot} ${baseY}L${x - top} ${hubY}L${x + top} ${hubY}L${x + foot} ${baseY}Z`} fill={fill} />
      <rect x={x - height * 0.03} y={hubY - height * 0.02} width={height * 0.075} height={height * 0.038} rx={height * 0.016} fill={fill} />
      <g transform={`translate(${x} ${hubY}) rotate(${phase})`}>
        <g>
          {animate && (
            <animateTransform attributeName="transform" type="rotate" from="0" to="360" dur={`${seconds}s`} repeatCount="indefinite" />
          )}
          <path d={blade} fill={fill} />
          <path d={blade} fill={fill} transform="rotate(120)" />
          <path d={blade} fill={fill} transform="rotate(240)" />
          <circle r={height * 0.022} fill={fill} />
        </g>
      </g>
      {light && (
        <circle cx={x + height * 0.01} cy={hubY - height * 0.026} r={Math.max(2, height * 0.01)} fill="#ff5a5a">
          {animate && <animate attributeName="opacity" values="1;0.15;1" dur="2.4s" repeatCount="indefinite" />}
        </circle>
      )}
    </g>
  );
}
