/**
 * /Fido2Bind (docs/factors.md): the signed-in user's FIDO2 keys. A key is added with a name
 * through the browser's prompt; the list shows each key's sign counter, when it was added and
 * when it last signed in; a key is removed after a confirmation. Signed-out visitors go to login.
 */
import type { Fido2Key } from '@tessera/shared';
import { Alert, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchLogin } from '../../core/auth.ts';
import { fetchFido2Keys, registerFido2Key, removeFido2Key } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { validatorRule } from '../../core/rules.ts';
import { formatTime } from '../factors/otp.ts';
import { useFido2 } from '../factors/useFido2.tsx';
import { PageLoading } from '../PageLoading.tsx';

interface NameValues {
  name: string;
}

export default function Fido2Bind() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<NameValues>();
  const fido2 = useFido2();
  const [keys, setKeys] = useState<Fido2Key[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  useRevalidateOnLanguage(form);

  const load = useCallback(async () => {
    const res = await fetchFido2Keys();
    if (res.ok) setKeys(res.data);
  }, []);

  useEffect(() => {
    let live = true;
    void fetchLogin().then((data) => {
      if (!live) return;
      if (data?.user) void load();
      else navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, load]);

  if (!keys) return <PageLoading />;

  const add = async ({ name }: NameValues) => {
    setAdding(true);
    const res = await fido2.run(() => registerFido2Key(name.trim()));
    setAdding(false);
    if (!res?.ok) return;
    form.resetFields();
    void message.success(t('fido2Bind.added'));
    await load();
  };
  const remove = async (key: Fido2Key) => {
    setRemoving(key.id);
    const res = await removeFido2Key(key.id);
    setRemoving(null);
    if (!res.ok) return;
    void message.success(t('fido2Bind.removed'));
    await load();
  };

  const columns: TableColumnsType<Fido2Key> = [
    { key: 'name', title: t('fido2Bind.colName'), dataIndex: 'name' },
    { key: 'signCount', title: t('fido2Bind.colCount'), dataIndex: 'signCount', align: 'right' },
    {
      key: 'createdAt',
      title: t('fido2Bind.colCreated'),
      render: (_, key) => formatTime(key.createdAt, i18n.language),
    },
    {
      key: 'lastUsedAt',
      title: t('fido2Bind.colLastUsed'),
      render: (_, key) => (key.lastUsedAt ? formatTime(key.lastUsedAt, i18n.language) : t('fido2Bind.never')),
    },
    {
      key: 'actions',
      title: t('fido2Bind.colActions'),
      render: (_, key) => (
        <Popconfirm
          title={t('fido2Bind.removeTitle')}
          description={t('fido2Bind.removeConfirm', { name: key.name })}
          okText={t('fido2Bind.remove')}
          cancelText={t('fido2.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(key)}
        >
          <Button
            type="link"
            danger
            size="small"
            loading={removing === key.id}
            aria-label={t('fido2Bind.removeNamed', { name: key.name })}
          >
            {t('fido2Bind.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section className="ts-card ts-card--doc">
      <h1 className="ts-card-title">{t('fido2Bind.heading')}</h1>
      <p className="ts-card-subtitle">{t('fido2Bind.hint')}</p>
      {fido2.problem && <Alert className="ts-alert" type="error" showIcon title={fido2.problem} />}
      {fido2.unsupported && (
        <Alert className="ts-alert" type="warning" showIcon title={t('fido2.platform')} />
      )}
      <Form<NameValues>
        form={form}
        name="fido2Bind"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void add(values)}
      >
        <Form.Item label={t('fido2Bind.name')} htmlFor="fido2Bind_name" required={false}>
          <Space.Compact block>
            <Form.Item
              name="name"
              noStyle
              rules={[
                validatorRule((value) =>
                  typeof value === 'string' && value.trim()
                    ? null
                    : t('rules.required', { field: t('fido2Bind.name') }),
                ),
              ]}
            >
              <Input id="fido2Bind_name" maxLength={32} placeholder={t('fido2Bind.namePlaceholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={adding} disabled={fido2.unsupported}>
              {t('fido2Bind.add')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <h2 className="ts-section-title">{t('fido2Bind.list')}</h2>
      <Table<Fido2Key>
        className="ts-key-table"
        rowKey="id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={keys}
        locale={{ emptyText: t('fido2Bind.empty') }}
      />
      <p className="ts-card-foot">
        <Link to="/user">{t('fido2Bind.back')}</Link>
      </p>
      {fido2.holder}
    </section>
  );
}
