// The signed-in user as the app shows it: the fields of the auth user the screens need, and a name to greet by.
import type { User } from '@supabase/supabase-js';

export type SessionUser = {
  id: string;
  email: string | null;
  phone: string | null;
  fullName: string | null;
  avatarUrl: string | null;
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function toSessionUser(user: User): SessionUser {
  const metadata = user.user_metadata ?? {};
  return {
    id: user.id,
    email: text(user.email),
    phone: text(user.phone),
    fullName: text(metadata.full_name) ?? text(metadata.name),
    avatarUrl: text(metadata.avatar_url),
  };
}

/** The name shown in the sidebar and greetings: the full name, else the e-mail or phone it signed in with. */
export function displayName(user: Pick<SessionUser, 'fullName' | 'email' | 'phone'>): string {
  return user.fullName ?? user.email ?? user.phone ?? 'Member';
}

/** Up to two initials for the avatar placeholder. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
