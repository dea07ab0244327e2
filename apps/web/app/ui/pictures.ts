// The pictures pages show: the organization's logo and each member's avatar (by user id), as URLs an <img> loads.
import { createContext, use } from 'react';

export type Pictures = { logoUrl: string | null; avatars: Record<string, string> };

export const NO_PICTURES: Pictures = { logoUrl: null, avatars: {} };

export const PicturesContext = createContext<Pictures>(NO_PICTURES);

export function usePictures(): Pictures {
  return use(PicturesContext);
}

/** The public URL of a logo in the public bucket `logos`. */
export function logoUrlOf(supabaseUrl: string, logoPath: string | null | undefined): string | null {
  if (!logoPath) return null;
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/logos/${encodeURIComponent(logoPath)}`;
}
