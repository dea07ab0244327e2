// The auth e-mails: subject, HTML and plain text for each kind, each with its link and one-time code.
import { escapeHtml } from '../../http/html.ts';

export type AuthEmailKind = 'confirmation' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';

export interface TemplateData {
  /** The verification link; absent for reauthentication, which only carries a code. */
  link?: string;
  code: string;
  siteUrl: string;
  email: string;
  newEmail?: string;
}

interface Wording {
  subject: string;
  heading: string;
  intro: (data: TemplateData) => string;
  action: string;
}

const WORDING: Record<AuthEmailKind, Wording> = {
  confirmation: {
    subject: 'Confirm your e-mail address',
    heading: 'Confirm your e-mail address',
    intro: () => 'Open the link below to confirm the address of your new account.',
    action: 'Confirm my address',
  },
  invite: {
    subject: 'You are invited to Teamplan',
    heading: 'You are invited',
    intro: (data) => `You have been invited to create an account on ${data.siteUrl}. Open the link below to accept.`,
    action: 'Accept the invitation',
  },
  magiclink: {
    subject: 'Your sign-in link',
    heading: 'Sign in',
    intro: () => 'Open the link below to sign in.',
    action: 'Sign in',
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    intro: () => 'Someone asked to reset the password of your account. Open the link below to choose a new one.',
    action: 'Choose a new password',
  },
  email_change: {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm the change of your e-mail address',
    intro: (data) => `Open the link below to confirm changing your address from ${data.email} to ${data.newEmail}.`,
    action: 'Confirm the change',
  },
  reauthentication: {
    subject: 'Your confirmation code',
    heading: 'Confirm it is you',
    intro: () => 'Enter this code to confirm the change you asked for.',
    action: '',
  },
};

export function renderAuthEmail(
  kind: AuthEmailKind,
  data: TemplateData,
): { subject: string; html: string; text: string } {
  const wording = WORDING[kind];
  const intro = wording.intro(data);
  const codeLine = data.link ? `Or enter this code: ${data.code}` : `Code: ${data.code}`;
  const html = [
    `<h2>${escapeHtml(wording.heading)}</h2>`,
    `<p>${escapeHtml(intro)}</p>`,
    data.link ? `<p><a href="${escapeHtml(data.link)}">${escapeHtml(wording.action)}</a></p>` : '',
    `<p>${escapeHtml(codeLine)}</p>`,
    '<p>If you did not ask for this, you can ignore this message.</p>',
  ]
    .filter(Boolean)
    .join('\n');
  const text = [wording.heading, '', intro, '', ...(data.link ? [data.link, ''] : []), codeLine, ''].join('\n');
  return { subject: wording.subject, html, text };
}
