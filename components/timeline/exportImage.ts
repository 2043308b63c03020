/**
 * Downloads the timeline as it is drawn, for slides: an SVG file, or a PNG at twice the size.
 * The drawing's colours are CSS variables (both themes live in the stylesheet), so the copy gets
 * every colour resolved to its value in the current theme, a solid background and a font, and
 * nothing interactive, so the file looks the same anywhere it is opened.
 */
const PAINT_PROPERTIES = ["fill", "stroke", "opacity", "stroke-opacity", "fill-opacity"] as const;

function standaloneSvg(source: SVGSVGElement): string {
  const copy = source.cloneNode(true) as SVGSVGElement;
  const originals = [source, ...source.querySelectorAll("*")];
  const copies = [copy, ...copy.querySelectorAll("*")];
  originals.forEach((original, i) => {
    const target = copies[i] as SVGElement;
    const computed = getComputedStyle(original);
    for (const property of PAINT_PROPERTIES) {
      const value = computed.getPropertyValue(property);
      if (value) target.style.setProperty(property, value);
    }
    target.removeAttribute("tabindex");
    target.removeAttribute("class");
  });
  // Focus rings are invisible on screen; in a file they would be drawn.
  copy.querySelectorAll('[role="button"] > g:first-of-type').forEach((ring) => ring.remove());
  const { width, height } = source.getBoundingClientRect();
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", String(Math.round(width)));
  copy.setAttribute("height", String(Math.round(height)));
  copy.setAttribute("font-family", getComputedStyle(source).fontFamily);
  const background = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  background.setAttribute("width", "100%");
  background.setAttribute("height", "100%");
  background.setAttribute("fill", getComputedStyle(document.body).backgroundColor);
  copy.insertBefore(background, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadTimelineSvg(svg: SVGSVGElement, name: string): void {
  download(new Blob([standaloneSvg(svg)], { type: "image/svg+xml" }), `${name}.svg`);
}

export async function downloadTimelinePng(svg: SVGSVGElement, name: string, scale = 2): Promise<void> {
  const text = standaloneSvg(svg);
  const { width, height } = svg.getBoundingClientRect();
  const image = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("this browser cannot draw to a canvas");
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!png) throw new Error("the browser could not encode the PNG");
    download(png, `${name}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
