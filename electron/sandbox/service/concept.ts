/**
 * Concept pictures for text imagine (service-api.md §4.4), drawn with sharp from an SVG.
 *
 * The picture is derived from a hash of the prompt and style: the hue, the body's outline, the
 * accents and their places all come from the hash, so different prompts give clearly different
 * pictures and the same prompt always gives the same one. The style changes the rendering
 * (gradients, outlines, facets, clay softness, voxels). The object sits centred on a light,
 * plain background so the photo generator can tell it apart, as it would in a real concept render.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImagineStyle } from '../../../shared/api/rules';

/** Side of a concept picture in pixels. */
export const CONCEPT_SIZE = 512;

/** Bytes of a hash as a stream of numbers in [0, 1). */
function hashStream(text: string): () => number {
  let block = 0;
  let bytes = createHash('sha256').update(text).digest();
  let i = 0;
  return () => {
    if (i + 2 > bytes.length) {
      bytes = createHash('sha256').update(`${text}#${++block}`).digest();
      i = 0;
    }
    const value = bytes.readUInt16BE(i) / 65536;
    i += 2;
    return value;
  };
}

const escapeXml = (text: string) =>
  [...text]
    // XML 1.0 forbids most control characters even when escaped.
    .filter((c) => c.charCodeAt(0) >= 0x20 || c === '\t' || c === '\n' || c === '\r')
    .join('')
    .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Points of the body's outline around (cx, cy). */
function outline(kind: number, random: () => number, cx: number, cy: number, r: number) {
  const points: Array<[number, number]> = [];
  const lobes = 2 + Math.floor(random() * 5);
  const wobble = 0.08 + random() * 0.22;
  const phase = random() * Math.PI * 2;
  const squash = 0.65 + random() * 0.4;
  const steps = kind === 0 ? 5 + Math.floor(random() * 4) : 48;
  for (let s = 0; s < steps; s++) {
    const a = (s / steps) * Math.PI * 2;
    const rr =
      kind === 0
        ? r
        : kind === 1
          ? r * (1 + wobble * Math.sin(lobes * a + phase))
          : r * (0.75 + 0.25 * Math.abs(Math.cos((lobes * a) / 2 + phase)));
    points.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * squash]);
  }
  return points;
}

const path = (points: Array<[number, number]>) =>
  `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;

/** The concept picture's SVG source. */
export function conceptSvg(prompt: string, style: ImagineStyle | null): string {
  const random = hashStream(`${prompt.trim().toLowerCase()}\u0000${style ?? ''}`);
  const S = CONCEPT_SIZE;
  const hue = Math.floor(random() * 360);
  const accentHue = (hue + 90 + Math.floor(random() * 180)) % 360;
  const kind = Math.floor(random() * 3);
  const cx = S / 2;
  const cy = S * 0.46;
  const r = S * (0.24 + random() * 0.08);
  const body = outline(kind, random, cx, cy, r);
  const accents = Array.from({ length: 2 + Math.floor(random() * 4) }, () => {
    const a = random() * Math.PI * 2;
    const d = random() * r * 0.55;
    return {
      x: cx + Math.cos(a) * d,
      y: cy + Math.sin(a) * d * 0.7,
      r: r * (0.08 + random() * 0.16),
    };
  });
  const sat = style === 'clay' ? 30 : style === 'cartoon' ? 85 : 60;
  const light = style === 'clay' ? 68 : 48;
  const fill = `hsl(${hue},${sat}%,${light}%)`;
  const accentFill = `hsl(${accentHue},${sat}%,${light - 8}%)`;
  const defs: string[] = [];
  const shapes: string[] = [];
  const stroke =
    style === 'cartoon' ? ' stroke="#1a1a1a" stroke-width="9" stroke-linejoin="round"' : '';

  // Ground shadow: an object standing on something reads as an object.
  shapes.push(
    `<ellipse cx="${cx}" cy="${cy + r * 0.95}" rx="${r * 0.9}" ry="${r * 0.12}" fill="#00000030"/>`,
  );

  switch (style) {
    case 'lowpoly': {
      // Facets: a fan of triangles from the centre, each a little lighter or darker.
      body.forEach(([x, y], i) => {
        const [nx, ny] = body[(i + 1) % body.length]!;
        const l = light - 14 + Math.floor(random() * 28);
        shapes.push(
          `<path d="M${cx},${cy}L${x.toFixed(1)},${y.toFixed(1)}L${nx.toFixed(1)},${ny.toFixed(1)}Z" fill="hsl(${hue},${sat}%,${l}%)" stroke="hsl(${hue},${sat}%,${l}%)"/>`,
        );
      });
      break;
    }
    case 'voxel': {
      // Voxels: the body sampled on a grid of squares.
      const cell = S / 24;
      for (let y = 0; y < S; y += cell) {
        for (let x = 0; x < S; x += cell) {
          const px = x + cell / 2;
          const py = y + cell / 2;
          if (!insidePolygon(body, px, py)) continue;
          const l = light - 8 + Math.floor(random() * 16);
          shapes.push(
            `<rect x="${x}" y="${y}" width="${cell - 1}" height="${cell - 1}" fill="hsl(${hue},${sat}%,${l}%)"/>`,
          );
        }
      }
      break;
    }
    default: {
      if (style === 'realistic' || style === null) {
        defs.push(
          `<radialGradient id="body" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="hsl(${hue},${sat}%,${light + 25}%)"/><stop offset="1" stop-color="hsl(${hue},${sat}%,${light - 22}%)"/></radialGradient>`,
        );
      }
      if (style === 'clay') {
        defs.push('<filter id="soft"><feGaussianBlur stdDeviation="2.5"/></filter>');
      }
      const bodyFill = style === 'realistic' || style === null ? 'url(#body)' : fill;
      const filter = style === 'clay' ? ' filter="url(#soft)"' : '';
      shapes.push(`<path d="${path(body)}" fill="${bodyFill}"${stroke}${filter}/>`);
    }
  }
  for (const a of accents) {
    const filter = style === 'clay' ? ' filter="url(#soft)"' : '';
    shapes.push(
      style === 'voxel' || style === 'lowpoly'
        ? `<rect x="${(a.x - a.r).toFixed(1)}" y="${(a.y - a.r).toFixed(1)}" width="${(a.r * 2).toFixed(1)}" height="${(a.r * 2).toFixed(1)}" fill="${accentFill}"/>`
        : `<circle cx="${a.x.toFixed(1)}" cy="${a.y.toFixed(1)}" r="${a.r.toFixed(1)}" fill="${accentFill}"${stroke}${filter}/>`,
    );
  }
  const caption = escapeXml(prompt.trim().slice(0, 60));
  const background = style === 'cartoon' ? '#fffbea' : style === 'clay' ? '#f3efe9' : '#f4f5f7';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
<defs>${defs.join('')}</defs>
<rect width="100%" height="100%" fill="${background}"/>
${shapes.join('\n')}
<text x="${S / 2}" y="${S - 18}" font-family="sans-serif" font-size="16" fill="#8a8f98" text-anchor="middle">${caption}</text>
</svg>`;
}

function insidePolygon(points: Array<[number, number]>, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Draws the concept picture of a prompt in a style, as PNG bytes. */
export async function drawConcept(prompt: string, style: ImagineStyle | null): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(conceptSvg(prompt, style)))
      .png()
      .toBuffer(),
  );
}
