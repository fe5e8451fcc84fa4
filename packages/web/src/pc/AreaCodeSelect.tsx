/**
 * The area code picker of the SMS login: the tenant's supportAreaCodeList, each with its country
 * or region name (shared AREA_CODES) in the page language, searchable by name or code. The field
 * itself shows only the code, so it stays narrow next to the number.
 */
import { AREA_CODES } from '@tessera/shared';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface AreaOption {
  value: string;
  label: React.ReactNode;
  /** Code and both names in lower case, for the search. */
  search: string;
}

interface Props {
  codes: readonly string[];
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
}

export function AreaCodeSelect({ codes, value, onChange, id, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const options = useMemo<AreaOption[]>(
    () =>
      codes.map((code) => {
        const known = AREA_CODES.find((a) => a.code === code);
        const name = known ? (en ? known.en : known.zh) : '';
        return {
          value: code,
          label: (
            <span className="ts-area-option">
              <span className="ts-area-name">{name || code}</span>
              {name && <span className="ts-area-code">{code}</span>}
            </span>
          ),
          search: `${code} ${known?.zh ?? ''} ${known?.en ?? ''}`.toLowerCase(),
        };
      }),
    [codes, en],
  );
  return (
    <Select<string, AreaOption>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      aria-label={t('codeLogin.areaCode')}
      options={options}
      labelRender={({ value: selected }) => String(selected)}
      showSearch={{
        filterOption: (input, option) => !!option?.search.includes(input.trim().toLowerCase()),
      }}
      placeholder={t('codeLogin.areaCode')}
      popupMatchSelectWidth={260}
      className="ts-area-select"
      style={{ width: 96, flex: 'none' }}
    />
  );
}
