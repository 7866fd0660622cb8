/**
 * Notification cards: four types with default titles, shown for 3000 ms,
 * at most 3 on screen (the rest wait their turn), 200 ms transitions, and an aria-live region
 * that holds at most 2 announcements. Framework-free so that it can be tested with fake timers.
 */
export type NotificationType = 'info' | 'success' | 'error' | 'warning';

export const DEFAULT_TITLES: Record<NotificationType, string> = {
  info: 'Инфо',
  success: 'Успех',
  error: 'Ошибка',
  warning: 'Внимание',
};

export const DISPLAY_MS = 3000;
export const MAX_VISIBLE = 3;
export const MAX_ANNOUNCEMENTS = 2;
export const TRANSITION_MS = 200;
export const STREAM_WIDTH = 360;

export type NotificationAction = { label: string; onClick: () => void };

export type NotificationInput = {
  type?: NotificationType;
  title?: string;
  message: string;
  /** Milliseconds on screen; `null` keeps the card until it is closed. */
  duration?: number | null;
  action?: NotificationAction;
};

export type AppNotification = {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  duration: number | null;
  action?: NotificationAction;
  /** Playing its 200 ms exit transition. */
  closing: boolean;
};

export type Announcement = { id: number; text: string };

export type NotificationState = {
  visible: AppNotification[];
  queued: AppNotification[];
  announcements: Announcement[];
};

type Timer = ReturnType<typeof setTimeout>;

export function createNotificationCenter() {
  let nextId = 1;
  let state: NotificationState = { visible: [], queued: [], announcements: [] };
  const listeners = new Set<() => void>();
  const timers = new Map<number, { timer: Timer | null; remaining: number; startedAt: number }>();
  let paused = false;

  function emit(next: NotificationState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function startTimer(item: AppNotification): void {
    if (item.duration === null) return;
    const entry = { timer: null as Timer | null, remaining: item.duration, startedAt: Date.now() };
    timers.set(item.id, entry);
    if (!paused) entry.timer = setTimeout(() => dismiss(item.id), entry.remaining);
  }

  function promote(visible: AppNotification[], queued: AppNotification[]) {
    const nextVisible = [...visible];
    const nextQueued = [...queued];
    while (nextVisible.length < MAX_VISIBLE && nextQueued.length > 0) {
      const item = nextQueued.shift();
      if (!item) break;
      nextVisible.push(item);
      startTimer(item);
    }
    return { visible: nextVisible, queued: nextQueued };
  }

  function announce(text: string): void {
    const announcement = { id: nextId++, text };
    // The live region keeps only the newest announcements: a burst is not read out in full.
    const announcements = [...state.announcements, announcement].slice(-MAX_ANNOUNCEMENTS);
    emit({ ...state, announcements });
    setTimeout(() => {
      emit({
        ...state,
        announcements: state.announcements.filter((a) => a.id !== announcement.id),
      });
    }, DISPLAY_MS);
  }

  function show(input: NotificationInput): number {
    const type = input.type ?? 'info';
    const title = input.title?.trim() || DEFAULT_TITLES[type];
    const duplicate = [...state.visible, ...state.queued].find(
      (item) =>
        !item.closing &&
        item.type === type &&
        item.title === title &&
        item.message === input.message,
    );
    if (duplicate) return duplicate.id;

    const item: AppNotification = {
      id: nextId++,
      type,
      title,
      message: input.message,
      duration: input.duration === undefined ? DISPLAY_MS : input.duration,
      action: input.action,
      closing: false,
    };
    const { visible, queued } = promote(state.visible, [...state.queued, item]);
    emit({ ...state, visible, queued });
    announce(`${title}. ${input.message}`);
    return item.id;
  }

  function dismiss(id: number): void {
    const entry = timers.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    timers.delete(id);

    if (state.queued.some((item) => item.id === id)) {
      emit({ ...state, queued: state.queued.filter((item) => item.id !== id) });
      return;
    }
    const target = state.visible.find((item) => item.id === id);
    if (!target || target.closing) return;
    emit({
      ...state,
      visible: state.visible.map((item) => (item.id === id ? { ...item, closing: true } : item)),
    });
    setTimeout(() => {
      const { visible, queued } = promote(
        state.visible.filter((item) => item.id !== id),
        state.queued,
      );
      emit({ ...state, visible, queued });
    }, TRANSITION_MS);
  }

  /** Hovering or focusing the stream stops the clocks, so that a card can be read to the end. */
  function pause(): void {
    if (paused) return;
    paused = true;
    const now = Date.now();
    for (const entry of timers.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.remaining = Math.max(0, entry.remaining - (now - entry.startedAt));
    }
  }

  function resume(): void {
    if (!paused) return;
    paused = false;
    const now = Date.now();
    for (const [id, entry] of timers) {
      entry.startedAt = now;
      entry.timer = setTimeout(() => dismiss(id), entry.remaining);
    }
  }

  function clear(): void {
    for (const entry of timers.values()) if (entry.timer) clearTimeout(entry.timer);
    timers.clear();
    emit({ visible: [], queued: [], announcements: [] });
  }

  return {
    show,
    dismiss,
    pause,
    resume,
    clear,
    getState: (): NotificationState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationCenter = ReturnType<typeof createNotificationCenter>;
