// The mailbox's HTML pages. Everything from a message is escaped; its HTML body is shown only inside a sandboxed
// iframe (no scripts, no access to this page), whose links open in a new tab.
import { escapeHtml } from '../http/html.ts';
import type { StoredMessage } from './mailbox-store.ts';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e2e8f0}
a{color:#15803d}iframe{width:100%;height:24rem;border:1px solid #cbd5e1;border-radius:.4rem}
pre{white-space:pre-wrap;background:#f8fafc;padding:.8rem;border-radius:.4rem}.muted{color:#64748b}`;

/** The pages load nothing and run nothing: inline styles only, frames only from srcdoc. */
export const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self' about:; img-src data:";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function listPage(messages: StoredMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr><td>${escapeHtml(m.to)}</td><td><a href="/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td>
<td class="muted">${escapeHtml(m.created_at)}</td></tr>`,
    )
    .join('\n');
  const filter = `<form method="get" action="/mailbox"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label>
<button>Filter</button>${to ? ' <a href="/mailbox">Show all</a>' : ''}</form>`;
  const table = messages.length
    ? `<table><thead><tr><th>To</th><th>Subject</th><th>Sent (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No messages yet. E-mails the backend sends (sign-up confirmation, magic links, password recovery, invitations) appear here.</p>';
  return page('Mailbox', `<h1>Mailbox</h1>${filter}${table}`);
}

export function messagePage(message: StoredMessage): string {
  // Links inside the frame open in a new tab; the frame itself may run no script and reach nothing of this page.
  const frameDocument = `<base target="_blank">${message.html}`;
  const links = [...new Set(message.text.match(/https?:\/\/\S+/g) ?? [])]
    .map((link) => `<li><a href="${escapeHtml(link)}" rel="noopener noreferrer">${escapeHtml(link)}</a></li>`)
    .join('');
  return page(
    message.subject,
    `<p><a href="/mailbox">&larr; Mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p><strong>To:</strong> ${escapeHtml(message.to)}<br><span class="muted">${escapeHtml(message.created_at)} &middot; ${escapeHtml(message.kind)}</span></p>
<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frameDocument)}"></iframe>
${links ? `<h2>Links</h2><ul>${links}</ul>` : ''}<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>`,
  );
}
