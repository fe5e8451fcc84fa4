/** Shown in the page area while a page's code loads. */
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="ts-loading" role="status">
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
