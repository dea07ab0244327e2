// The people also looking at this page, as initials with their names on hover and for screen readers.
import { Avatar, Tooltip } from '@mantine/core';
import { usePictures } from '../../ui/pictures';
import { personColor } from './person-color';
import type { Viewer } from './viewers-of';

const SHOWN = 4;

function colorsOf(userId: string) {
  const { background, text } = personColor(userId);
  return { placeholder: { backgroundColor: background, color: text } };
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
