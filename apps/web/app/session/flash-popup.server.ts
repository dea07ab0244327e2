// Hands a popup over a redirect: a short-lived cookie set with the redirect, read and cleared by the next page.
import { createCookie } from 'react-router';
import { z } from 'zod';
import { toPopup, type Popup, type PopupRequest } from '../lib/popup-store';

const popupCookie = createCookie('teamplan-popup', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  // Long enough to survive the redirect, short enough that a stale message never shows up later.
  maxAge: 60,
});

const popupSchema = z.object({
  id: z.string().max(100),
  type: z.enum(['info', 'success', 'error', 'warning']),
  title: z.string().max(200),
  message: z.string().max(2000),
  stay: z.boolean().optional(),
});

/** The Set-Cookie value that makes the next page show `request`. */
export function flashPopupCookie(request: PopupRequest): Promise<string> {
  return popupCookie.serialize(toPopup(request, `flash-${crypto.randomUUID()}`));
}

export async function readFlashPopup(request: Request): Promise<Popup | null> {
  const cookieHeader = request.headers.get('Cookie');
  if (!cookieHeader?.includes('teamplan-popup=')) return null;
  const parsed = popupSchema.safeParse(await popupCookie.parse(cookieHeader));
  return parsed.success ? parsed.data : null;
}

export function clearFlashPopupCookie(): Promise<string> {
  return popupCookie.serialize('', { maxAge: 0 });
}
