import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './auth-context.ts';

/** `GET /settings`: which sign-in methods exist, as GoTrue reports them. */
export async function settingsRoutes(app: FastifyInstance, auth: AuthContext) {
  app.get('/auth/v1/settings', async () => ({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: !auth.settings.enableSignup,
    mailer_autoconfirm: !auth.settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));
}
