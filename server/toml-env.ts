/** `"env(NAME)"`, the Supabase CLI's way of taking a config.toml value from the environment. */
const envReference = /^env\((.*)\)$/;

type TomlValue = unknown;

/**
 * Replaces every `"env(NAME)"` string of a parsed config.toml with the variable's value, as the
 * Supabase CLI does. Where the CLI keeps the literal text of an unset (or empty) variable, this
 * drops the key or array entry instead, so the server's own default applies.
 */
export function substituteEnv(value: TomlValue, environment: NodeJS.ProcessEnv): TomlValue {
  if (typeof value === 'string') {
    const name = envReference.exec(value)?.[1];
    if (name === undefined) return value;
    const found = environment[name];
    return found ? found : undefined;
  }
  if (Array.isArray(value)) {
    return value.map((item) => substituteEnv(item, environment)).filter((item) => item !== undefined);
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value).map(([key, item]) => [key, substituteEnv(item, environment)]);
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
  }
  return value;
}
