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

const REASON_TEXT: Record<string, string> = {
  length: 'It is too short.',
  characters: 'It lacks a required kind of character (for example letters, digits or symbols).',
  pwned: 'It is known from a data breach; choose a different one.',
};

/** The authentication service's weak-password reason codes, in words. Unknown codes are shown as they are. */
export function describeWeakPasswordReason(reason: string): string {
  return REASON_TEXT[reason] ?? reason;
}
