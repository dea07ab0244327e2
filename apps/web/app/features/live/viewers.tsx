// The people also looking at this page, as initials with their names on hover and for screen readers.
import { Avatar, Tooltip } from '@mantine/core';
import { textColorOn } from '../../lib/colors';
import { usePictures } from '../../ui/pictures';
import type { Viewer } from './viewers-of';

const SHOWN = 4;
// Each person keeps one color wherever they are shown; the initials on it are black or white, whichever reads.
const PALETTE = ['#1971c2', '#2f9e44', '#e8590c', '#9c36b5', '#0c8599', '#e03131', '#f08c00', '#5c7cfa'];

function colorsOf(userId: string) {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const backgroundColor = PALETTE[hash % PALETTE.length];
  return { placeholder: { backgroundColor, color: textColorOn(backgroundColor) } };
}

export function Viewers({ viewers }: { viewers: Viewer[] }) {
  const { avatars } = usePictures();
  if (viewers.length === 0) return null;
  const names = viewers.map((viewer) => viewer.name);
  const hidden = viewers.length - SHOWN;
  return (
    <Tooltip.Group openDelay={200}>
      <Avatar.Group role="group" aria-label={`Also here: ${names.join(', ')}`} spacing="xs">
        {viewers.slice(0, SHOWN).map((viewer) => (
          <Tooltip key={viewer.userId} label={`${viewer.name} is here`} withArrow>
            <Avatar
              src={avatars[viewer.userId] ?? null}
              alt=""
              name={viewer.name}
              styles={colorsOf(viewer.userId)}
              size="sm"
              aria-hidden
              data-avatar={avatars[viewer.userId] ? 'picture' : 'initials'}
            />
          </Tooltip>
        ))}
        {hidden > 0 && (
          <Tooltip label={names.slice(SHOWN).join(', ')} withArrow>
            <Avatar size="sm" aria-hidden>
              +{hidden}
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
