/** Test images for the staff's photo forms. */
import sharp from "sharp";

/** A real PNG of one colour (a distinct image per colour), `width` × `height` pixels. */
export async function pngBytes(color: string, width = 600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
