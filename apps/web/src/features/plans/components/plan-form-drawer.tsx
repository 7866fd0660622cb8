import {
  CreatePlanInputSchema,
  PAYMENT_USERS_MAX,
  PLAN_DISCOUNT_MAX,
  PLAN_TRIAL_DAYS_MAX,
  type Plan,
} from '@smena/contract';
import { Button, Col, Drawer, Flex, Form, Grid, Input, InputNumber, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreatePlan, useUpdatePlan } from '../api/save-plan.ts';
import { rublesToKopecks } from '../plan-format.ts';

type PlanFormValues = {
  title: string;
  priceRubles: number | null;
  trialDays: number | null;
  discount3Months: number | null;
  discount6Months: number | null;
  discount12Months: number | null;
  minUsers: number | null;
  active: boolean;
  isDefault: boolean;
};

const shape = CreatePlanInputSchema.shape;

/** The server names the price in kopecks; the form asks for rubles. */
const FIELD_MAP = { pricePerUserKopecks: 'priceRubles' };

function initialValues(plan: Plan | null): PlanFormValues {
  return {
    title: plan?.title ?? '',
    priceRubles: plan ? plan.pricePerUserKopecks / 100 : null,
    trialDays: plan?.trialDays ?? 14,
    discount3Months: plan?.discount3Months ?? 0,
    discount6Months: plan?.discount6Months ?? 0,
    discount12Months: plan?.discount12Months ?? 0,
    minUsers: plan?.minUsers ?? 1,
    active: plan?.active ?? true,
    isDefault: plan?.isDefault ?? false,
  };
}

function percentInput(label: string, name: keyof PlanFormValues) {
  return (
    <Form.Item name={name} label={label} rules={[zodRule(shape.discount3Months, 'Укажите скидку')]}>
      <InputNumber<number>
        min={0}
        max={PLAN_DISCOUNT_MAX}
        precision={0}
        suffix="%"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

type PlanFormDrawerProps = { open: boolean; plan: Plan | null; onClose: () => void };

/** Adding or editing a plan: a drawer on wide screens, the whole screen on phones. */
export function PlanFormDrawer({ open, plan, onClose }: PlanFormDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [form] = Form.useForm<PlanFormValues>();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(plan));
  }, [open, plan, form]);

  const onFinish = async (values: PlanFormValues) => {
    const payload = {
      title: values.title,
      pricePerUserKopecks: rublesToKopecks(values.priceRubles),
      trialDays: values.trialDays,
      discount3Months: values.discount3Months ?? 0,
      discount6Months: values.discount6Months ?? 0,
      discount12Months: values.discount12Months ?? 0,
      minUsers: values.minUsers,
      active: values.active,
      isDefault: values.isDefault,
    };
    try {
      const input = CreatePlanInputSchema.parse(payload);
      if (plan) {
        await update.mutateAsync({ id: plan.id, input });
        notify.success(`Тариф «${input.title}» сохранён`);
      } else {
        await create.mutateAsync(input);
        notify.success(`Тариф «${input.title}» добавлен`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, FIELD_MAP)) notify.apiError(caught);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={plan ? 'Изменить тариф' : 'Новый тариф'}
      size={isPhone ? '100%' : 520}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Сохранить
          </Button>
        </Flex>
      }
    >
      <Form<PlanFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(plan)}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="title" label="Название" rules={[zodRule(shape.title, 'Введите название')]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="priceRubles"
              label="Цена за пользователя в месяц"
              rules={[
                {
                  validator: (_rule, value: number | null | undefined) => {
                    const result = shape.pricePerUserKopecks.safeParse(rublesToKopecks(value));
                    return result.success
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            value == null
                              ? 'Укажите цену'
                              : (result.error.issues[0]?.message ?? 'Некорректная цена'),
                          ),
                        );
                  },
                },
              ]}
            >
              <InputNumber<number>
                min={0}
                precision={2}
                step={10}
                suffix="₽"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="trialDays"
              label="Пробный период, дней"
              rules={[zodRule(shape.trialDays, 'Укажите пробный период')]}
            >
              <InputNumber<number>
                min={0}
                max={PLAN_TRIAL_DAYS_MAX}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={8}>{percentInput('Скидка за 3 мес.', 'discount3Months')}</Col>
          <Col xs={8}>{percentInput('за 6 мес.', 'discount6Months')}</Col>
          <Col xs={8}>{percentInput('за 12 мес.', 'discount12Months')}</Col>
        </Row>
        <Form.Item
          name="minUsers"
          label="Минимум пользователей в оплате"
          rules={[zodRule(shape.minUsers, 'Укажите минимум пользователей')]}
        >
          <InputNumber<number>
            min={1}
            max={PAYMENT_USERS_MAX}
            precision={0}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item
          name="active"
          label="В продаже"
          valuePropName="checked"
          extra="Тариф снятый с продажи не предлагается компаниям, но оплаченные по нему периоды действуют."
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label="Основной тариф"
          valuePropName="checked"
          extra={
            plan?.isDefault
              ? 'Чтобы сменить основной тариф, назначьте основным другой.'
              : 'Его получают новые компании; пробный период берётся из него.'
          }
        >
          <Switch disabled={plan?.isDefault ?? false} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
