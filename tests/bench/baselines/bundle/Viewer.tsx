/**
 * The minimal R3F + drei viewer with what Kiln's viewer needs at the least: a demand-driven
 * canvas, a glTF (Draco and meshopt) loaded from local decoders, orbit controls, an HDR
 * environment from a local file, and a contact shadow.
 */
import { ContactShadows, Environment, OrbitControls, useGLTF } from '@react-three/drei';
import { Canvas } from '@react-three/fiber';
import { Suspense, type JSX } from 'react';

function Model({ url }: { url: string }): JSX.Element {
  const { scene } = useGLTF(url, './decoders/draco/', true);
  return <primitive object={scene} />;
}

export default function Viewer({ url }: { url: string }): JSX.Element {
  return (
    <Canvas frameloop="demand" camera={{ position: [3, 2, 4], fov: 35 }}>
      <Suspense fallback={null}>
        <Environment files="./environments/softbox-studio.hdr" />
        <Model url={url} />
        <ContactShadows frames={1} position={[0, -1, 0]} scale={4} blur={2.4} />
      </Suspense>
      <OrbitControls makeDefault enableDamping />
    </Canvas>
  );
}
