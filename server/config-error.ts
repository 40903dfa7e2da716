/** A setting that cannot be used: the server refuses to start and says which. */
export class ConfigError extends Error {}
