// The square crop of a new avatar: drag (or use the arrow keys) to move the picture, the slider to zoom. Loaded only
// when the dialog opens. The result is a 256-pixel square, small enough to show in lists without resizing on the server.
import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  centeredOffset,
  clampOffset,
  cropRect,
  MAX_ZOOM,
  MIN_ZOOM,
  scaleOf,
  zoomAroundCentre,
  type Point,
  type Size,
} from './crop';

const FRAME = 260;
const OUTPUT = 256;
const KEY_STEP = 10;

type Props = { file: File; saving: boolean; onCancel: () => void; onCropped: (picture: Blob) => void };

export default function AvatarCropDialog({ file, saving, onCancel, onCropped }: Props) {
  const [url] = useState(() => URL.createObjectURL(file));
  const image = useRef<HTMLImageElement | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ pointer: Point; offset: Point } | null>(null);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  const loaded = () => {
    const element = image.current!;
    const natural = { width: element.naturalWidth, height: element.naturalHeight };
    setSize(natural);
    setOffset(centeredOffset(natural, FRAME, MIN_ZOOM));
  };
  const moveBy = (dx: number, dy: number, from = offset) => {
    if (size) setOffset(clampOffset(size, FRAME, zoom, { x: from.x + dx, y: from.y + dy }));
  };
  const changeZoom = (next: number) => {
    if (size) setOffset(zoomAroundCentre(size, FRAME, zoom, next, offset));
    setZoom(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (start) moveBy(event.clientX - start.pointer.x, event.clientY - start.pointer.y, start.offset);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveBy(...move);
  };

  const save = () => {
    if (!size || !image.current) return;
    const rect = cropRect(size, FRAME, zoom, offset);
    const canvas = document.createElement('canvas');
    canvas.width = OUTPUT;
    canvas.height = OUTPUT;
    canvas.getContext('2d')!.drawImage(image.current, rect.x, rect.y, rect.size, rect.size, 0, 0, OUTPUT, OUTPUT);
    // WebP where the browser writes it; the others fall back to JPEG (a browser that cannot write a type gives PNG).
    canvas.toBlob(
      (webp) => {
        if (webp?.type === 'image/webp') onCropped(webp);
        else canvas.toBlob((jpeg) => jpeg && onCropped(jpeg), 'image/jpeg', 0.9);
      },
      'image/webp',
      0.9,
    );
  };

  const scale = size ? scaleOf(size, FRAME, zoom) : 1;
  return (
    <Modal opened onClose={onCancel} title="Crop your picture" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack align="center">
        {failed ? (
          <Text c="red">This file could not be read as a picture. Choose a PNG, JPEG, WebP or GIF image.</Text>
        ) : (
          <button
            type="button"
            aria-label="Picture to crop. Drag it, or use the arrow keys, to choose what shows."
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onKeyDown={onKeyDown}
            data-testid="avatar-crop-frame"
            style={{
              position: 'relative',
              width: FRAME,
              height: FRAME,
              overflow: 'hidden',
              borderRadius: '50%',
              touchAction: 'none',
              cursor: 'grab',
              background: 'var(--mantine-color-default-border)',
              border: 0,
              padding: 0,
            }}
          >
            <img
              ref={image}
              src={url}
              alt=""
              draggable={false}
              onLoad={loaded}
              onError={() => setFailed(true)}
              style={{
                position: 'absolute',
                left: 0,
                top: 0,
                maxWidth: 'none',
                transformOrigin: '0 0',
                transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})`,
                visibility: size ? 'visible' : 'hidden',
                userSelect: 'none',
              }}
            />
          </button>
        )}
        <Slider
          w={FRAME}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={changeZoom}
          label={null}
          thumbLabel="Zoom"
          disabled={!size}
        />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving} disabled={!size}>
          Save picture
        </Button>
      </Group>
    </Modal>
  );
}
