import { describe, expect, it } from 'vitest';
import { announcementStatus, arrangeAnnouncements, type AnnouncementView } from './announcement-status';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function announcement(title: string, fields: Partial<AnnouncementView>): AnnouncementView {
  const row = {
    id: title,
    title,
    body: '',
    bodyHtml: '',
    pinned: false,
    publish_at: '2026-03-01T09:00:00.000Z',
    expires_at: null,
    created_by: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    author: null,
    ...fields,
  };
  return { ...row, status: announcementStatus(row, NOW) };
}

describe('announcementStatus', () => {
  it('tells drafts, scheduled, live and expired announcements apart', () => {
    expect(announcementStatus({ publish_at: null, expires_at: null }, NOW)).toBe('draft');
    expect(announcementStatus({ publish_at: '2026-03-11T00:00:00Z', expires_at: null }, NOW)).toBe('scheduled');
    expect(announcementStatus({ publish_at: '2026-03-10T12:00:00Z', expires_at: null }, NOW)).toBe('live');
    expect(announcementStatus({ publish_at: '2026-03-01T00:00:00Z', expires_at: '2026-03-11T00:00:00Z' }, NOW)).toBe(
      'live',
    );
    expect(announcementStatus({ publish_at: '2026-03-01T00:00:00Z', expires_at: '2026-03-10T12:00:00Z' }, NOW)).toBe(
      'expired',
    );
  });
});

describe('arrangeAnnouncements', () => {
  it('lists pinned ones first, then the newest, and keeps what members cannot see apart', () => {
    const { live, hidden } = arrangeAnnouncements([
      announcement('old news', { publish_at: '2026-03-01T09:00:00Z' }),
      announcement('fresh news', { publish_at: '2026-03-09T09:00:00Z' }),
      announcement('old pinned', { pinned: true, publish_at: '2026-02-01T09:00:00Z' }),
      announcement('new pinned', { pinned: true, publish_at: '2026-03-05T09:00:00Z' }),
      announcement('gone', { expires_at: '2026-03-05T00:00:00Z' }),
      announcement('long gone', { expires_at: '2026-03-02T00:00:00Z' }),
      announcement('next month', { publish_at: '2026-04-01T09:00:00Z' }),
      announcement('tomorrow', { publish_at: '2026-03-11T09:00:00Z' }),
      announcement('idea', { publish_at: null }),
    ]);
    expect(live.map((a) => a.title)).toEqual(['new pinned', 'old pinned', 'fresh news', 'old news']);
    expect(hidden.map((a) => a.title)).toEqual(['idea', 'tomorrow', 'next month', 'gone', 'long gone']);
  });
});
