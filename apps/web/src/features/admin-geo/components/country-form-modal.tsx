import { CreateCountryInputSchema, type AdminCountry } from '@smena/contract';
import { Form, Input, Modal } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useSaveCountry } from '../api/save-country.ts';
import { isCountryCodeLocked } from '../geo-format.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type CountryFormValues = { name: string; code: string; phoneCode: string };

const shape = CreateCountryInputSchema.shape;

/** Adding or editing a country: name, ISO code and calling code. */
export function CountryFormModal({
  open,
  country,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The country to edit; null adds a new one. */
  country: AdminCountry | null;
  onClose: () => void;
  /** After a successful save (the page refreshes the lists everybody reads). */
  onSaved?: () => void;
}) {
  const [form] = Form.useForm<CountryFormValues>();
  const save = useSaveCountry(onSaved);
  const codeLocked = isCountryCodeLocked(country);

  const onFinish = async (values: CountryFormValues) => {
    try {
      const input = CreateCountryInputSchema.parse(values);
      await save.mutateAsync({ id: country?.id ?? null, input });
      notify.success(
        country ? `Страна «${input.name}» сохранена` : `Страна «${input.name}» добавлена`,
      );
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Modal
      open={open}
      title={country ? 'Изменить страну' : 'Новая страна'}
      okText="Сохранить"
      cancelText="Отмена"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CountryFormValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        name="country"
        requiredMark
        initialValues={{
          name: country?.name ?? '',
          code: country?.code ?? '',
          phoneCode: country?.phoneCode ?? '+',
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Название"
          name="name"
          required
          rules={[zodRule(shape.name, 'Введите название')]}
        >
          <Input placeholder="Например, Казахстан" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          label="ISO-код"
          name="code"
          required
          rules={[zodRule(shape.code, 'Введите ISO-код страны')]}
          extra={
            codeLocked
              ? 'Код уже указан у компаний или пользователей — изменить его нельзя.'
              : 'Две латинские буквы по ISO 3166-1, например KZ.'
          }
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input
            placeholder="KZ"
            maxLength={2}
            disabled={codeLocked}
            style={{ width: 120, textTransform: 'uppercase' }}
          />
        </Form.Item>
        <Form.Item
          label="Телефонный код"
          name="phoneCode"
          required
          rules={[zodRule(shape.phoneCode, 'Введите телефонный код')]}
          extra="С плюсом: +7, +998. По нему выбирается маска телефона в формах."
        >
          <Input placeholder="+7" maxLength={5} inputMode="tel" style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
