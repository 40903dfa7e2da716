import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError } from '../config-error.ts';
import { globToRegExp } from './redirect.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Requests per IP per 5 minutes, and e-mails per hour, as `[auth.rate_limit]` names them. */
export interface RateLimits {
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  emailSent: number;
}

export type TemplateId = 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'invite';

export interface TemplateSetting {
  subject: string;
  /** Absolute path of the HTML template; a `.txt` beside it is the plain-text part. */
  contentPath?: string;
}

/** GoTrue's settings, resolved from config.toml's [auth] sections and the server's own overrides. */
export interface AuthSettings {
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  doubleConfirmChanges: boolean;
  minimumPasswordLength: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  /** Seconds a user waits between two e-mails of the same kind. */
  maxFrequency: number;
  otpLength: number;
  otpExpiry: number;
  rateLimits: RateLimits;
  templates: Record<TemplateId, TemplateSetting>;
  senderName: string;
  senderAddress: string;
}

const defaultSubjects: Record<TemplateId, string> = {
  confirmation: 'Confirm your email address',
  recovery: 'Reset your password',
  magic_link: 'Your sign-in link',
  email_change: 'Confirm your new email address',
  invite: "You've been invited",
};

/** Go durations as the CLI writes them: "1m0s", "60s", "1h". */
export function parseGoDuration(value: string | number): number {
  if (typeof value === 'number') return value;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (parts.length === 0) throw new Error(`Not a duration: ${value}`);
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce(
    (total, [, amount, suffix]) => total + Number(amount) * unit[suffix as keyof typeof unit],
    0,
  );
}

const templateSchema = z.object({ subject: z.string().optional(), content_path: z.string().optional() });

const authTomlSchema = z.object({
  additional_redirect_urls: z.array(z.string()).default([]),
  jwt_expiry: z.number().int().positive().default(3600),
  enable_signup: z.boolean().default(true),
  enable_refresh_token_rotation: z.boolean().default(true),
  refresh_token_reuse_interval: z.number().min(0).default(10),
  minimum_password_length: z.number().int().min(6).default(6),
  email: z
    .object({
      enable_signup: z.boolean().default(true),
      enable_confirmations: z.boolean().default(false),
      double_confirm_changes: z.boolean().default(true),
      max_frequency: z.union([z.string(), z.number()]).default('1s'),
      otp_length: z.number().int().min(6).max(10).default(6),
      otp_expiry: z.number().int().positive().default(3600),
      template: z.record(z.string(), templateSchema).default({}),
      smtp: z
        .object({
          enabled: z.union([z.boolean(), z.stringbool()]).default(true),
          host: z.string().optional(),
          port: z.coerce.number().int().min(1).max(65535).optional(),
          user: z.string().optional(),
          pass: z.string().optional(),
          admin_email: z.string().optional(),
          sender_name: z.string().optional(),
        })
        .optional(),
    })
    .prefault({}),
  rate_limit: z
    .object({
      email_sent: z.number().int().min(0).default(2),
      sign_in_sign_ups: z.number().int().min(0).default(30),
      token_refresh: z.number().int().min(0).default(150),
      token_verifications: z.number().int().min(0).default(30),
    })
    .prefault({}),
});

/** Overrides a deployment or a test may set on top of config.toml. */
export type AuthOverrides = Partial<Omit<AuthSettings, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> };

/** What auth reads of the server's configuration; declared here so that config.ts imports nothing back. */
interface AuthConfigSource {
  toml: { auth: Record<string, unknown> };
  auth?: AuthOverrides;
  siteUrl?: string;
}

export function resolveAuthSettings(config: AuthConfigSource): AuthSettings {
  const toml = authTomlSchema.parse(config.toml.auth);
  const templates = Object.fromEntries(
    (Object.keys(defaultSubjects) as TemplateId[]).map((id) => {
      const entry = toml.email.template[id];
      const contentPath = entry?.content_path
        ? fileURLToPath(new URL(entry.content_path, `file://${projectRoot}`))
        : undefined;
      return [id, { subject: entry?.subject ?? defaultSubjects[id], contentPath }];
    }),
  ) as Record<TemplateId, TemplateSetting>;
  const overrides = config.auth ?? {};
  // As GoTrue's URI_ALLOW_LIST, one entry may hold several patterns separated by commas.
  const additionalRedirectUrls = toml.additional_redirect_urls.flatMap((entry) =>
    entry
      .split(',')
      .map((pattern) => pattern.trim())
      .filter(Boolean),
  );
  for (const pattern of [...additionalRedirectUrls, ...(overrides.additionalRedirectUrls ?? [])]) {
    try {
      globToRegExp(pattern);
    } catch (error) {
      throw new ConfigError(`auth.additional_redirect_urls: ${(error as Error).message}`);
    }
  }
  return {
    additionalRedirectUrls,
    jwtExpiry: toml.jwt_expiry,
    enableSignup: toml.enable_signup && toml.email.enable_signup,
    enableConfirmations: toml.email.enable_confirmations,
    doubleConfirmChanges: toml.email.double_confirm_changes,
    minimumPasswordLength: toml.minimum_password_length,
    refreshTokenRotation: toml.enable_refresh_token_rotation,
    refreshTokenReuseInterval: toml.refresh_token_reuse_interval,
    maxFrequency: parseGoDuration(toml.email.max_frequency),
    otpLength: toml.email.otp_length,
    otpExpiry: toml.email.otp_expiry,
    templates,
    senderName: toml.email.smtp?.sender_name ?? 'Passaparola',
    senderAddress: toml.email.smtp?.admin_email ?? 'no-reply@passaparola.local',
    ...overrides,
    rateLimits: {
      emailSent: toml.rate_limit.email_sent,
      signInSignUps: toml.rate_limit.sign_in_sign_ups,
      tokenRefresh: toml.rate_limit.token_refresh,
      tokenVerifications: toml.rate_limit.token_verifications,
      ...overrides.rateLimits,
    },
  };
}

/** config.toml's `[auth.email.smtp]` when it is enabled and names a host, as nodemailer's options. */
export function smtpOptionsOf(config: AuthConfigSource) {
  const smtp = authTomlSchema.parse(config.toml.auth).email.smtp;
  if (!smtp?.enabled || !smtp.host) return undefined;
  const port = smtp.port ?? 587;
  return {
    host: smtp.host,
    port,
    secure: port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
  };
}

/**
 * The app's public address (GoTrue's site_url): SITE_URL, else config.toml's `auth.site_url`, else
 * the server's own address (set at start). Never taken from a request.
 */
export function siteUrlOf(config: AuthConfigSource): string {
  const fromToml = config.toml.auth.site_url;
  return config.siteUrl ?? (typeof fromToml === 'string' ? fromToml : 'http://localhost:54321');
}

/**
 * Where this server is reached from outside (GoTrue's API_EXTERNAL_URL), the origin of e-mailed
 * /auth/v1 links and of the token issuer: API_EXTERNAL_URL, else the site URL. Never taken from a
 * request. A trailing /auth/v1, as GoTrue's own setting has it, is accepted.
 */
export function apiUrlOf(config: AuthConfigSource & { apiExternalUrl?: string }): string {
  const url = config.apiExternalUrl ?? siteUrlOf(config);
  return url.replace(/\/+$/, '').replace(/\/auth\/v1$/, '');
}
