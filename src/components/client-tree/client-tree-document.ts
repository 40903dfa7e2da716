import * as z from 'zod/mini';
import type { TreeClient } from '@/components/client-tree/client-hierarchy';

/**
 * The tree as api.*_client_tree_compact return it: parallel arrays, element i of each describing client i,
 * ordered by generation and code; `sponsor[i]` is the position of client i's sponsor (-1 for none).
 */
const treeDocumentSchema = z
  .object({
    code: z.array(z.string()),
    name: z.array(z.string()),
    sponsor: z.array(z.number().check(z.int(), z.gte(-1))),
    generation: z.array(z.number().check(z.int(), z.gte(0))),
  })
  .check(
    z.refine(
      (document) =>
        [document.name, document.sponsor, document.generation].every(
          (column) => column.length === document.code.length,
        ),
      { message: 'Colonne dell’albero di lunghezza diversa' },
    ),
  );

/**
 * Turns the compact document into the flat list the tree is built from, in the order the server sent it.
 * A node's key is its client code (unique within a salon), and its sponsor is found by position; a
 * position outside the arrays, or the client itself, leaves it without a sponsor (drawn as a root).
 */
export function treeClientsFromDocument(value: unknown): TreeClient[] {
  const document = treeDocumentSchema.parse(value);
  return document.code.map((code, index) => {
    const sponsor = document.sponsor[index]!;
    const sponsorCode = sponsor !== index ? document.code[sponsor] : undefined;
    return {
      id: code,
      code,
      name: document.name[index]!,
      sponsor_id: sponsorCode ?? null,
      generation: document.generation[index]!,
    };
  });
}
