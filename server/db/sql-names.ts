/** An SQL identifier, quoted as PostgreSQL's quote_ident would. */
export const quoteIdent = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** A `schema.name` of the configuration as an SQL name, each part quoted. */
export const quoteQualified = (qualifiedName: string) => qualifiedName.split('.').map(quoteIdent).join('.');
