/**
 * /selectArea: the international area code picker of the mobile SMS login (specification
 * section 2). The tenant's supportAreaCodeList, named from the shared AREA_CODES, filtered by a
 * search on the Chinese or English name or the code; the one in use is marked. Tapping one keeps
 * it (loginDraft.ts) and goes back to the login page (or the post-login bind-mobile step), which
 * comes back as it was left.
 */
import { AREA_CODES, type AreaCode } from '@tessera/shared';
import { SearchBar } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMobileTheme, useTenantTexts } from '../boot.ts';
import { currentAreaCode, patchDraft, supportedAreaCodes } from '../loginDraft.ts';
import { PageLoading } from '../Shell.tsx';
import './SelectArea.css';

const byCode = new Map(AREA_CODES.map((a) => [a.code, a]));

function matches(area: AreaCode, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (area.zh.includes(q) || area.en.toLowerCase().includes(q)) return true;
  // "852", "+852" and "+" find codes by their first digits.
  const digits = q.replace(/^\+/, '').replace(/\s/g, '');
  return /^\d*$/.test(digits) && area.code.slice(1).startsWith(digits);
}

function BackIcon() {
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.8" d="M10.5 2.5 5 8l5.5 5.5" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" d="m2.5 8.5 3.5 3.5 7.5-8" />
    </svg>
  );
}

export default function SelectArea() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tenant = useTenantTexts();
  const theme = useMobileTheme('MOBILE_LOGIN');
  const [query, setQuery] = useState('');
  if (!tenant.loaded) return <PageLoading />;

  const en = tenant.lang === 'en';
  const current = currentAreaCode(tenant.config);
  const areas = supportedAreaCodes(tenant.config).map(
    (code) => byCode.get(code) ?? { code, zh: code, en: code },
  );
  const shown = areas.filter((area) => matches(area, query));
  const accent = theme?.rootStyle['--adm-color-primary' as keyof CSSProperties];

  const from = location.state as { fromLogin?: boolean; fromBind?: boolean } | null;
  const back = () => {
    // Back through history when the login or bind page sent us here, so it is not stacked twice.
    if (from?.fromLogin || from?.fromBind) navigate(-1);
    else navigate('/login', { replace: true });
  };
  const pick = (code: string) => {
    // Binding a number after login is not a choice of login method.
    patchDraft(from?.fromBind ? { areaCode: code } : { areaCode: code, method: 'sms' });
    back();
  };

  return (
    <div
      className="tma-page"
      data-testid="select-area"
      style={accent ? ({ '--adm-color-primary': accent } as CSSProperties) : undefined}
    >
      <header className="tma-bar">
        <button type="button" className="tma-back" onClick={back}>
          <BackIcon />
          <span>{t('mobile.area.back')}</span>
        </button>
        <h1 className="tma-title">{t('title.selectArea')}</h1>
      </header>
      <div className="tma-search">
        <SearchBar
          placeholder={t('mobile.area.search')}
          value={query}
          onChange={setQuery}
          style={{ '--height': '40px', '--border-radius': '20px' } as CSSProperties}
        />
      </div>
      {shown.length > 0 ? (
        <ul className="tma-list" aria-label={t('mobile.area.list')}>
          {shown.map((area) => {
            const selected = area.code === current;
            const name = en ? area.en : area.zh;
            const other = en ? area.zh : area.en;
            return (
              <li key={area.code}>
                <button
                  type="button"
                  className={selected ? 'tma-item tma-item-current' : 'tma-item'}
                  aria-current={selected ? 'true' : undefined}
                  data-code={area.code}
                  onClick={() => pick(area.code)}
                >
                  <span className="tma-names">
                    <span className="tma-name">{name}</span>
                    {other !== name && (
                      <span className="tma-other" lang={en ? 'zh-CN' : 'en'}>
                        {other}
                      </span>
                    )}
                  </span>
                  <span className="tma-code">{area.code}</span>
                  <span className="tma-check">
                    {selected && <CheckIcon />}
                    {selected && <span className="tmt-sr-only">{t('mobile.area.current')}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="tma-empty" role="status">
          {t('mobile.area.empty')}
        </p>
      )}
    </div>
  );
}
