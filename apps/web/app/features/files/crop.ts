// The square crop of the avatar dialog, as plain geometry: the picture covers a square frame of `frame` pixels at
// `zoom` (1 = the picture's shorter side fills the frame), moved by `offset` (where the picture's top left corner is,
// relative to the frame's). The picture never leaves part of the frame empty.

export type Size = { width: number; height: number };
export type Point = { x: number; y: number };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Pixels on screen per pixel of the picture. */
export function scaleOf(image: Size, frame: number, zoom: number): number {
  return (frame / Math.min(image.width, image.height)) * zoom;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The nearest offset at which the picture still covers the frame. */
export function clampOffset(image: Size, frame: number, zoom: number, offset: Point): Point {
  const scale = scaleOf(image, frame, zoom);
  return {
    x: clamp(offset.x, frame - image.width * scale, 0),
    y: clamp(offset.y, frame - image.height * scale, 0),
  };
}

/** The offset that shows the middle of the picture. */
export function centeredOffset(image: Size, frame: number, zoom: number): Point {
  const scale = scaleOf(image, frame, zoom);
  return { x: (frame - image.width * scale) / 2, y: (frame - image.height * scale) / 2 };
}

/** The offset after zooming from `from` to `to`, keeping what is at the frame's centre there. */
export function zoomAroundCentre(image: Size, frame: number, from: number, to: number, offset: Point): Point {
  const ratio = scaleOf(image, frame, to) / scaleOf(image, frame, from);
  const centre = frame / 2;
  return clampOffset(image, frame, to, {
    x: centre - (centre - offset.x) * ratio,
    y: centre - (centre - offset.y) * ratio,
  });
}

/** The square of the picture, in its own pixels, that the frame shows. */
export function cropRect(image: Size, frame: number, zoom: number, offset: Point) {
  const scale = scaleOf(image, frame, zoom);
  const { x, y } = clampOffset(image, frame, zoom, offset);
  const size = Math.min(frame / scale, image.width, image.height);
  return {
    x: clamp(-x / scale, 0, image.width - size),
    y: clamp(-y / scale, 0, image.height - size),
    size,
  };
}
