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
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    // A photo with transparency reads on the dark UI as it does in Create's preview.
    context.fillStyle = '#2a2a2e';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.82);
  } catch {
    return undefined;
  }
}
