// What the profile's forms get back: the usual action result, plus what the password and two-factor steps carry.
import type { ActionResult } from '../../lib/action-result';

export type ProfileActionResult = ActionResult & {
  weakPassword?: { message: string; reasons: string[] };
  /** A reauthentication code was e-mailed: the password form asks for it. */
  codeSent?: boolean;
  /** A new authenticator waiting for its first code: the QR code to scan and the secret to type instead. */
  enrollment?: { factorId: string; qrCode: string; secret: string };
};
