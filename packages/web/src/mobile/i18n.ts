/**
 * The mobile app's own texts (themed frame, register, find password, preview), merged into the
 * shared catalogues at start. Existing keys are never overwritten.
 */
import { i18n } from '../core/i18n.ts';
import en from './locales/en.json';
import zh from './locales/zh.json';

i18n.addResourceBundle('zh', 'translation', zh, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
