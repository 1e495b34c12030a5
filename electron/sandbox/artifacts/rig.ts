/**
 * Auto-rig (service-api.md §4.13): a skeleton placed from the model's bounds, smooth skin weights
 * (each vertex bound to its two nearest bones) and a few looping animation clips, written as a
 * standard glTF skin that any engine or three.js plays.
 *
 * - `humanoid`: hips, spine, chest, neck, head, arms and legs of a figure standing along +Y and
 *   facing +Z (glTF's convention); clips Idle, Wave and Walk.
 * - `generic`: a four-bone chain up the model's height; clips Sway and Spin.
 */
import { Document, type Node } from '@gltf-transform/core';
import { addMeshToDocument, boundsOf, writeGlb, type MeshData } from './mesh';

/** `kind` of a rig. */
export type RigKind = 'humanoid' | 'generic';

type Vec3 = [number, number, number];

interface Bone {
  name: string;
  parent: number;
  head: Vec3;
  tail: Vec3;
}

/** The bones of a rig kind, fitted to the bounds. */
function skeleton(kind: RigKind, mesh: MeshData): Bone[] {
  const { min, max, size, center } = boundsOf(mesh.positions);
  const [cx, , cz] = center;
  const y = (f: number) => min[1] + size[1] * f;
  if (kind === 'generic') {
    const bones: Bone[] = [];
    for (let i = 0; i < 4; i++) {
      bones.push({
        name: i === 0 ? 'Root' : `Bone${i}`,
        parent: i - 1,
        head: [cx, y(i / 4), cz],
        tail: [cx, y((i + 1) / 4), cz],
      });
    }
    return bones;
  }
  const w = size[0];
  const bones: Bone[] = [];
  const add = (name: string, parent: string | null, head: Vec3, tail: Vec3) =>
    bones.push({
      name,
      parent: parent ? bones.findIndex((b) => b.name === parent) : -1,
      head,
      tail,
    });
  add('Hips', null, [cx, y(0.5), cz], [cx, y(0.6), cz]);
  add('Spine', 'Hips', [cx, y(0.6), cz], [cx, y(0.72), cz]);
  add('Chest', 'Spine', [cx, y(0.72), cz], [cx, y(0.84), cz]);
  add('Neck', 'Chest', [cx, y(0.84), cz], [cx, y(0.9), cz]);
  add('Head', 'Neck', [cx, y(0.9), cz], [cx, max[1], cz]);
  for (const [side, s] of [
    ['Left', 1],
    ['Right', -1],
  ] as const) {
    add(
      `${side}UpperArm`,
      'Chest',
      [cx + s * w * 0.1, y(0.82), cz],
      [cx + s * w * 0.28, y(0.82), cz],
    );
    add(
      `${side}LowerArm`,
      `${side}UpperArm`,
      [cx + s * w * 0.28, y(0.82), cz],
      [cx + s * w * 0.42, y(0.82), cz],
    );
    add(
      `${side}Hand`,
      `${side}LowerArm`,
      [cx + s * w * 0.42, y(0.82), cz],
      [cx + s * w * 0.5, y(0.82), cz],
    );
    add(`${side}UpperLeg`, 'Hips', [cx + s * w * 0.1, y(0.5), cz], [cx + s * w * 0.1, y(0.27), cz]);
    add(
      `${side}LowerLeg`,
      `${side}UpperLeg`,
      [cx + s * w * 0.1, y(0.27), cz],
      [cx + s * w * 0.1, y(0.05), cz],
    );
    add(
      `${side}Foot`,
      `${side}LowerLeg`,
      [cx + s * w * 0.1, y(0.05), cz],
      [cx + s * w * 0.1, min[1], cz + size[2] * 0.3],
    );
  }
  return bones;
}

function segmentDistance(p: Vec3, a: Vec3, b: Vec3): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const len2 = ab[0]! ** 2 + ab[1]! ** 2 + ab[2]! ** 2;
  const t =
    len2 > 0
      ? Math.min(1, Math.max(0, (ap[0]! * ab[0]! + ap[1]! * ab[1]! + ap[2]! * ab[2]!) / len2))
      : 0;
  return Math.hypot(ap[0]! - ab[0]! * t, ap[1]! - ab[1]! * t, ap[2]! - ab[2]! * t);
}

/** Joints and weights per vertex: the two nearest bones, inverse-square weighted. */
function skinWeights(
  mesh: MeshData,
  bones: Bone[],
): { joints: Uint16Array; weights: Float32Array } {
  const count = mesh.positions.length / 3;
  const joints = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  const p: Vec3 = [0, 0, 0];
  for (let v = 0; v < count; v++) {
    p[0] = mesh.positions[v * 3]!;
    p[1] = mesh.positions[v * 3 + 1]!;
    p[2] = mesh.positions[v * 3 + 2]!;
    let best = [-1, -1];
    let bestD = [Infinity, Infinity];
    bones.forEach((bone, i) => {
      const d = segmentDistance(p, bone.head, bone.tail);
      if (d < bestD[0]!) {
        best = [i, best[0]!];
        bestD = [d, bestD[0]!];
      } else if (d < bestD[1]!) {
        best = [best[0]!, i];
        bestD = [bestD[0]!, d];
      }
    });
    const w0 = 1 / (bestD[0]! + 1e-4) ** 2;
    const w1 = best[1]! >= 0 ? 1 / (bestD[1]! + 1e-4) ** 2 : 0;
    joints[v * 4] = best[0]!;
    joints[v * 4 + 1] = Math.max(0, best[1]!);
    weights[v * 4] = w0 / (w0 + w1);
    weights[v * 4 + 1] = w1 / (w0 + w1);
  }
  return { joints, weights };
}

const quat = (axis: Vec3, degrees: number): number[] => {
  const half = (degrees * Math.PI) / 360;
  const s = Math.sin(half);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
};

/** A clip: per bone, an axis and the angle at each key time. */
interface Clip {
  name: string;
  times: number[];
  tracks: Array<{ bone: string; axis: Vec3; degrees: number[] }>;
}

function clips(kind: RigKind): Clip[] {
  const times = [0, 0.5, 1, 1.5, 2];
  if (kind === 'generic') {
    return [
      {
        name: 'Sway',
        times,
        tracks: ['Bone1', 'Bone2', 'Bone3'].map((bone, i) => ({
          bone,
          axis: [0, 0, 1] as Vec3,
          degrees: [0, 8 + i * 2, 0, -8 - i * 2, 0],
        })),
      },
      {
        name: 'Spin',
        times,
        tracks: [{ bone: 'Root', axis: [0, 1, 0], degrees: [0, 90, 180, 270, 360] }],
      },
    ];
  }
  return [
    {
      name: 'Idle',
      times,
      tracks: [
        { bone: 'Spine', axis: [1, 0, 0], degrees: [0, 3, 0, -3, 0] },
        { bone: 'Head', axis: [0, 1, 0], degrees: [0, 6, 0, -6, 0] },
      ],
    },
    {
      name: 'Wave',
      times,
      tracks: [
        { bone: 'RightUpperArm', axis: [0, 0, 1], degrees: [0, 70, 70, 70, 0] },
        { bone: 'RightLowerArm', axis: [0, 0, 1], degrees: [0, 30, 60, 30, 0] },
      ],
    },
    {
      name: 'Walk',
      times,
      tracks: [
        { bone: 'LeftUpperLeg', axis: [1, 0, 0], degrees: [0, 25, 0, -25, 0] },
        { bone: 'RightUpperLeg', axis: [1, 0, 0], degrees: [0, -25, 0, 25, 0] },
        { bone: 'LeftUpperArm', axis: [1, 0, 0], degrees: [0, -15, 0, 15, 0] },
        { bone: 'RightUpperArm', axis: [1, 0, 0], degrees: [0, 15, 0, -15, 0] },
      ],
    },
  ];
}

/** A rigged GLB of the mesh; returns the bytes, bone names and clip names. */
export async function rigGlb(
  mesh: MeshData,
  kind: RigKind,
  name: string,
): Promise<{ glb: Uint8Array; bones: string[]; clips: string[] }> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('scene');
  const bones = skeleton(kind, mesh);
  const nodes: Node[] = bones.map((bone) => {
    const parent = bones[bone.parent];
    const from = parent ? parent.head : [0, 0, 0];
    return doc
      .createNode(bone.name)
      .setTranslation([bone.head[0] - from[0]!, bone.head[1] - from[1]!, bone.head[2] - from[2]!]);
  });
  bones.forEach((bone, i) => {
    if (bone.parent >= 0) nodes[bone.parent]!.addChild(nodes[i]!);
  });
  const armature = doc.createNode('Armature').addChild(nodes[0]!);
  scene.addChild(armature);

  const ibm = new Float32Array(bones.length * 16);
  bones.forEach((bone, i) => {
    ibm.set(
      [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -bone.head[0], -bone.head[1], -bone.head[2], 1],
      i * 16,
    );
  });
  const skin = doc
    .createSkin(`${name}_skin`)
    .setSkeleton(nodes[0]!)
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(buffer));
  for (const node of nodes) skin.addJoint(node);

  const { joints, weights } = skinWeights(mesh, bones);
  const meshNode = addMeshToDocument(doc, mesh, {
    name,
    attributes: {
      JOINTS_0: { type: 'VEC4', array: joints },
      WEIGHTS_0: { type: 'VEC4', array: weights },
    },
  }).setSkin(skin);
  scene.addChild(meshNode);

  const clipList = clips(kind);
  for (const clip of clipList) {
    const animation = doc.createAnimation(clip.name);
    const input = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(new Float32Array(clip.times))
      .setBuffer(buffer);
    for (const track of clip.tracks) {
      const node = nodes[bones.findIndex((b) => b.name === track.bone)]!;
      const output = doc
        .createAccessor()
        .setType('VEC4')
        .setArray(new Float32Array(track.degrees.flatMap((d) => quat(track.axis, d))))
        .setBuffer(buffer);
      const sampler = doc
        .createAnimationSampler()
        .setInput(input)
        .setOutput(output)
        .setInterpolation('LINEAR');
      animation
        .addSampler(sampler)
        .addChannel(
          doc
            .createAnimationChannel()
            .setTargetNode(node)
            .setTargetPath('rotation')
            .setSampler(sampler),
        );
    }
  }
  return {
    glb: await writeGlb(doc),
    bones: bones.map((b) => b.name),
    clips: clipList.map((c) => c.name),
  };
}
