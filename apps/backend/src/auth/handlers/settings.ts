// GET /settings and GET /health: what the client may ask the server about itself, in GoTrue's shapes.
import { assertReachable } from '../../db/reachable.ts';
import type { OpenHandler } from '../context.ts';
import { GOTRUE_OAUTH_PROVIDERS } from '../oidc/providers.ts';

/** The external sign-in providers GoTrue lists, each true when [auth.external.<provider>] enables it. */
const OAUTH_PROVIDERS = ['anonymous_users', ...GOTRUE_OAUTH_PROVIDERS];

export const settings: OpenHandler = async (c, deps) => {
  const s = deps.settings;
  return c.json({
    external: {
      ...Object.fromEntries(
        OAUTH_PROVIDERS.map((provider) => [provider, s.externalProviders[provider]?.enabled ?? false]),
      ),
      anonymous_users: s.anonymousSignInsEnabled,
      email: true,
      phone: true,
    },
    disable_signup: s.signupDisabled,
    mailer_autoconfirm: s.mailerAutoconfirm,
    phone_autoconfirm: s.phoneAutoconfirm,
    sms_provider: '',
    saml_enabled: false,
  });
};

/** GoTrue's answer, given only while the database answers: otherwise a 503, so a load balancer or probe knows. */
export const health: OpenHandler = async (c, deps) => {
  await assertReachable(deps.db);
  return c.json({
    version: 'teamplan',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
};
