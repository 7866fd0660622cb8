/** `GET /checks` as the web app sends it (the contract's input type leaves numbers `unknown`). */
export type ChecksQuery = {
  page?: number;
  limit?: number;
  from?: string;
  to?: string;
  employeeId?: number;
  branchId?: number;
  departmentId?: number;
  open?: 'true';
  late?: 'true';
  /** Any of these signals, separated by commas (decision 033). */
  signal?: string;
  /** With the attendance of the page's employees (lateness, early leave) in the same answer. */
  withAttendance?: 'true';
};

/** `GET /comments` as the web app sends it. */
export type CommentsQuery = {
  page?: number;
  limit?: number;
  from?: string;
  to?: string;
  employeeId?: number;
  unread?: 'true';
};

/** Whose plan: the caller's own (`me`) or an employee's (managers). */
export type PlanOwner = 'me' | number;

/** Attendance by date (`GET /attendance`, `GET /profile/attendance`) as the web app asks it. */
export type AttendanceQuery = {
  /** `me` on the employee's home; employee ids for managers. */
  owner: 'me' | readonly number[];
  from: string;
  to: string;
  dates: 'marked' | 'all';
};

/** Query keys of the checks feature: every check mutation invalidates `checksKeys.all`. */
export const checksKeys = {
  all: ['checks'] as const,
  list: (query: ChecksQuery) => [...checksKeys.all, 'list', query] as const,
  period: (query: ChecksQuery) => [...checksKeys.all, 'period', query] as const,
  open: () => [...checksKeys.all, 'open'] as const,
  openCount: () => [...checksKeys.all, 'open-count'] as const,
  history: (id: number) => [...checksKeys.all, 'history', id] as const,
  /** A check's kiosk photo (decision 034). */
  photo: (id: number, direction: 'IN' | 'OUT') =>
    [...checksKeys.all, 'photo', id, direction] as const,
  plan: (owner: PlanOwner, from: string, to: string) => ['plans', owner, from, to] as const,
  /** Under `all`: a check written changes the attendance of its date. */
  attendance: (query: AttendanceQuery) => [...checksKeys.all, 'attendance', query] as const,
  comments: (query: CommentsQuery) => ['comments', 'list', query] as const,
  commentsAll: ['comments'] as const,
  unreadCount: () => ['comments', 'unread-count'] as const,
};
