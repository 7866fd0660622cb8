/**
 * What the demo company is made of: branches (one in Yekaterinburg, two hours ahead of Moscow),
 * the department tree, positions, schedules of all four types and the staff pattern that assigns
 * them; plus the devices and comments that make checks look real.
 */
import { type ScheduleDefinition, ScheduleDefinitionSchema } from '@smena/contract';
import { cyclePreset, fixedWeek, nightWeek } from '@smena/time';

export type BranchKey = 'office' | 'spb' | 'ekb' | 'kazan';
export const BRANCHES: Record<
  BranchKey,
  {
    title: string;
    address: string;
    city: string;
    latitude: number;
    longitude: number;
    radius: number;
    timezone: string;
    terminal: string;
  }
> = {
  office: {
    title: 'Головной офис',
    address: 'Москва, ул. Тверская, д. 7',
    city: 'Москва',
    latitude: 55.757386,
    longitude: 37.613087,
    radius: 150,
    timezone: 'Europe/Moscow',
    terminal: 'Терминал на ресепшене',
  },
  spb: {
    title: 'Магазин на Невском',
    address: 'Санкт-Петербург, Невский пр., д. 28',
    city: 'Санкт-Петербург',
    latitude: 59.935601,
    longitude: 30.325937,
    radius: 100,
    timezone: 'Europe/Moscow',
    terminal: 'Терминал в торговом зале',
  },
  ekb: {
    title: 'Склад в Екатеринбурге',
    address: 'Екатеринбург, ул. Монтажников, д. 4',
    city: 'Екатеринбург',
    latitude: 56.848573,
    longitude: 60.520683,
    radius: 300,
    timezone: 'Asia/Yekaterinburg',
    terminal: 'Терминал на проходной склада',
  },
  kazan: {
    title: 'Магазин в Казани',
    address: 'Казань, ул. Баумана, д. 44',
    city: 'Казань',
    latitude: 55.78969,
    longitude: 49.11689,
    radius: 100,
    timezone: 'Europe/Moscow',
    terminal: 'Терминал у служебного входа',
  },
};
/** Insertion order: ids ascend in it, and an employee's zone is that of the first branch by id. */
export const BRANCH_ORDER: BranchKey[] = ['office', 'spb', 'ekb', 'kazan'];

export type DepartmentKey =
  | 'admin'
  | 'sales'
  | 'logistics'
  | 'security'
  | 'it'
  | 'accounting'
  | 'hr'
  | 'retail'
  | 'online'
  | 'warehouse'
  | 'delivery';
export const DEPARTMENTS: Record<DepartmentKey, { title: string; parent?: DepartmentKey }> = {
  admin: { title: 'Администрация' },
  sales: { title: 'Продажи' },
  logistics: { title: 'Склад и логистика' },
  security: { title: 'Служба безопасности' },
  it: { title: 'ИТ-отдел' },
  accounting: { title: 'Бухгалтерия', parent: 'admin' },
  hr: { title: 'Отдел кадров', parent: 'admin' },
  retail: { title: 'Розница', parent: 'sales' },
  online: { title: 'Интернет-магазин', parent: 'sales' },
  warehouse: { title: 'Склад', parent: 'logistics' },
  delivery: { title: 'Доставка', parent: 'logistics' },
};

export const POSITIONS = [
  'Генеральный директор',
  'Руководитель отдела продаж',
  'Офис-менеджер',
  'Бухгалтер',
  'Специалист по кадрам',
  'Программист',
  'Оператор интернет-магазина',
  'Продавец-консультант',
  'Кассир',
  'Кладовщик',
  'Грузчик',
  'Водитель-экспедитор',
  'Охранник',
] as const;
export type PositionTitle = (typeof POSITIONS)[number];

export type ScheduleKey = 'fixed' | 'flex' | 'night' | 'crewA' | 'crewB' | 'day24';
const FLEX_DAY = {
  requiredMinutes: 480,
  coreStart: '11:00',
  coreEnd: '16:00',
  earliestStart: '07:00',
  latestEnd: '21:00',
  breakMinutes: 60,
};
export const SCHEDULES: Record<
  ScheduleKey,
  { title: string; color: string; definition: ScheduleDefinition }
> = {
  fixed: {
    title: 'Пятидневка 09:00–18:00',
    color: '#1677ff',
    definition: fixedWeek({ start: '09:00', end: '18:00', breakMinutes: 60 }),
  },
  flex: {
    title: 'Гибкий график (ядро 11:00–16:00)',
    color: '#13c2c2',
    definition: ScheduleDefinitionSchema.parse({
      type: 'FLEX',
      days: Array.from({ length: 7 }, (_, i) => ({ working: i < 5, ...FLEX_DAY })),
      followsProductionCalendar: true,
    }),
  },
  night: {
    title: 'Ночные смены 20:00–08:00',
    color: '#722ed1',
    definition: nightWeek({
      start: '20:00',
      end: '08:00',
      breakMinutes: 60,
      workingDays: [0, 1, 2, 3],
      followsProductionCalendar: false,
    }),
  },
  crewA: {
    title: '2/2 дневные, бригада 1',
    color: '#fa8c16',
    definition: cyclePreset('2/2', {
      anchorDate: '2025-01-01',
      start: '08:00',
      end: '20:00',
      breakMinutes: 60,
    }),
  },
  crewB: {
    title: '2/2 дневные, бригада 2',
    color: '#eb2f96',
    definition: cyclePreset('2/2', {
      anchorDate: '2025-01-03',
      start: '08:00',
      end: '20:00',
      breakMinutes: 60,
    }),
  },
  day24: {
    title: 'Сутки через трое',
    color: '#52c41a',
    definition: cyclePreset('1/3', { anchorDate: '2025-01-02' }),
  },
};

export type Slot = {
  department: DepartmentKey;
  position: PositionTitle;
  schedule: ScheduleKey;
  branches: BranchKey[];
};
export const slot = (
  department: DepartmentKey,
  position: PositionTitle,
  schedule: ScheduleKey,
  ...branchKeys: BranchKey[]
): Slot => ({ department, position, schedule, branches: branchKeys });

/**
 * The staff pattern, repeated: any 18 consecutive employees cover every department and every
 * schedule type, so even a small demo shows all of them.
 */
export const SLOTS: Slot[] = [
  slot('accounting', 'Бухгалтер', 'fixed', 'office'),
  slot('retail', 'Продавец-консультант', 'crewA', 'spb', 'kazan'),
  slot('it', 'Программист', 'flex', 'office'),
  slot('warehouse', 'Кладовщик', 'crewA', 'ekb'),
  slot('security', 'Охранник', 'night', 'office'),
  slot('retail', 'Кассир', 'crewB', 'kazan'),
  slot('hr', 'Специалист по кадрам', 'fixed', 'office'),
  slot('online', 'Оператор интернет-магазина', 'flex', 'office'),
  slot('retail', 'Продавец-консультант', 'crewB', 'spb', 'kazan'),
  slot('delivery', 'Водитель-экспедитор', 'fixed', 'ekb'),
  slot('warehouse', 'Грузчик', 'night', 'ekb'),
  slot('security', 'Охранник', 'day24', 'ekb'),
  slot('retail', 'Кассир', 'crewA', 'kazan'),
  slot('warehouse', 'Кладовщик', 'crewB', 'ekb'),
  slot('online', 'Оператор интернет-магазина', 'fixed', 'office'),
  slot('it', 'Программист', 'flex', 'office'),
  slot('delivery', 'Водитель-экспедитор', 'fixed', 'office'),
  slot('admin', 'Офис-менеджер', 'fixed', 'office'),
];

export const WEB_DEVICES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36 YaBrowser/24.6',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
];
export const TERMINAL_DEVICE = 'SmenaTerminal/1.4 (Android 11; FacePass Pro)';

export const LATE_COMMENTS = [
  'Пробки на дороге, выехал заранее, но не успел',
  'Задержался у врача, справку принесу',
  'Электричка опоздала на двадцать минут',
  'Отводил ребёнка в садик',
  'Сломался автобус, добирался на такси',
];
export const MISSED_COMMENTS = [
  'Не вышел на смену, на звонки не отвечал',
  'Был у врача весь день, справку принесу завтра',
  'Семейные обстоятельства, предупредил по телефону',
];
