// POST /invite (service role): creates an account without a password for an address and e-mails it an invitation;
// verifying the link (type=invite) confirms the address and signs the person in.
import { z } from 'zod';
import { requestedRedirect, type AdminHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { createAccount } from '../flows/accounts.ts';
import { sendInvite } from '../flows/email-tokens.ts';
import { findIdentities } from '../models/identities.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { metadata, readJson, text } from '../request.ts';
import { validateEmail } from '../validate.ts';

const InviteBody = z.object({ email: text, data: metadata });

export const invite: AdminHandler = async (c, deps) => {
  const body = await readJson(c, InviteBody);
  const email = validateEmail(body.email);
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.email_confirmed_at) throw AuthErrors.emailExists();
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  const user = await deps.db.transaction(async (tx) => {
    const account = existing ?? (await createAccount(tx, { email, passwordHash: null, userMetadata: body.data ?? {} }));
    const invited = await sendInvite(tx, deps, account, redirectTo);
    return userJson(invited, await findIdentities(tx, invited.id));
  });
  return c.json(user);
};
