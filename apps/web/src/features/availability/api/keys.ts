/** Query keys of availability marks: every mutation invalidates `availabilityKeys.all`. */
export const availabilityKeys = {
  all: ['availability'] as const,
  mine: (from: string, to: string) => [...availabilityKeys.all, 'mine', from, to] as const,
};
