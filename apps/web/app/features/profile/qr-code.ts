// The enrolment QR code as an <img> source. supabase-js hands the SVG over as "data:image/svg+xml;utf-8,<svg…>",
// unescaped; a "#" in it (colors) would end the URL early, so the SVG is percent-encoded.
const SVG_PREFIX = /^data:image\/svg\+xml;(?:utf-?8|charset=utf-?8),/i;

export function qrCodeImageSource(qrCode: string): string {
  const svg = qrCode.replace(SVG_PREFIX, '');
  if (!svg.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
