import { useMemo } from "react";
import { encode } from "uqr";

/**
 * A QR code of `text`, drawn as one SVG path of its dark modules: black on white whatever the
 * theme (scanners need the contrast), with a quiet zone of four modules. uqr does the encoding.
 */
export function QrCode({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { border: 4, ecc: "M" });
    const d: string[] = [];
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && d.push(`M${x} ${y}h1v1h-1z`)));
    return { size: qr.size, path: d.join("") };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`bg-white ${className}`}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
