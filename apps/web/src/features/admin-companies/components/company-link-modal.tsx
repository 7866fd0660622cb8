import { LinkOutlined } from '@ant-design/icons';
import {
  CreateCompanyLinkInputSchema,
  TRIAL_USER_LIMIT,
  type RegistrationLink,
} from '@smena/contract';
import { Alert, Button, DatePicker, Flex, Form, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateCompanyLink } from '../api/create-company-link.ts';
import './admin-companies.css';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type LinkFormValues = { userCount: number | null; maxUses: number | null; expiresOn: Dayjs | null };

const shape = CreateCompanyLinkInputSchema.shape;

/** «Ссылка на регистрацию»: a link by which a new company registers with the given user limit. */
export function CompanyLinkModal({
  open,
  onClose,
  linkUrl,
}: {
  open: boolean;
  onClose: () => void;
  /** The address a person opens for the link (the page knows the site's origin). */
  linkUrl: (link: RegistrationLink) => string;
}) {
  const [form] = Form.useForm<LinkFormValues>();
  const create = useCreateCompanyLink();
  const [link, setLink] = useState<RegistrationLink | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setLink(null);
    setError(null);
    onClose();
  };

  const onFinish = async (values: LinkFormValues) => {
    setError(null);
    try {
      const input = CreateCompanyLinkInputSchema.parse({
        userCount: values.userCount,
        maxUses: values.maxUses ?? null,
        // The link works through the chosen day (the super admin's own day).
        expiresAt: values.expiresOn ? values.expiresOn.endOf('day').format() : null,
      });
      setLink(await create.mutateAsync(input));
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, { expiresAt: 'expiresOn' })) {
        setError(getErrorMessage(caught));
      }
    }
  };

  const url = link ? linkUrl(link) : '';

  return (
    <Modal
      open={open}
      title="Ссылка на регистрацию компании"
      onCancel={close}
      destroyOnHidden
      footer={
        link ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => setLink(null)}>Создать ещё</Button>
            <Button type="primary" onClick={close}>
              Готово
            </Button>
          </Flex>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>Отмена</Button>
            <Button
              type="primary"
              icon={<LinkOutlined />}
              loading={create.isPending}
              onClick={() => form.submit()}
            >
              Создать ссылку
            </Button>
          </Flex>
        )
      }
    >
      {link ? (
        <div>
          <Typography.Paragraph>
            Отправьте ссылку клиенту: по ней он зарегистрирует компанию с лимитом{' '}
            {link.userCount ?? TRIAL_USER_LIMIT} пользователей.
          </Typography.Paragraph>
          <Typography.Paragraph
            className="smena-company-link__url"
            copyable={{ text: url, tooltips: ['Копировать', 'Скопировано'] }}
            code
          >
            {url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {link.expiresAt
              ? `Действует до ${dayjs(link.expiresAt).format(`${DATE_FORMAT} HH:mm`)}`
              : 'Действует бессрочно'}
            {link.maxUses === null
              ? ', без ограничения числа регистраций.'
              : `, регистраций: не больше ${link.maxUses}.`}
          </Typography.Text>
        </div>
      ) : (
        <Form<LinkFormValues>
          onKeyDown={keepEnterInFields}
          form={form}
          layout="vertical"
          name="company-link"
          requiredMark
          initialValues={{ userCount: TRIAL_USER_LIMIT, maxUses: 1, expiresOn: null }}
          onFinish={(values) => void onFinish(values)}
          onValuesChange={() => {
            if (error) setError(null);
          }}
        >
          {error && (
            <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            label="Лимит пользователей"
            name="userCount"
            required
            rules={[zodRule(shape.userCount, 'Укажите число пользователей')]}
            extra="Столько активных сотрудников сможет завести компания"
          >
            <InputNumber<number> min={1} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="Сколько раз можно использовать"
            name="maxUses"
            extra="Пусто — без ограничений"
          >
            <InputNumber<number>
              min={1}
              max={10_000}
              precision={0}
              style={{ width: '100%' }}
              placeholder="Без ограничений"
            />
          </Form.Item>
          <Form.Item label="Действует до" name="expiresOn" extra="Включительно; пусто — бессрочно">
            <DatePicker
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              placeholder="Бессрочно"
              disabledDate={(date) => date.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
