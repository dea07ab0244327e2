// POST /invite (service role): creates an account without a password for an address and e-mails it an invitation;
// verifying the link (type=invite) confirms the address and signs the person in.
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import { requestedRedirect, type AdminHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { createAccount } from '../flows/accounts.ts';
import { sendInvite } from '../flows/email-tokens.ts';
import { checkBeforeUserCreated } from '../hooks/before-user-created.ts';
import { findIdentities } from '../models/identities.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { metadata, readJson, text } from '../request.ts';
import { newId } from '../secrets.ts';
import { validateEmail } from '../validate.ts';

const InviteBody = z.object({ email: text, data: metadata });

export const invite: AdminHandler = async (c, deps) => {
  const body = await readJson(c, InviteBody);
  const email = validateEmail(body.email);
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.email_confirmed_at) throw AuthErrors.emailExists();
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  const newAccount = { id: newId(), email, passwordHash: null, userMetadata: body.data ?? {} };
  if (!existing) await checkBeforeUserCreated(deps, clientIp(c), newAccount);
  const user = await deps.db.transaction(async (tx) => {
    // An address invited before and not yet confirmed gets a new invitation, as in GoTrue.
    const account = existing ?? (await createAccount(tx, newAccount));
    const invited = await sendInvite(tx, deps, account, redirectTo);
    return userJson(invited, await findIdentities(tx, invited.id));
  });
  return c.json(user);
};
