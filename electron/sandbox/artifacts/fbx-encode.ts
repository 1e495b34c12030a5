/**
 * The FBX 7.4 binary encoding (see `fbx.ts` for the format's sources): property records, node
 * records with their null records, arrays over 128 bytes zlib-compressed, and the fixed header and
 * footer Blender writes, so a file is byte-stable. `fbx.ts` builds the scene from these.
 */
import { strToU8, zlibSync } from 'fflate';

export const VERSION = 7400;
const HEAD = new Uint8Array([...strToU8('Kaydara FBX Binary  '), 0x00, 0x1a, 0x00]);
/** Fixed FileId / CreationTime and the footer id that goes with them (as Blender writes them). */
export const FILE_ID = new Uint8Array([
  0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1,
]);
export const CREATION_TIME = '1970-01-01 10:00:00:000';
const FOOT_ID = new Uint8Array([
  0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e,
]);
const FOOT_MAGIC = new Uint8Array([
  0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b,
]);
/** Null record closing a node's children (FBX < 7500: three u32 and a u8, all zero). */
const SENTINEL = 13;
/** Nodes that need a null record even with properties and no children. */
const ALWAYS_SENTINEL = new Set(['AnimationStack', 'AnimationLayer']);

/** One encoded property: its type code and data bytes. */
interface Prop {
  type: number;
  data: Uint8Array;
}

/** A node of the FBX tree. */
export interface FbxNode {
  name: string;
  props: Prop[];
  children: FbxNode[];
}

function scalar(type: string, size: number, set: (view: DataView) => void): Prop {
  const data = new Uint8Array(size);
  set(new DataView(data.buffer));
  return { type: type.charCodeAt(0), data };
}

export const i32 = (v: number) => scalar('I', 4, (d) => d.setInt32(0, v, true));
export const i64 = (v: number) => scalar('L', 8, (d) => d.setBigInt64(0, BigInt(v), true));
export const f64 = (v: number) => scalar('D', 8, (d) => d.setFloat64(0, v, true));
export const bool = (v: boolean) => scalar('C', 1, (d) => d.setUint8(0, v ? 1 : 0));

function lengthPrefixed(type: string, bytes: Uint8Array): Prop {
  const data = new Uint8Array(4 + bytes.length);
  new DataView(data.buffer).setUint32(0, bytes.length, true);
  data.set(bytes, 4);
  return { type: type.charCodeAt(0), data };
}

export const str = (s: string) => lengthPrefixed('S', strToU8(s));
export const raw = (bytes: Uint8Array) => lengthPrefixed('R', bytes);
/** `Name\0\1Class`: how binary FBX writes an object's name and class. */
export const objectName = (name: string, cls: string) =>
  lengthPrefixed('S', new Uint8Array([...strToU8(name), 0, 1, ...strToU8(cls)]));

export function array(type: 'i' | 'd', values: ArrayLike<number>): Prop {
  const width = type === 'i' ? 4 : 8;
  const plain = new Uint8Array(values.length * width);
  const view = new DataView(plain.buffer);
  for (let i = 0; i < values.length; i++) {
    if (type === 'i') view.setInt32(i * width, values[i]!, true);
    else view.setFloat64(i * width, values[i]!, true);
  }
  // As Blender and Autodesk's converter: small arrays raw, the rest zlib-compressed.
  const compressed = plain.length > 128;
  const payload = compressed ? zlibSync(plain, { level: 1 }) : plain;
  const data = new Uint8Array(12 + payload.length);
  const header = new DataView(data.buffer);
  header.setUint32(0, values.length, true);
  header.setUint32(4, compressed ? 1 : 0, true);
  header.setUint32(8, payload.length, true);
  data.set(payload, 12);
  return { type: type.charCodeAt(0), data };
}

export const node = (name: string, props: Prop[] = [], children: FbxNode[] = []): FbxNode => ({
  name,
  props,
  children,
});

/** A `P` entry of a Properties70 block. */
export function P(
  name: string,
  type: string,
  label: string,
  flags: string,
  ...values: Prop[]
): FbxNode {
  return node('P', [str(name), str(type), str(label), str(flags), ...values]);
}

function needsSentinel(n: FbxNode, isLast: boolean): boolean {
  return n.children.length > 0 || (n.props.length === 0 && !isLast) || ALWAYS_SENTINEL.has(n.name);
}

function nodeSize(n: FbxNode, isLast: boolean): number {
  let size = 13 + strToU8(n.name).length;
  for (const p of n.props) size += 1 + p.data.length;
  n.children.forEach((c, i) => (size += nodeSize(c, i === n.children.length - 1)));
  return size + (needsSentinel(n, isLast) ? SENTINEL : 0);
}

/** Encodes the node tree as a complete FBX 7.4 binary file. */
export function encode(top: FbxNode[]): Uint8Array {
  const bodySize = top.reduce((sum, n, i) => sum + nodeSize(n, i === top.length - 1), 0);
  const start = HEAD.length + 4;
  const contentEnd = start + bodySize + SENTINEL + FOOT_ID.length + 4;
  // Footer: padding to 16 bytes (a full 16 when already aligned), version, 120 zeros, magic.
  const pad = ((contentEnd + 15) & ~15) - contentEnd || 16;
  const out = new Uint8Array(contentEnd + pad + 4 + 120 + FOOT_MAGIC.length);
  const view = new DataView(out.buffer);
  out.set(HEAD, 0);
  view.setUint32(HEAD.length, VERSION, true);
  let at = start;
  const write = (n: FbxNode, isLast: boolean) => {
    const end = at + nodeSize(n, isLast);
    const name = strToU8(n.name);
    view.setUint32(at, end, true);
    view.setUint32(at + 4, n.props.length, true);
    view.setUint32(
      at + 8,
      n.props.reduce((sum, p) => sum + 1 + p.data.length, 0),
      true,
    );
    view.setUint8(at + 12, name.length);
    out.set(name, at + 13);
    at += 13 + name.length;
    for (const p of n.props) {
      out[at] = p.type;
      out.set(p.data, at + 1);
      at += 1 + p.data.length;
    }
    n.children.forEach((c, i) => write(c, i === n.children.length - 1));
    if (needsSentinel(n, isLast)) at += SENTINEL;
    if (at !== end) throw new Error(`FBX node ${n.name}: size mismatch`);
  };
  top.forEach((n, i) => write(n, i === top.length - 1));
  at += SENTINEL;
  out.set(FOOT_ID, at);
  at += FOOT_ID.length + 4 + pad;
  view.setUint32(at, VERSION, true);
  out.set(FOOT_MAGIC, at + 4 + 120);
  return out;
}
