import { describe, expect, it } from 'vitest';
import { calendarFeedLinks } from './calendar-feed.server';

describe('calendarFeedLinks', () => {
  it('puts the token in the function URL at the backend address, and gives the webcal:// form', () => {
    expect(calendarFeedLinks('https://api.example.com/', 'abc_-123')).toEqual({
      url: 'https://api.example.com/functions/v1/calendar-feed/abc_-123.ics',
      webcalUrl: 'webcal://api.example.com/functions/v1/calendar-feed/abc_-123.ics',
    });
    expect(calendarFeedLinks('http://127.0.0.1:54321', 'x').webcalUrl).toBe(
      'webcal://127.0.0.1:54321/functions/v1/calendar-feed/x.ics',
    );
  });
});
