/** Which salon the customer's screens are about, and who the customer is there. */
export interface ClientMembership {
  merchantSlug: string;
  merchantName: string;
  clientId: string;
  clientCode: string;
}
