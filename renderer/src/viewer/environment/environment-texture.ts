import {
  CompressedCubeTexture,
  HalfFloatType,
  LinearFilter,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  RGBAFormat,
  type CompressedPixelFormat,
  type CompressedTexture,
} from 'three';
import type { EnvironmentData } from './environment-file';

/**
 * A pre-filtered environment as the texture three's PBR shaders sample directly: a cube map
 * whose mip levels hold the GGX-filtered radiance, flagged `isPMREMTexture` so the renderer
 * uses it as it is instead of filtering it again.
 *
 * A compressed cube texture is the one cube type whose level list includes level 0 the way the
 * shader set-up reads it (`image[0].mipmaps`); its texels are plain RGBA half floats, uploaded
 * level by level (three's uncompressed-RGBA path for compressed textures).
 */
export function createEnvironmentTexture(data: EnvironmentData): CompressedCubeTexture {
  const { size } = data.header;
  const faces = Array.from({ length: 6 }, (_, face) => ({
    width: size,
    height: size,
    mipmaps: data.texels.map((faces, level) => ({
      data: faces[face]!,
      width: size >> level,
      height: size >> level,
    })),
  }));
  // three's types ask for CompressedTexture faces and a compressed format; it reads only these
  // fields of each face, and uploads RGBA (an uncompressed format) with texSubImage2D.
  const texture = new CompressedCubeTexture(
    faces as unknown as CompressedTexture[],
    RGBAFormat as unknown as CompressedPixelFormat,
    HalfFloatType,
  );
  (texture as CompressedCubeTexture & { isPMREMTexture: boolean }).isPMREMTexture = true;
  texture.name = 'PMREM';
  texture.colorSpace = LinearSRGBColorSpace;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}
