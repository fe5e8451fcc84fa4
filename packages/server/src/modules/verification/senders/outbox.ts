/**
 * The outbox sender, the default: the message is kept in the database and written to the log,
 * so a portal on one machine works without any gateway. `npm run cli -- outbox` lists them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/index.ts';
import type { OutgoingMessage, Sender } from './types.ts';

export class OutboxSender implements Sender {
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({
        tenant_id: m.tenantId,
        channel: m.channel,
        recipient: m.recipient,
        purpose: m.purpose,
        subject: m.subject,
        body: m.text,
        created_at: Date.now(),
      })
      .execute();
    this.log?.info(
      { outbox: { channel: m.channel, recipient: m.recipient, purpose: m.purpose } },
      `outbox: ${m.text}`,
    );
  }
}
