import { rpcData } from './rpc-results.ts';
import type { TestClient } from './test-server.ts';

/** What api.register_purchase answers. */
export interface RegisteredPurchase {
  movement_id: string;
  net: number;
  available_credit: number;
  message: string;
}

/**
 * The salon registers a purchase of its client through api.register_purchase (amounts in euro, as the
 * screen sends them); a refusal fails the test with the Italian message.
 */
export function registerPurchase(
  salon: TestClient,
  clientCode: string,
  spend: number,
  discount = 0,
): Promise<RegisteredPurchase> {
  return rpcData<RegisteredPurchase>(salon, 'register_purchase', {
    client_code: clientCode,
    spend,
    discount,
  });
}
