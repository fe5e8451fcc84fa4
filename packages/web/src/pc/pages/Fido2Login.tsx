/**
 * /Fido2Login (docs/factors.md): the FIDO2 login as a page of its own, in the tenant's PC_LOGIN
 * theme, with the way back to the other login methods. Its answer goes on like any login.
 */
import type { FlowAnswer } from '@tessera/shared';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import type { ApiResult } from '../../core/api.ts';
import { fetchLogin } from '../../core/auth.ts';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { Fido2LoginForm } from '../factors/Fido2LoginForm.tsx';
import { ThemeFrame, inputVariant, useFrame } from '../ThemeFrame.tsx';

function Fido2LoginCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const view = useFrame()?.view;

  useEffect(() => {
    rememberRedirectTo(location.search);
    let live = true;
    void fetchLogin().then((signedIn) => {
      if (live && signedIn) navigate('/user', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [location.search, navigate]);

  const land = useCallback(
    (res: ApiResult<FlowAnswer>) => {
      if (res.redirected) return true;
      if (!res.ok) return false;
      navigate(nextPage(res.data) ?? '/user', { replace: true });
      return true;
    },
    [navigate],
  );

  const band = view?.layout === 'longbar';
  const name = view?.header.title ?? t('app.name');
  const head = (
    <>
      <h1 className="ts-card-title">{t('fido2.heading')}</h1>
      <p className="ts-card-subtitle">{t('login.welcome', { name })}</p>
    </>
  );
  const body = (
    <>
      <Fido2LoginForm
        preview={false}
        size={!band && view?.layout === 'card' ? 'middle' : 'large'}
        variant={inputVariant(view?.form.inputBorderStyle ?? 'style1')}
        band={band}
        onAnswer={land}
      />
      <div className="ts-card-links">
        <Link to="/login">{t('fido2.otherMethods')}</Link>
      </div>
    </>
  );
  if (band) {
    return (
      <div className="ts-band-login">
        <div className="ts-band-head">{head}</div>
        <div className="ts-band-body">{body}</div>
      </div>
    );
  }
  return (
    <>
      {head}
      {body}
    </>
  );
}

export default function Fido2Login() {
  return (
    <ThemeFrame page="PC_LOGIN">
      <Fido2LoginCard />
    </ThemeFrame>
  );
}
