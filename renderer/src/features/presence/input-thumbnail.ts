/**
 * A small picture of a job's input (the photo, each view), made in the page when the job
 * starts: Create lets go of the photo itself once the service has it, and the stage and
 * Activity keep showing what the job is made from.
 */

/** Longest side of a thumbnail, in CSS pixels at 2x (the strip and Activity show ~56 px). */
const SIZE = 192;

/**
 * A JPEG data URL of `image` at most {@link SIZE} px wide, or undefined when the page cannot
 * decode it (the job still shows, with its name and no picture).
 *
 * The picture is drawn on a canvas kept in memory (`willReadFrequently`) and encoded without
 * waiting: on a canvas the GPU draws (Chromium's default), `toDataURL` reads the pixels back
 * from the GPU synchronously, behind every frame already queued there. Under a software GPU
 * that froze the page for 3.2 s right after Generate, long enough to hold back the finished
 * job's model (issue 29, bench B10).
 */
export async function thumbnailOf(image: Blob): Promise<string | undefined> {
  try {
    const probe = await createImageBitmap(image);
    const scale = Math.min(1, SIZE / Math.max(probe.width, probe.height));
    const width = Math.max(1, Math.round(probe.width * scale));
    const height = Math.max(1, Math.round(probe.height * scale));
    probe.close();
    const bitmap = await createImageBitmap(image, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'medium',
    });
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) {
      bitmap.close();
      return undefined;
    }
    // A photo with transparency reads on the dark UI as it does in Create's preview.
    context.fillStyle = '#2a2a2e';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    return await dataUrlOf(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 }));
  } catch {
    return undefined;
  }
}

/** `blob` as a data URL (kept in the page's storage across restarts, unlike a blob URL). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole picture's bytes into one call overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type};base64,${btoa(binary)}`;
}
