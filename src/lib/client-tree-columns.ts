import { z } from 'zod';

/** One client in a merchant's tree: its sponsor (null for a root) and generation (0 = root). */
export interface TreeClient {
  id: string;
  code: string;
  name: string;
  sponsor_id: string | null;
  generation: number;
}

/** The tree as api.*_client_tree_columns returns it: parallel arrays, element i of each describing client i. */
const treeColumnsSchema = z
  .object({
    id: z.array(z.string()),
    code: z.array(z.string()),
    name: z.array(z.string()),
    sponsor_id: z.array(z.string().nullable()),
    generation: z.array(z.number().int()),
  })
  .refine(
    (columns) =>
      [columns.code, columns.name, columns.sponsor_id, columns.generation].every(
        (column) => column.length === columns.id.length,
      ),
    { message: 'Colonne dell’albero di lunghezza diversa' },
  );

/** Turns the one-document tree into a flat list of clients, in the order the server sent them. */
export function treeClientsFromColumns(value: unknown): TreeClient[] {
  const columns = treeColumnsSchema.parse(value);
  return columns.id.map((id, index) => ({
    id,
    code: columns.code[index]!,
    name: columns.name[index]!,
    sponsor_id: columns.sponsor_id[index]!,
    generation: columns.generation[index]!,
  }));
}
