// Live hints under a new password: what a strong enough password has, checked as the person types.
export type PasswordHint = { id: 'length' | 'letters' | 'digits'; label: string; met: boolean };

export const MIN_PASSWORD_LENGTH = 8;

export function passwordHints(password: string): PasswordHint[] {
  return [
    { id: 'length', label: `At least ${MIN_PASSWORD_LENGTH} characters`, met: password.length >= MIN_PASSWORD_LENGTH },
    { id: 'letters', label: 'Contains a letter', met: /\p{L}/u.test(password) },
    { id: 'digits', label: 'Contains a digit', met: /\d/.test(password) },
  ];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The kinds of character the authentication service's message asks for. GoTrue lists each required set in full
 * ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789"), which nobody should have to read.
 */
function requiredKinds(message: string): string[] {
  const kinds: string[] = [];
  if (message.includes(LOWER + UPPER)) kinds.push('a letter');
  else {
    if (message.includes(LOWER)) kinds.push('a lowercase letter');
    if (message.includes(UPPER)) kinds.push('an uppercase letter');
  }
  if (message.includes('0123456789')) kinds.push('a digit');
  if (message.includes('!@#$%^&*()')) kinds.push('a symbol');
  return kinds;
}

const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items.join('');

/**
 * Why the authentication service refused a password, one sentence per reason code, in words: the length it asks for
 * and the kinds of character it needs, never its raw character lists. Unknown codes are shown as they are.
 */
export function weakPasswordReasons(weakness: { message: string; reasons: string[] }): string[] {
  return weakness.reasons.map((reason) => {
    switch (reason) {
      case 'length': {
        const length = /at least (\d+) characters/.exec(weakness.message)?.[1];
        return length ? `It must be at least ${length} characters long.` : 'It is too short.';
      }
      case 'characters': {
        const kinds = requiredKinds(weakness.message);
        return kinds.length ? `It needs at least ${listed(kinds)}.` : 'It lacks a required kind of character.';
      }
      case 'pwned':
        return 'It is too common or known from a data breach; choose a different one.';
      default:
        return reason;
    }
  });
}
