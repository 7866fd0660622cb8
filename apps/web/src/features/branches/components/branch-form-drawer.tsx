import {
  BRANCH_RADIUS_DEFAULT,
  CreateBranchInputSchema,
  UpdateBranchInputSchema,
  type Branch,
} from '@smena/contract';
import {
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Slider,
  Switch,
  Typography,
} from 'antd';
import type { ClipboardEvent, ComponentType } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { TimezoneSelect } from '../../../components/form/timezone-select.tsx';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateBranch } from '../api/create-branch.ts';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useUpdateBranch } from '../api/update-branch.ts';
import {
  RADIUS_SLIDER_STEPS,
  formatRadius,
  parseCoordinatePair,
  positionOfRadius,
  radiusAtPosition,
} from './branch-helpers.ts';
import { BranchMapPicker } from './branch-map-picker.tsx';
import './branches.css';

/** The city field the page plugs in (the cities feature's select fits). */
export type CityFieldProps = {
  country?: string | null;
  value?: number | null;
  onChange?: (cityId: number | null) => void;
  initialCity?: { id: number; name: string } | null;
  id?: string;
};

export type BranchFormDefaults = {
  /** The company's timezone: a new branch starts with it. */
  timezone: string;
  /** The company's country: cities are offered from it. */
  country: string | null;
};

type BranchFormValues = {
  title: string;
  address: string;
  cityId: number | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  timezone: string;
  active: boolean;
};

export const COORDINATES_HINT =
  'Координаты можно взять в Яндекс Картах: правый клик по точке → «Что здесь?». Пару «широта, долгота» можно вставить в поле «Широта» целиком.';

const shape = CreateBranchInputSchema.shape;

function initialValues(branch: Branch | null, defaults: BranchFormDefaults): BranchFormValues {
  return {
    title: branch?.title ?? '',
    address: branch?.address ?? '',
    cityId: branch?.cityId ?? null,
    latitude: branch?.latitude ?? null,
    longitude: branch?.longitude ?? null,
    radius: branch?.radius ?? BRANCH_RADIUS_DEFAULT,
    timezone: branch?.timezone ?? defaults.timezone,
    active: branch?.active ?? true,
  };
}

const RADIUS_MARKS = Object.fromEntries(
  (
    [
      [100, '100 м'],
      [1000, '1 км'],
      [5000, '5 км'],
    ] as const
  ).map(([metres, label]) => [positionOfRadius(metres), label]),
);

/** A slider for rough choice and a number for the exact metres, as one form control. */
function RadiusInput({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}) {
  return (
    <div className="smena-radius-input">
      <Slider
        className="smena-radius-input__slider"
        min={0}
        max={RADIUS_SLIDER_STEPS}
        value={positionOfRadius(value ?? BRANCH_RADIUS_DEFAULT)}
        onChange={(position: number) => onChange?.(radiusAtPosition(position))}
        tooltip={{ formatter: (position) => formatRadius(radiusAtPosition(position ?? 0)) }}
        marks={RADIUS_MARKS}
        ariaLabelForHandle="Радиус на шкале"
        ariaValueTextFormatterForHandle={(position) => formatRadius(radiusAtPosition(position))}
      />
      <InputNumber<number>
        id={id}
        className="smena-radius-input__number"
        // No min/max/precision: antd would silently clamp −5 to 10 or round 12.5; the form's rule
        // says what is wrong instead.
        step={10}
        suffix="м"
        value={value}
        onChange={(next) => onChange?.(next)}
      />
    </div>
  );
}

type BranchFormDrawerProps = {
  open: boolean;
  /** The branch to edit; null adds a new one. */
  branch: Branch | null;
  defaults: BranchFormDefaults;
  CitySelect: ComponentType<CityFieldProps>;
  onClose: () => void;
};

/** Adding or editing a branch: a drawer on wide screens, the whole screen on phones. */
export function BranchFormDrawer({
  open,
  branch,
  defaults,
  CitySelect,
  onClose,
}: BranchFormDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [form] = Form.useForm<BranchFormValues>();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const config = usePublicConfig();
  const mapsApiKey = config.data?.yandexMapsApiKey ?? null;
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const radius = Form.useWatch('radius', form);
  const saving = create.isPending || update.isPending;

  const onFinish = async (values: BranchFormValues) => {
    const payload = {
      title: values.title,
      address: values.address ?? '',
      cityId: values.cityId ?? null,
      latitude: values.latitude,
      longitude: values.longitude,
      radius: values.radius,
      timezone: values.timezone,
      active: values.active,
    };
    try {
      if (branch) {
        await update.mutateAsync({ id: branch.id, input: UpdateBranchInputSchema.parse(payload) });
        notify.success(`Филиал «${values.title.trim()}» сохранён`);
      } else {
        await create.mutateAsync(CreateBranchInputSchema.parse(payload));
        notify.success(`Филиал «${values.title.trim()}» добавлен`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  const pasteCoordinates = (event: ClipboardEvent<HTMLInputElement>) => {
    const pair = parseCoordinatePair(event.clipboardData.getData('text'));
    if (!pair) return;
    event.preventDefault();
    form.setFieldsValue({ latitude: pair[0], longitude: pair[1] });
    void form.validateFields(['latitude', 'longitude']);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={branch ? 'Изменить филиал' : 'Новый филиал'}
      size={isPhone ? '100%' : 560}
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
      <Form<BranchFormValues>
        form={form}
        layout="vertical"
        name="branch"
        requiredMark
        initialValues={initialValues(branch, defaults)}
        scrollToFirstError={{ block: 'center' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Название"
          name="title"
          required
          rules={[zodRule(shape.title, 'Введите название')]}
        >
          <Input placeholder="Например, Офис на Тверской" maxLength={200} />
        </Form.Item>
        <Form.Item label="Адрес" name="address" rules={[zodRule(shape.address)]}>
          <Input placeholder="Улица, дом" maxLength={500} />
        </Form.Item>
        <Form.Item label="Город" name="cityId">
          <CitySelect
            country={defaults.country}
            initialCity={
              branch?.cityId && branch.cityName
                ? { id: branch.cityId, name: branch.cityName }
                : null
            }
          />
        </Form.Item>

        {mapsApiKey ? (
          <Form.Item
            label="Точка на карте"
            extra="Щёлкните по карте или перетащите метку; круг показывает, где можно отметиться."
          >
            <BranchMapPicker
              apiKey={mapsApiKey}
              latitude={latitude}
              longitude={longitude}
              radius={radius}
              onPick={([lat, lng]) => {
                form.setFieldsValue({ latitude: lat, longitude: lng });
                void form.validateFields(['latitude', 'longitude']);
              }}
            />
          </Form.Item>
        ) : (
          config.isSuccess && (
            <Typography.Paragraph type="secondary" className="smena-branch-form__hint">
              {COORDINATES_HINT}
            </Typography.Paragraph>
          )
        )}

        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Широта"
              name="latitude"
              required
              rules={[zodRule(shape.latitude, 'Укажите широту')]}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                precision={6}
                step={0.000001}
                placeholder="Например, 55.751244"
                onPaste={pasteCoordinates}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Долгота"
              name="longitude"
              required
              rules={[zodRule(shape.longitude, 'Укажите долготу')]}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                precision={6}
                step={0.000001}
                placeholder="Например, 37.618423"
              />
            </Form.Item>
          </Col>
        </Row>

        <Form.Item
          label="Радиус (м)"
          name="radius"
          required
          rules={[zodRule(shape.radius, 'Укажите радиус')]}
          extra="Сотрудник может отметиться, только находясь в этом радиусе от точки филиала."
        >
          <RadiusInput />
        </Form.Item>
        <Form.Item
          label="Часовой пояс"
          name="timezone"
          required
          rules={[zodRule(shape.timezone, 'Выберите часовой пояс')]}
          extra="Время отметок и графиков филиала считается в этом поясе."
        >
          <TimezoneSelect />
        </Form.Item>
        <Form.Item
          label="Активен"
          name="active"
          valuePropName="checked"
          extra="В филиале, перенесённом в архив, отметиться нельзя; история сохраняется."
        >
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
