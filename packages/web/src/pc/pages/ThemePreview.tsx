/**
 * /themes/preview?page=PC_LOGIN&template=pc_login_3: one PC page drawn with a template and the
 * tenant's current options for that page (bootstrap.uiConfig), for the gallery's thumbnails. The
 * page is a picture: inert, no calls, submitting does nothing.
 */
import { findTemplate } from '@tessera/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Shell } from '../Shell.tsx';
import { StatusCard } from '../StatusCard.tsx';
import FindPassword from './FindPassword.tsx';
import { Login } from './Login.tsx';
import Register from './Register.tsx';

const PAGES = {
  PC_LOGIN: Login,
  PC_REGISTER: Register,
  PC_FIND_PWD: FindPassword,
} as const;

export default function ThemePreview() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = params.get('page') ?? '';
  const template = params.get('template') ?? undefined;

  useEffect(() => {
    // A picture in a frame: no scroll bars.
    document.documentElement.classList.add('ts-preview');
    return () => document.documentElement.classList.remove('ts-preview');
  }, []);

  const Page = (PAGES as Record<string, (typeof PAGES)[keyof typeof PAGES] | undefined>)[page];
  if (!Page || (template && !findTemplate(page as keyof typeof PAGES, template))) {
    return (
      <Shell>
        <StatusCard
          status="warning"
          title={t('preview.unavailable')}
          hint={t('preview.hint')}
          linkText={t('notFound.back')}
          linkTo="/login"
        />
      </Shell>
    );
  }
  return <Page templateKey={template} preview />;
}
