import { describe, expect, it } from 'vitest';
import { qrCodeImageSource } from './qr-code';

describe('qrCodeImageSource', () => {
  it('percent-encodes the SVG supabase-js prefixes, so colors with "#" survive', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path stroke="#000000" d="M0 0h1"/></svg>';
    const source = qrCodeImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(svg);
  });

  it('takes a bare SVG document as well', () => {
    expect(decodeURIComponent(qrCodeImageSource('<svg/>').split(',')[1])).toBe('<svg/>');
  });

  it('leaves an already encoded data URI alone', () => {
    const encoded = 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E';
    expect(qrCodeImageSource(encoded)).toBe(encoded);
  });
});
