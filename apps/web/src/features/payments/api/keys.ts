/** Root of every payments query: paying, cancelling and marking paid invalidate it. */
export const paymentsQueryKey = ['payments'] as const;
