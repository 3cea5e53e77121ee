/**
 * Exports the drawn lineage as an image. The SVG is built here from the laid-out positions (not
 * copied from the page), so it is self-contained, valid XML; the PNG is that SVG drawn to a
 * canvas. Both are downloaded through a data: URL (the page's security policy allows no blob: URLs).
 */
import { EDGE_STYLES, TIER_COLOURS } from './edge-kinds';
import { type DisplayGraph, displayIdOf, linkSlotOffset } from './graph-model';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from '../../../shared/lineage-layout';

const MARGIN = 20;
const TEXT_CHARS = 32;
/** Browsers refuse canvases much past this on a side. */
const MAX_CANVAS_SIDE = 8000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
/** Whether XML 1.0 allows this code point at all (it refuses most control characters and lone surrogates). */
const xmlAllows = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
const xmlSafe = (text: string) => escapeXml([...text].filter((c) => xmlAllows(c.codePointAt(0) as number)).join(''));
const clip = (text: string) => (text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS - 1)}…` : text);

export interface SvgImage {
  svg: string;
  width: number;
  height: number;
}

export function lineageSvg(display: DisplayGraph, positions: Positions, focus: string): SvgImage {
  const placed = display.nodes.filter((n) => positions[displayIdOf(n)] !== undefined);
  const xs = placed.map((n) => (positions[displayIdOf(n)] as { x: number }).x);
  const ys = placed.map((n) => (positions[displayIdOf(n)] as { y: number }).y);
  const left = Math.min(0, ...xs) - MARGIN;
  const top = Math.min(0, ...ys) - MARGIN;
  const width = Math.ceil(Math.max(0, ...xs) + NODE_WIDTH + MARGIN - left);
  const height = Math.ceil(Math.max(0, ...ys) + NODE_HEIGHT + MARGIN - top);
  const at = (id: string) => positions[id] as { x: number; y: number };

  const lines = display.edges
    .filter((e) => positions[e.from] && positions[e.to])
    .map((e) => {
      const style = EDGE_STYLES[e.kind];
      const dash = style.dash === '' ? '' : ` stroke-dasharray="${style.dash}"`;
      const x = NODE_WIDTH / 2 + linkSlotOffset(e.slot) - left;
      return `<line x1="${at(e.from).x + x}" y1="${at(e.from).y + NODE_HEIGHT - top}" x2="${at(e.to).x + x}" y2="${at(e.to).y - top}" stroke="${style.colour}" stroke-width="1.5"${dash}><title>${style.label}</title></line>`;
    });
  const boxes = placed.map((n) => {
    const { x, y } = at(displayIdOf(n));
    const [title, body, stroke, opacity] =
      n.kind === 'memory'
        ? [n.node.type, n.node.text, TIER_COLOURS[n.node.tier] ?? '#5f666e', ['active', 'processed'].includes(n.node.status) ? 1 : 0.45]
        : [`${n.group.count} ${n.group.type}`, `grouped at depth ${n.group.depth}`, '#5f666e', 1];
    const strokeWidth = n.kind === 'memory' && n.node.id === focus ? 4 : 2;
    return (
      `<g transform="translate(${x - left} ${y - top})" opacity="${opacity}">` +
      `<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="6" fill="#ffffff" stroke="${stroke}" stroke-width="${strokeWidth}"/>` +
      `<text x="8" y="20" font-family="sans-serif" font-size="11" fill="#5c6270">${xmlSafe(title)}</text>` +
      `<text x="8" y="40" font-family="sans-serif" font-size="12" fill="#1b1d21">${xmlSafe(clip(body))}</text>` +
      (n.kind === 'memory'
        ? `<rect x="8" y="${NODE_HEIGHT - 12}" width="${Math.round((NODE_WIDTH - 16) * n.node.effectiveConfidence)}" height="4" fill="${stroke}"/>`
        : '') +
      `</g>`
    );
  });
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>Lineage of ${xmlSafe(focus)}</title><rect width="100%" height="100%" fill="#f7f7f8"/>` +
    `${lines.join('')}${boxes.join('')}</svg>`;
  return { svg, width, height };
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The SVG drawn to a canvas (scaled down to fit a canvas's limits) as a PNG data URL. */
export async function pngDataUrl(image: SvgImage): Promise<string> {
  const picture = new Image();
  picture.src = svgDataUrl(image.svg);
  await picture.decode();
  const scale = Math.min(1, MAX_CANVAS_SIDE / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw to a canvas.');
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

export function download(dataUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.click();
}
