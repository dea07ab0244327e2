import { describe, expect, it } from 'vitest';
import { centeredOffset, clampOffset, cropRect, scaleOf, zoomAroundCentre } from './crop';

const landscape = { width: 400, height: 200 };

describe('the avatar crop', () => {
  it('fits the shorter side to the frame at zoom 1', () => {
    expect(scaleOf(landscape, 100, 1)).toBe(0.5);
    expect(scaleOf({ width: 50, height: 80 }, 100, 2)).toBe(4);
  });

  it('centres the picture, cropping the middle square', () => {
    const offset = centeredOffset(landscape, 100, 1);
    expect(offset).toEqual({ x: -50, y: 0 });
    expect(cropRect(landscape, 100, 1, offset)).toEqual({ x: 100, y: 0, size: 200 });
  });

  it('never lets the picture leave part of the frame empty', () => {
    expect(clampOffset(landscape, 100, 1, { x: 10, y: 10 })).toEqual({ x: 0, y: 0 });
    expect(clampOffset(landscape, 100, 1, { x: -500, y: -500 })).toEqual({ x: -100, y: 0 });
    expect(cropRect(landscape, 100, 1, { x: -500, y: 40 })).toEqual({ x: 200, y: 0, size: 200 });
  });

  it('zooms in around the centre', () => {
    const start = centeredOffset(landscape, 100, 1);
    const zoomed = zoomAroundCentre(landscape, 100, 1, 2, start);
    expect(zoomed).toEqual({ x: -150, y: -50 });
    expect(cropRect(landscape, 100, 2, zoomed)).toEqual({ x: 150, y: 50, size: 100 });
  });

  it('zooming back out stays inside the picture', () => {
    const corner = { x: -300, y: -100 };
    expect(zoomAroundCentre(landscape, 100, 2, 1, corner)).toEqual({ x: -100, y: 0 });
  });
});
