/**
 * 3MF: an OPC zip holding `3D/3dmodel.model` (XML, millimetres). With colours, triangles point
 * into a `basematerials` group: one entry per filament slot, as multi-material slicers read it.
 */
import { strToU8 } from 'fflate';
import { stableZip } from './zip';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>`;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v: number) => (Math.round(v * 1e4) / 1e4).toString();

/** Colouring of a 3MF: filament colours and one slot per triangle. */
export interface ThreeMfColours {
  /** `#rrggbb` per slot. */
  palette: string[];
  /** Slot index per triangle. */
  slots: Uint8Array;
}

/** 3MF bytes of a mesh in millimetres. */
export function threeMf(
  positions: Float32Array,
  indices: Uint32Array,
  title: string,
  colours?: ThreeMfColours,
): Uint8Array {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    `<metadata name="Title">${escapeXml(title)}</metadata>`,
    '<metadata name="Application">Kiln sandbox</metadata>',
    '<resources>',
  ];
  if (colours) {
    parts.push('<basematerials id="1">');
    colours.palette.forEach((hex, i) =>
      parts.push(`<base name="Filament ${i + 1}" displaycolor="${hex.toUpperCase()}FF"/>`),
    );
    parts.push('</basematerials>');
  }
  parts.push(`<object id="2" type="model"${colours ? ' pid="1" pindex="0"' : ''}><mesh><vertices>`);
  for (let i = 0; i < positions.length; i += 3) {
    parts.push(
      `<vertex x="${num(positions[i]!)}" y="${num(positions[i + 1]!)}" z="${num(positions[i + 2]!)}"/>`,
    );
  }
  parts.push('</vertices><triangles>');
  for (let t = 0; t < indices.length; t += 3) {
    const slot = colours ? ` pid="1" p1="${colours.slots[t / 3]}"` : '';
    parts.push(
      `<triangle v1="${indices[t]}" v2="${indices[t + 1]}" v3="${indices[t + 2]}"${slot}/>`,
    );
  }
  parts.push(
    '</triangles></mesh></object></resources>',
    '<build><item objectid="2"/></build>',
    '</model>',
  );
  return stableZip({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(RELS),
    '3D/3dmodel.model': strToU8(parts.join('\n')),
  });
}
