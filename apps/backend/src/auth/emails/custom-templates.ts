// E-mail templates from config.toml, as the Supabase CLI reads them: [auth.email.template.<kind>] with a subject
// and content_path (an HTML file, relative to the folder that holds supabase/). GoTrue's template variables are
// filled in, HTML-escaped: ConfirmationURL, Token, TokenHash, SiteURL, Email, NewEmail, RedirectTo.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../http/html.ts';
import type { AuthEmailKind } from './templates.ts';

export interface CustomTemplate {
  subject?: string;
  html?: string;
}

/** The CLI's table names for each kind of auth e-mail. */
const CONFIG_KEY: Record<AuthEmailKind, string> = {
  confirmation: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

/** Reads every configured template once, at start, so a missing file stops the server instead of a sign-up. */
export function loadCustomTemplates(config: Config): Partial<Record<AuthEmailKind, CustomTemplate>> {
  const configured = config.project.auth.email.template;
  const projectDir = path.dirname(config.supabaseDir);
  const templates: Partial<Record<AuthEmailKind, CustomTemplate>> = {};
  for (const [kind, key] of Object.entries(CONFIG_KEY) as Array<[AuthEmailKind, string]>) {
    const entry = configured[key];
    if (!entry) continue;
    const file = entry.content_path ? path.resolve(projectDir, entry.content_path) : undefined;
    templates[kind] = { subject: entry.subject, html: file ? readFileSync(file, 'utf8') : undefined };
  }
  return templates;
}

export type TemplateVariables = Record<
  'ConfirmationURL' | 'Token' | 'TokenHash' | 'SiteURL' | 'Email' | 'NewEmail' | 'RedirectTo',
  string
>;

/** Replaces `{{ .Name }}` with the variable's value (escaped for HTML when `html`); unknown names become empty. */
export function fillTemplate(template: string, variables: TemplateVariables, html: boolean): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => {
    const value = variables[name as keyof TemplateVariables] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** A plain-text version of an HTML body: tags dropped, entities of the escaping undone, blank runs collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>/gi, ' $1 ')
    .replace(/<(br|\/p|\/h\d|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
