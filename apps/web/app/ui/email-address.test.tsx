import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

const markup = (email: string) => renderToStaticMarkup(<EmailAddress email={email} />).replace(/<\/?span[^>]*>/g, '');

describe('EmailAddress', () => {
  it('offers a line break before the @ and nowhere else', () => {
    expect(markup('alden.weimann@example.com')).toBe('alden.weimann<wbr/>@example.com');
  });

  it('breaks before the last @ of a quoted local part that has one', () => {
    expect(markup('"a@b"@example.com')).toBe('&quot;a@b&quot;<wbr/>@example.com');
  });

  it('leaves text without a local part as it is', () => {
    expect(markup('@example.com')).toBe('@example.com');
    expect(markup('nobody')).toBe('nobody');
  });
});
