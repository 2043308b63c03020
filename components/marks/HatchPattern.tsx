/**
 * Diagonal hatching for SVG fills: grey for a pause, the danger colour for belief past the real
 * lease. A pattern is a shape cue that survives greyscale printing and colour-vision deficiency.
 */
export function HatchPattern({ id, color, spacing = 6 }: { id: string; color: string; spacing?: number }) {
  return (
    <pattern id={id} width={spacing} height={spacing} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <line x1="0" y1="0" x2="0" y2={spacing} strokeWidth={spacing / 2.4} style={{ stroke: color }} />
    </pattern>
  );
}
