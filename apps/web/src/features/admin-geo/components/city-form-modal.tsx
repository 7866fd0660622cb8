import { CreateCityInputSchema, type AdminCity, type Country } from '@smena/contract';
import { Form, Input, Modal } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useSaveCity } from '../api/save-city.ts';
import { CountryIdSelect } from './country-id-select.tsx';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

type CityFormValues = { name: string; countryId: number | null };

const shape = CreateCityInputSchema.shape;

/** Adding or editing a city: its name and country. */
export function CityFormModal({
  open,
  city,
  countries,
  countriesLoading,
  defaultCountryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The city to edit; null adds a new one. */
  city: AdminCity | null;
  countries: Country[] | undefined;
  countriesLoading: boolean;
  /** A new city starts in this country (the list's filter, when set). */
  defaultCountryId?: number | undefined;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const [form] = Form.useForm<CityFormValues>();
  const save = useSaveCity(onSaved);

  const onFinish = async (values: CityFormValues) => {
    try {
      const input = CreateCityInputSchema.parse(values);
      await save.mutateAsync({ id: city?.id ?? null, input });
      notify.success(city ? `Город «${input.name}» сохранён` : `Город «${input.name}» добавлен`);
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Modal
      open={open}
      title={city ? 'Изменить город' : 'Новый город'}
      okText="Сохранить"
      cancelText="Отмена"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CityFormValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        name="city"
        requiredMark
        initialValues={{
          name: city?.name ?? '',
          countryId: city?.countryId ?? defaultCountryId ?? null,
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Название"
          name="name"
          required
          rules={[zodRule(shape.name, 'Введите название')]}
        >
          <Input placeholder="Например, Алматы" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          label="Страна"
          name="countryId"
          required
          rules={[{ required: true, message: 'Выберите страну' }]}
        >
          <CountryIdSelect countries={countries} loading={countriesLoading} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
