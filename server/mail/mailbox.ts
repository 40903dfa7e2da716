import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Address {
  Name: string;
  Address: string;
}

/** A delivered message, with Mailpit's field names so tools written for Mailpit read it. */
export interface StoredMessage {
  ID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  /** Mailpit's attachment list; Content is kept here and served apart, as Mailpit serves a part. */
  Attachments: StoredAttachment[];
}

export interface StoredAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
  Content: string;
}

/** How many messages the mailbox keeps; the oldest go first. */
const capacity = 1000;

/**
 * The local mailbox used when no SMTP server is configured: in memory, and kept in
 * DATA_DIR/mailbox.json when the server has a data folder.
 */
export class Mailbox {
  private messages: StoredMessage[] = [];
  private readonly file?: string;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    this.file = join(dataDir, 'mailbox.json');
    if (!existsSync(this.file)) return;
    const saved = JSON.parse(readFileSync(this.file, 'utf8')) as StoredMessage[];
    // Messages saved before attachments were kept have none.
    this.messages = saved.map((message) => ({ ...message, Attachments: message.Attachments ?? [] }));
  }

  deliver(message: Omit<StoredMessage, 'ID' | 'Created'>): StoredMessage {
    const stored: StoredMessage = {
      ID: randomBytes(11).toString('base64url'),
      Created: new Date().toISOString(),
      ...message,
    };
    this.messages.push(stored);
    if (this.messages.length > capacity) this.messages.splice(0, this.messages.length - capacity);
    this.save();
    return stored;
  }

  /** Newest first. */
  list(): StoredMessage[] {
    return [...this.messages].reverse();
  }

  get(id: string): StoredMessage | undefined {
    return this.messages.find((message) => message.ID === id);
  }

  clear(): void {
    this.messages = [];
    this.save();
  }

  private save() {
    if (!this.file) return;
    mkdirSync(join(this.file, '..'), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.messages), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
