/** An amount in whole cents: money is compared and summed as integers, never as floating-point yuan. */
export const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
