type FieldType = 'string' | 'boolean' | 'object';

/**
 * A GoTrue request body: a JSON object (or none) with the fields a route reads. Go decodes `null` into
 * any field and refuses another type with bad_json, so a field is its type or null.
 */
export function gotrueBody(fields: Record<string, FieldType>) {
  return {
    type: ['object', 'null'],
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, type]) => [name, { type: [type, 'null'] }]),
    ),
  };
}

/** Query parameters a route reads, each one string. */
export function gotrueQuery(...names: string[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  };
}

/** The id of `/admin/users/:id`. */
export const userIdParams = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
