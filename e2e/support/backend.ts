// Direct access to a stack's backend for setting up and checking what the browser cannot: API keys, accounts
// with given permissions, and the mailbox.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Stack } from './stacks.ts';

export const PASSWORD = 'correct-horse-42';

export function apiKeys(stack: Stack): { anonKey: string; serviceRoleKey: string } {
  return JSON.parse(readFileSync(path.join(stack.dataDir, 'api_keys.json'), 'utf8'));
}

export function serviceClient(stack: Stack): SupabaseClient {
  return createNodeClient(stack.apiUrl, apiKeys(stack).serviceRoleKey);
}

export interface Permissions {
  can_manage_users?: boolean;
  can_manage_projects?: boolean;
  can_manage_announcements?: boolean;
}

/** Signs up an account through the auth API (confirmation off) and sets its permissions with the service role. */
export async function createAccount(stack: Stack, email: string, fullName: string, permissions: Permissions = {}) {
  const client = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: fullName } },
  });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  const update = await serviceClient(stack)
    .from('organization_users')
    .update({ can_manage_users: false, can_manage_projects: false, can_manage_announcements: false, ...permissions })
    .eq('user_id', data.user.id);
  if (update.error) throw new Error(`setting permissions of ${email} failed: ${update.error.message}`);
  return data.user.id;
}

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  created_at: string;
}

/** The newest message sent to an address, waiting for it to arrive. */
export async function latestMail(stack: Stack, to: string, kind?: string, timeoutMs = 10_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.apiUrl}/mailbox/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as MailboxMessage[];
    const match = messages.find((message) => !kind || message.kind === kind);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${kind ?? ''} e-mail to ${to} arrived`);
}

/** The first link of a message that leads back into the product through the auth service. */
export function verifyLink(message: MailboxMessage): string {
  const match = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(message.html);
  if (!match) throw new Error(`no verification link in "${message.subject}"`);
  return match[1].replaceAll('&amp;', '&');
}
