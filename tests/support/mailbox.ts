/** Reads the server's local mailbox through its Mailpit-compatible API, as a test or a tool would. */
export interface MailSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Created: string;
}

export interface MailMessage extends MailSummary {
  Text: string;
  HTML: string;
}

/** `mailUrl`: the mailbox's own address (TestServer.mailUrl), not the server's. */
export function mailbox(mailUrl: string) {
  async function json<T>(path: string): Promise<T> {
    const response = await fetch(`${mailUrl}/api/v1${path}`);
    if (!response.ok) throw new Error(`GET ${mailUrl}/api/v1${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    /** Newest first. */
    async messages(): Promise<MailSummary[]> {
      return (await json<{ messages: MailSummary[] }>('/messages')).messages;
    },
    async message(id: string): Promise<MailMessage> {
      return json<MailMessage>(`/message/${encodeURIComponent(id)}`);
    },
    /** Every message sent to `address`, newest first. */
    async to(address: string): Promise<MailSummary[]> {
      const all = await this.messages();
      return all.filter((message) =>
        message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
      );
    },
    /** The newest message to `address`, in full; fails when there is none. */
    async latestTo(address: string): Promise<MailMessage> {
      const [newest] = await this.to(address);
      if (!newest) throw new Error(`No e-mail to ${address}`);
      return this.message(newest.ID);
    },
  };
}

/** The first link of a plain-text e-mail that contains `fragment`. */
export function linkIn(text: string, fragment: string): URL {
  const found = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(fragment));
  if (!found) throw new Error(`No link with ${fragment} in:\n${text}`);
  return new URL(found);
}
