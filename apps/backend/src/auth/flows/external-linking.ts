// Which account a person signing in through an external provider belongs to, decided as GoTrue's automatic linking
// decides: the identity's own account, else the one account holding one of the person's verified addresses, else a
// new account.
import type { Queryable } from '../../db/types.ts';
import type { IdentityRow } from '../models/identities.ts';
import { findIdentitiesByEmails, findIdentityByProviderId, findUsersByEmails } from '../models/external-identities.ts';
import { findUserByEmail, findUserById, type UserRow } from '../models/users.ts';

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** What an external provider says about the person: stored as the identity's data and merged into user_metadata. */
export interface ExternalUserData {
  /** The provider's id of the person (the identity's provider_id). */
  subject: string;
  emails: ProviderEmail[];
  identityData: Record<string, unknown>;
}

export type LinkingDecision =
  | { kind: 'existing'; user: UserRow; identity: IdentityRow; candidateEmail: ProviderEmail }
  | { kind: 'link'; user: UserRow; candidateEmail: ProviderEmail }
  | { kind: 'create'; candidateEmail: ProviderEmail }
  | { kind: 'ambiguous' };

/** Single sign-on providers link only within themselves; every other provider links by e-mail address. */
const linkingDomainOf = (provider: string) => (provider.startsWith('sso:') ? provider : 'default');

async function isEmailTaken(q: Queryable, email: string): Promise<boolean> {
  return (await findIdentitiesByEmails(q, [email])).length > 0 || (await findUserByEmail(q, email)) !== undefined;
}

export async function decideAccountLinking(
  q: Queryable,
  data: ExternalUserData,
  provider: string,
): Promise<LinkingDecision> {
  // Unlike GoTrue with e-mail confirmations off, an address the provider has not verified never links: anyone can
  // claim any address at some providers, and linking would hand them the address owner's account.
  const verifiedEmails = data.emails
    .filter((email) => email.verified && email.email !== '')
    .map((email) => email.email.toLowerCase());
  const primary = data.emails.find((email) => email.primary);
  const candidateEmail: ProviderEmail = primary
    ? { ...primary, email: primary.email.toLowerCase() }
    : { email: '', verified: false, primary: false };

  const identity = await findIdentityByProviderId(q, data.subject, provider);
  if (identity) {
    const user = await findUserById(q, identity.user_id);
    if (!user) throw new Error(`identity ${identity.id} has no user`);
    return { kind: 'existing', user, identity, candidateEmail: { ...candidateEmail, email: user.email ?? '' } };
  }

  if (verifiedEmails.length === 0) {
    // A new account; it takes the address only when no account or identity has it yet.
    const taken = candidateEmail.email !== '' && (await isEmailTaken(q, candidateEmail.email));
    return { kind: 'create', candidateEmail: taken ? { ...candidateEmail, email: '' } : candidateEmail };
  }

  const domain = linkingDomainOf(provider);
  const similarIdentities = (await findIdentitiesByEmails(q, verifiedEmails)).filter(
    (similar) => linkingDomainOf(similar.provider) === domain,
  );
  if (similarIdentities.length === 0) {
    const similarUsers = domain === 'default' ? await findUsersByEmails(q, verifiedEmails) : [];
    if (similarUsers.length === 1) return { kind: 'link', user: similarUsers[0], candidateEmail };
    return similarUsers.length > 1 ? { kind: 'ambiguous' } : { kind: 'create', candidateEmail };
  }
  const userIds = new Set(similarIdentities.map((similar) => similar.user_id));
  if (userIds.size > 1) return { kind: 'ambiguous' };
  const user = await findUserById(q, similarIdentities[0].user_id);
  if (!user) throw new Error(`identity ${similarIdentities[0].id} has no user`);
  return { kind: 'link', user, candidateEmail };
}
