/**
 * Page themes of a tenant (specification sections 3 and 4): pick a system template, override its
 * options, or go back to the default. Everything is checked before anything is stored.
 */
import {
  type ThemeOptions,
  type UiConfigData,
  type UiConfigType,
  checkOptions,
  findTemplate,
} from '@tessera/shared';
import { AppError } from '../../http/errors.ts';
import type { TenancyService, Tenant } from '../tenancy/service.ts';

export interface ThemeInput {
  template?: string;
  options?: Record<string, unknown>;
}

export class ThemeService {
  constructor(private readonly tenancy: TenancyService) {}

  /** Checks a theme and answers what ui_config will answer: a key, an object, or null. */
  check(type: UiConfigType, input: ThemeInput): UiConfigData {
    if (input.template !== undefined && !findTemplate(type, input.template)) {
      throw new AppError('THEME.0001', { template: input.template });
    }
    const checked = checkOptions(type, input.options ?? {});
    if (!checked.ok)
      throw new AppError(checked.reason === 'unknown' ? 'THEME.0002' : 'THEME.0003', {
        option: checked.option,
      });
    const options: ThemeOptions = checked.options;
    if (Object.keys(options).length === 0) return input.template ?? null;
    return input.template ? { template: input.template, ...options } : { ...options };
  }

  async set(tenant: Tenant, type: UiConfigType, input: ThemeInput): Promise<UiConfigData> {
    const value = this.check(type, input);
    await this.tenancy.setPageTheme(tenant.id, type, value);
    return value;
  }

  async reset(tenant: Tenant, type: UiConfigType): Promise<void> {
    await this.tenancy.setPageTheme(tenant.id, type, null);
  }
}
