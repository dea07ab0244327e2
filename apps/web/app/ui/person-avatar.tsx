// A person's avatar wherever people are listed: their picture when they have one, else their initials.
import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '../session/session-user';
import { usePictures } from './pictures';

type Props = Omit<AvatarProps, 'src' | 'children'> & { userId: string; name: string };

export function PersonAvatar({ userId, name, ...props }: Props) {
  const url = usePictures().avatars[userId];
  return (
    <Avatar src={url ?? null} alt="" radius="xl" aria-hidden data-avatar={url ? 'picture' : 'initials'} {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
