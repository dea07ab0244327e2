// TOTP factors as GoTrue makes them: a 160-bit secret, SHA-1, 6 digits, 30 s steps, one step of clock skew either
// way; the otpauth URI and its QR code as an SVG document for authenticator apps to scan.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
const DIGITS = 6;

function totpFor(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export interface NewTotp {
  secret: string;
  uri: string;
  qrCodeSvg: string;
}

export async function generateTotp(issuer: string, accountName: string): Promise<NewTotp> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, accountName).toString();
  // High error correction, as GoTrue's QR codes, so a code still scans from a photo of a screen.
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return { secret, uri, qrCodeSvg };
}

/** True when `code` is the code of the current step, the one before or the one after. */
export function totpCodeIsValid(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret).validate({ token: code, window: 1 }) !== null;
}

/** The current code, for tests and tools that play the authenticator app. */
export function currentTotpCode(secret: string, at = Date.now()): string {
  return totpFor(secret).generate({ timestamp: at });
}
