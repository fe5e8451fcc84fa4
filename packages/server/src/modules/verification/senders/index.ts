/** Picks the sender a tenant's settings name for a channel; the outbox when none is set. */
import type { CodeChannel } from '@tessera/shared';
import type { Db } from '../../../db/index.ts';
import type { TenantSettings } from '../../tenancy/settings.ts';
import { AliyunSender } from './aliyun.ts';
import { OutboxSender } from './outbox.ts';
import { SmtpSender } from './smtp.ts';
import { TencentSender } from './tencent.ts';
import type { Sender } from './types.ts';

export function senderFor(
  db: Db,
  settings: TenantSettings,
  channel: CodeChannel,
  log?: { info: (...a: never[]) => void },
): Sender {
  const outbox = () => new OutboxSender(db, log as never);
  if (channel === 'email') {
    return settings.email?.provider === 'smtp' ? new SmtpSender(settings.email) : outbox();
  }
  switch (settings.sms?.provider) {
    case 'aliyun':
      return new AliyunSender(settings.sms);
    case 'tencent':
      return new TencentSender(settings.sms);
    default:
      return outbox();
  }
}
