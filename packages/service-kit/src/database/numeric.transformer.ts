import type { ValueTransformer } from 'typeorm';

// pg returns numeric as a string to keep precision; hours have one decimal, so a JS number is exact enough.
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
