import { describe, expect, it } from 'vitest';
import { avatarPathFor, formatBytes, hasThumbnail, logoPathFor, storedFileName } from './file-rules';

describe('file rules', () => {
  it('names avatars in the person folder, anew each time', () => {
    expect(avatarPathFor('u1', 'image/webp', 36)).toBe('u1/10.webp');
    expect(avatarPathFor('u1', 'image/jpeg', 37)).toBe('u1/11.jpg');
    expect(logoPathFor('image/png', 35)).toBe('logo-z.png');
  });

  it('keeps a file name in its folder', () => {
    expect(storedFileName('Plan Q3.pdf')).toBe('Plan Q3.pdf');
    expect(storedFileName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(storedFileName('a/b\\c.txt')).toBe('a-b-c.txt');
    expect(storedFileName('  \u0007 ')).toBe('file');
    expect(storedFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(30 * 1024 * 1024)).toBe('30 MB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('shows thumbnails of images only', () => {
    expect(hasThumbnail('image/png')).toBe(true);
    expect(hasThumbnail('application/pdf')).toBe(false);
    expect(hasThumbnail(null)).toBe(false);
  });
});
